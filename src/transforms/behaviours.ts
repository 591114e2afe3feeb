import { awfTreeBehaviour } from './awf-tree.js';
import { catBehaviour } from './cat.js';
import { clipBehaviour, ready as clipReady } from './clip.js';
import { convertBehaviour } from './convert.js';
import { dedupUsageBehaviour, ready as dedupUsageReady } from './dedup-usage.js';
import { detectBehaviour } from './detect.js';
import { normalizeBehaviour } from './normalize.js';
import { redactBehaviour, ready as redactReady } from './redact.js';
import { replayBehaviour } from './replay.js';
import type { CommandBehaviour } from './spec.js';
import { usageBehaviour, ready as usageReady } from './usage.js';

// The facets these behaviours' stages use (their modules start loading them, without a top-level
// await of their own).
await Promise.all([clipReady, dedupUsageReady, redactReady, usageReady]);

/**
 * Every command's behaviour by name, loaded at once: for `chain()` and `txpipe run`, which build
 * several commands' stages synchronously. The CLI's single commands load theirs lazily through
 * `CommandSpec.load()`; this map is imported only by the modules that chain. One line a command.
 */
export const behaviours: ReadonlyMap<string, CommandBehaviour> = new Map([
  ['cat', catBehaviour],
  ['detect', detectBehaviour],
  ['convert', convertBehaviour],
  ['redact', redactBehaviour],
  ['clip', clipBehaviour],
  ['normalize', normalizeBehaviour],
  ['awf-tree', awfTreeBehaviour],
  ['dedup-usage', dedupUsageBehaviour],
  ['usage', usageBehaviour],
  ['replay', replayBehaviour],
]);
