import type { CommandSpec } from '../spec.js';
import { lineFilterOption } from './line-filter.js';

export const catCommand: CommandSpec = {
  name: 'cat',
  summary: 'Read tolerantly and write normalised JSON Lines (the plumbing of every command)',
  options: { lineFilter: lineFilterOption },
  output: 'records',
  load: async () => (await import('../cat.js')).catBehaviour,
};
