import type { CommandSpec } from '../spec.js';

/** Defaults of `detect` (the stage and the command). */
export const detectDefaults: {
  readonly lines: boolean;
  readonly sample: number;
  readonly inputs: readonly string[];
} = { lines: false, sample: 200, inputs: [] };

export const detectCommand: CommandSpec = {
  name: 'detect',
  summary: 'Say which format each input (or, with --lines, each line) is in',
  options: {
    lines: { type: 'boolean', describe: 'Report the format of every line', default: false },
    sample: {
      type: 'number',
      describe: 'Records of each input to look at',
      default: detectDefaults.sample,
    },
  },
  output: 'text',
  load: async () => (await import('../detect.js')).detectBehaviour,
};
