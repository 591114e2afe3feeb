import type { CommandSpec } from '../spec.js';

/** Defaults of `replay` (the stage and the command). */
export const replayDefaults = Object.freeze({ holdLimit: 10_000 });

export const replayCommand: CommandSpec = {
  name: 'replay',
  summary: 'Rebuild the messages the provider saw (rupu v2, Claude Code), one record per session',
  options: {
    from: { type: 'string', describe: 'Input format; detected per input when not given' },
  },
  output: 'records',
  load: async () => (await import('../replay.js')).replayBehaviour,
};
