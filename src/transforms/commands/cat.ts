import type { CommandSpec } from '../spec.js';

export const catCommand: CommandSpec = {
  name: 'cat',
  summary: 'Read tolerantly and write normalised JSON Lines (the plumbing of every command)',
  options: {},
  output: 'records',
  load: async () => (await import('../cat.js')).catBehaviour,
};
