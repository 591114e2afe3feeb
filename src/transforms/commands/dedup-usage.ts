import { KEEP_POLICIES, type KeepPolicy } from '../../usage/keep-policy.js';
import { sizeOption } from './size-option.js';
import type { CommandSpec } from '../spec.js';

/** Defaults of `dedup-usage` (the stage and the command). */
export const dedupUsageDefaults = Object.freeze({
  keep: 'last' as KeepPolicy,
  maxSeenKeys: 1_000_000,
  maxHeldRecords: 10_000,
  maxHeldBytes: 64 * 1024 * 1024,
  progressUsage: 'strip' as 'strip' | 'keep',
});

export const dedupUsageCommand: CommandSpec = {
  name: 'dedup-usage',
  summary: "Keep one usage per reply (Claude Code repeats it on the reply's entries)",
  options: {
    keep: {
      type: 'string',
      choices: KEEP_POLICIES,
      default: dedupUsageDefaults.keep,
      describe: "Which of a reply's usage reports is kept",
    },
    maxSeenKeys: {
      type: 'number',
      default: dedupUsageDefaults.maxSeenKeys,
      describe: 'Reply keys remembered to strip copies (LRU bound)',
    },
    maxHeldRecords: {
      type: 'number',
      default: dedupUsageDefaults.maxHeldRecords,
      describe: 'Records held while a reply is open',
    },
    maxHeldBytes: {
      type: 'string',
      default: dedupUsageDefaults.maxHeldBytes,
      describe: 'Bytes held while a reply is open, a size (8192, 64KiB, 1MiB)',
      coerce: sizeOption('--max-held-bytes'),
    },
    progressUsage: {
      type: 'string',
      choices: ['strip', 'keep'],
      default: dedupUsageDefaults.progressUsage,
      describe: "agent_progress lines' copy of subagent usage",
    },
  },
  output: 'records',
  load: async () => {
    const m = await import('../dedup-usage.js');
    await m.ready;
    return m.dedupUsageBehaviour;
  },
};
