import { formatIds } from '../../formats/registry.js';
import type { CommandSpec } from '../spec.js';

/** Defaults of `replay` (the stage and the command). */
export const replayDefaults = Object.freeze({ holdLimit: 10_000 });

export const replayCommand: CommandSpec = {
  name: 'replay',
  summary:
    'Rebuild the messages the provider saw, one record per session, from any format txpipe reads (rupu v2 by its own rules)',
  options: {
    from: {
      type: 'string',
      describe: `Input format (${formatIds.join(', ')}); detected per input when not given`,
    },
  },
  output: 'records',
  load: async () => {
    const m = await import('../replay.js');
    await m.ready;
    return m.replayBehaviour;
  },
};
