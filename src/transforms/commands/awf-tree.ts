import type { CommandSpec } from '../spec.js';

/** Defaults of `awf-tree` (the stage, `readAwfTree` and the command). */
export const awfTreeDefaults = { maxRuns: 100_000 } as const;

export const awfTreeCommand: CommandSpec = {
  name: 'awf-tree',
  summary: 'Assemble AWF parent and sub-workflow runs (child_run_id / parent_run_id) into trees',
  options: {
    maxRuns: {
      type: 'number',
      describe: 'Most runs held',
      default: awfTreeDefaults.maxRuns,
    },
  },
  output: 'records',
  load: async () => (await import('../awf-tree.js')).awfTreeBehaviour,
};
