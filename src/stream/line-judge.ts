import type { MessagePort } from 'node:worker_threads';
import type { Rec } from './rec.js';

/**
 * A stage whose per-line verdict (a pure function of the raw line, an integer of 0 or more) can be
 * computed on another thread, ahead of the stage: redact's prescan. The CLI's batch path hands
 * the worker each part of a large file as it is read (`judge-ahead.ts`), and gives the stage the
 * verdict of each line the worker judged before the stage sees the record (`adopt`); a line the
 * worker has not judged yet is judged by the stage itself, as without a worker.
 */
export interface LineJudge {
  /** The worker's module: it calls `serveLineJudge` (judge-worker.ts) with its judging function. */
  readonly worker: URL;
  /** What the worker's module needs to build the same function (structured-clonable). */
  readonly data: unknown;
  /** Takes the worker's verdict on `rec.raw`; called before the stage's logic sees `rec`. */
  adopt(rec: Rec, verdict: number): void;
}

/** What a judging worker is given (`workerData`). */
export interface JudgeWorkerData {
  /** Where parts come in (JudgePart). */
  readonly port: MessagePort;
  /** Where verdicts go out: a ring (judge-ring.ts). */
  readonly verdicts: SharedArrayBuffer;
  /**
   * Int32 slot 0: the last line the stage has passed (taken a verdict for, or judged itself);
   * slot 1: the file (`gen`) that line is in. The worker skips the lines up to it, and waits
   * before it would run a ring's length ahead of it.
   */
  readonly passed: SharedArrayBuffer;
  /** Int32 per part buffer: 1 while the worker has it; the worker sets 0 once it is split. */
  readonly busy: SharedArrayBuffer;
  /** The judge's own `data`. */
  readonly data: unknown;
}

/** The next part of a file (`gen` counts files), in order: `length` bytes in buffer `slot`. */
export interface JudgePart {
  readonly gen: number;
  readonly maxLineBytes: number;
  readonly slot: number;
  readonly sab: SharedArrayBuffer;
  readonly length: number;
}
