import type { Duplex, Readable, Writable } from 'node:stream';
import { chainToEnd } from './chain-to-end.js';

/**
 * Runs `streams` one into the next as `pipeline` from `node:stream/promises` does, resolving
 * once the last has finished, but a stage that fails does not take what was made before it with
 * it: the stages before it are stopped, the ones after it are ended, so every record it (and the
 * stages after it: `dedupUsage()`'s held replies, a writer's held lines) had handed on reaches
 * the last stream first. Then rejects with the first error. The CLI runs its stages this way.
 * A stage that fails must hand on what it made before failing; a native Transform whose
 * `_transform` calls back with an error does.
 */
export async function pipelineToEnd(
  ...streams: [Readable, ...(Duplex | Readable | Writable)[], Writable]
): Promise<void> {
  if (streams.length < 2) throw new TypeError('pipelineToEnd needs a source and a destination');
  const err = await chainToEnd(streams);
  if (err !== undefined) throw err;
}
