import { awfTreeBehaviour } from './awf-tree.js';
import { catBehaviour } from './cat.js';
import { clipBehaviour, ready as clipReady } from './clip.js';
import { convertBehaviour, ready as convertReady } from './convert.js';
import { dedupUsageBehaviour, ready as dedupUsageReady } from './dedup-usage.js';
import { detectBehaviour } from './detect.js';
import { normalizeBehaviour } from './normalize.js';
import { redactBehaviour, ready as redactReady } from './redact.js';
import { replayBehaviour, ready as replayReady } from './replay.js';
import type { CommandBehaviour } from './spec.js';
import { usageBehaviour, ready as usageReady } from './usage.js';

/**
 * Resolves once the facets these behaviours' stages use are loaded (their modules start loading
 * them): what `txpipe run` awaits before building its stages, so they run at once. Not a top-level
 * await, so CommonJS can `require()` the package: a stage built before waits before its first record.
 */
export const ready: Promise<void> = Promise.all([
  clipReady,
  convertReady,
  dedupUsageReady,
  redactReady,
  replayReady,
  usageReady,
]).then(() => undefined);

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
