// The worker thread of `UsageFilesAhead` (usage-files-ahead.ts): claims input files in turn with
// the main thread and posts each one's usage, read by the same `readFileUsage` the main thread
// runs. Built to dist/bin/usage-worker.js (beside the CLI's builds) and dist/src/transforms/.
import { workerData } from 'node:worker_threads';
import { claimFile, ENDED, FED, POSTED, WINDOW_FULL } from '../usage/claim-file.js';
import { readFileUsage, type FileUsage } from '../usage/file-usage.js';
import { packUsage } from '../usage/packed-usage.js';
import { usageDefaults } from './commands/usage.js';
import { ready, usageFormats } from './usage-formats.js';
import type { WorkerJob, WorkerResult } from './usage-files-ahead.js';

const job = workerData as WorkerJob;
const shared = new Int32Array(job.shared);
const count = job.paths.length;

// The formats' usage facets load first (the build is CommonJS: no top-level await).
void ready.then(serve, () => {
  Atomics.store(shared, ENDED, 1);
  Atomics.notify(shared, POSTED);
});

/** Claims files in turn with the main thread until none is left, posting each one's usage. */
function serve(): void {
  try {
    const formats = usageFormats();
    for (;;) {
      const fed = Atomics.load(shared, FED);
      const index = claimFile(shared, count, job.window);
      if (index >= count) break;
      if (index === WINDOW_FULL) {
        Atomics.wait(shared, FED, fed); // until the main thread hands an input on
        continue;
      }
      if (job.eligible[index] !== 1) continue; // the main thread reads it at its turn
      const parts = usageOf(job.paths[index]!, formats);
      const packed = parts && packUsage(parts);
      if (packed !== undefined) {
        const { ends, refs, tokens, copies } = packed;
        const moved = [ends.buffer, refs.buffer, tokens.buffer, copies.buffer] as ArrayBuffer[];
        job.port.postMessage({ index, packed } satisfies WorkerResult, moved);
      } else job.port.postMessage({ index, parts } satisfies WorkerResult);
      Atomics.add(shared, POSTED, 1);
      Atomics.notify(shared, POSTED);
    }
  } finally {
    Atomics.store(shared, ENDED, 1);
    Atomics.notify(shared, POSTED);
  }
}

/**
 * The file's usage parts, or undefined when the main thread must read it at its turn (to stream
 * it, or to report why it cannot be read exactly as a run without a worker does).
 */
function usageOf(path: string, formats: ReturnType<typeof usageFormats>): FileUsage[] | undefined {
  try {
    const parts = readFileUsage(path, { ...job.limits, formats, sample: usageDefaults.sample });
    return parts === undefined ? undefined : [...parts];
  } catch {
    return undefined;
  }
}
