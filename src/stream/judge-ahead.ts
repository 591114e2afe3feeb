import type { Worker } from 'node:worker_threads';
import { readVerdict, ringMemory } from './judge-ring.js';
import type { JudgePart, JudgeWorkerData, LineJudge } from './line-judge.js';
import { workersAllowed } from './workers-allowed.js';

/** Parts handed to the worker and not split yet, past which the rest of a file is not handed. */
const MAX_BACKLOG_PARTS = 8;

/**
 * Lines longer than this are left to the stage: the worker would hold a second copy of each
 * (its bytes and its text) while the main thread holds the first.
 */
const MAX_JUDGED_LINE_BYTES = 4 * 1024 * 1024;

/**
 * A file whose first SAMPLE_BYTES hold lines shorter than MIN_MEAN_LINE_BYTES on average (more
 * than SAMPLE_LINES line ends) is left to the stage: the prescan of a short line costs about what
 * handing its verdict over does (30 MB of 100-byte lines took longer with the worker than without;
 * of 300-byte lines, less).
 */
const SAMPLE_BYTES = 64 * 1024;
const MIN_MEAN_LINE_BYTES = 256;
const SAMPLE_LINES = SAMPLE_BYTES / MIN_MEAN_LINE_BYTES;

/** A buffer shared with the worker that parts are copied into (`busy` says who has it). */
interface Slot {
  sab: SharedArrayBuffer;
  view: Buffer;
}

type WorkerThreads = typeof import('node:worker_threads');

/**
 * The main thread's side of a judging worker (line-judge.ts): hands it each part of a file as it
 * is read, and answers, per record, the verdict the worker wrote for that line in the shared ring
 * (judge-ring.ts: by file, line number and the text's length), or -1 when it has none (not judged
 * yet, or the worker failed): the stage then judges the line itself, and the worker skips it.
 * Nothing here waits for the worker. Parts are copied into MAX_BACKLOG_PARTS buffers shared with
 * the worker, each held until the worker has split it (no buffer is made, handed over or
 * collected per part): with none free (a busy machine), the rest of the file is judged on the
 * main thread.
 */
export class JudgeAhead {
  readonly #worker: Worker;
  readonly #port: import('node:worker_threads').MessagePort;
  readonly #passed: Int32Array;
  readonly #ring: Int32Array;
  #gen = 0;
  #maxLineBytes = 0;
  #feeding = false;
  #failed = false;
  /** Bytes and line ends of the current file's first SAMPLE_BYTES counted so far. */
  #sampled = 0;
  #sampleLines = 0;
  /** The current file is left to the stage (its lines are short). */
  #skipped = false;
  readonly #slots: Slot[] = [];
  /** Per slot: 1 while the worker has it (set here when handed over, cleared by the worker). */
  readonly #busy: Int32Array;

  private constructor(judge: LineJudge, wt: WorkerThreads) {
    const { port1, port2 } = new wt.MessageChannel();
    const passed = new SharedArrayBuffer(8);
    const busy = new SharedArrayBuffer(4 * MAX_BACKLOG_PARTS);
    const verdicts = ringMemory();
    const workerData: JudgeWorkerData = { port: port2, verdicts, passed, busy, data: judge.data };
    this.#worker = new wt.Worker(judge.worker, { workerData, transferList: [port2] });
    this.#worker.on('error', () => {
      this.#failed = true;
    });
    this.#worker.unref();
    port1.unref();
    this.#port = port1;
    this.#passed = new Int32Array(passed);
    this.#busy = new Int32Array(busy);
    this.#ring = new Int32Array(verdicts);
  }

  /**
   * A worker for `judge`, or undefined where a second thread cannot pay (one CPU) or is not
   * wanted (TXPIPE_WORKERS=0).
   */
  static start(judge: LineJudge): JudgeAhead | undefined {
    const os = process.getBuiltinModule('node:os') as typeof import('node:os');
    if (!workersAllowed() || os.availableParallelism() < 2) return undefined;
    const wt = process.getBuiltinModule('node:worker_threads') as WorkerThreads;
    try {
      return new JudgeAhead(judge, wt);
    } catch {
      return undefined;
    }
  }

  /** A new file: its lines are numbered from 1 again. */
  startFile(maxLineBytes: number): void {
    this.#gen++;
    this.#maxLineBytes = Math.min(maxLineBytes, MAX_JUDGED_LINE_BYTES);
    this.#feeding = !this.#failed;
    this.#sampled = this.#sampleLines = 0;
    this.#skipped = false;
    Atomics.store(this.#passed, 0, 0);
    Atomics.store(this.#passed, 1, this.#gen);
  }

  /** The next part of the file (copied: the buffer is read into again). */
  feed(part: Buffer): void {
    if (!this.#feeding) return;
    if (this.#sampled < SAMPLE_BYTES) {
      const sample = part.subarray(0, SAMPLE_BYTES - this.#sampled);
      this.#sampled += sample.length;
      this.#sampleLines += lineEnds(sample, SAMPLE_LINES + 1 - this.#sampleLines);
      if (this.#sampleLines > SAMPLE_LINES) {
        this.#feeding = false;
        this.#skipped = true;
        return;
      }
    }
    const i = this.#freeSlot();
    if (this.#failed || i < 0) {
      this.#feeding = false;
      return;
    }
    let slot = this.#slots[i];
    if (slot === undefined || slot.view.length < part.length) {
      const sab = new SharedArrayBuffer(Math.max(part.length, slot?.view.length ?? 0));
      slot = this.#slots[i] = { sab, view: Buffer.from(sab) };
    }
    part.copy(slot.view);
    Atomics.store(this.#busy, i, 1);
    const msg: JudgePart = {
      gen: this.#gen,
      maxLineBytes: this.#maxLineBytes,
      slot: i,
      sab: slot.sab,
      length: part.length,
    };
    this.#port.postMessage(msg);
  }

  /** A slot the worker does not have, or -1. */
  #freeSlot(): number {
    for (let i = 0; i < MAX_BACKLOG_PARTS; i++) if (Atomics.load(this.#busy, i) === 0) return i;
    return -1;
  }

  /**
   * The worker's verdict on line `line` of the current file, whose text is `length` characters
   * long, or -1: then the stage judges the line, and the worker skips it (and the lines before).
   * Asked in line order: the line is passed either way, so a worker a ring's length ahead goes on.
   */
  verdict(line: number, length: number): number {
    if (this.#skipped) return -1;
    const v = readVerdict(this.#ring, this.#gen, line, length);
    if (line <= 0x7fffffff) Atomics.store(this.#passed, 0, line);
    return v;
  }

  /** Stops the worker. */
  async close(): Promise<void> {
    await this.#worker.terminate();
  }
}

/** The line ends (LF) in `buf`, counted up to `most`. */
function lineEnds(buf: Buffer, most: number): number {
  let n = 0;
  for (let at = buf.indexOf(10); at !== -1 && n < most; at = buf.indexOf(10, at + 1)) n++;
  return n;
}
