import { normalizerIds } from '../../formats/awf/normalizers/registry.js';
import type { CommandSpec } from '../spec.js';

/** Defaults of `normalize` (the stage and the command). */
export const normalizeDefaults = { array: false, maxBlocks: 1_000_000 } as const;

export const normalizeCommand: CommandSpec = {
  name: 'normalize',
  summary:
    "Turn an agent's output (Claude, Codex, Copilot, Gemini, OpenAI-compatible) into AWF content blocks",
  options: {
    agent: {
      type: 'string',
      // No `choices`: the factory checks the name, so AWF's names (aliases) are accepted too.
      describe: `Required: the agent that wrote the input, one of ${normalizerIds.join(', ')} (or AWF's names for them)`,
    },
    array: {
      type: 'boolean',
      describe: 'Write one pretty-printed JSON array (AWF golden layout) instead of JSON Lines',
      default: normalizeDefaults.array,
    },
    maxBlocks: {
      type: 'number',
      describe: 'Most blocks held for --array',
      default: normalizeDefaults.maxBlocks,
    },
  },
  output: 'records',
  load: async () => (await import('../normalize.js')).normalizeBehaviour,
};
