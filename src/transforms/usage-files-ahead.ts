import { existsSync, statSync } from 'node:fs';
import type { MessagePort, Worker } from 'node:worker_threads';
import {
  CLAIM_SLOTS,
  claimAt,
  claimFile,
  ENDED,
  FED,
  NEXT,
  POSTED,
  WINDOW_FULL,
} from '../usage/claim-file.js';
import { readFileUsage, type FileUsage } from '../usage/file-usage.js';
import type { UsageFormats } from '../usage/usage-formats.js';
import { unpackUsage, type PackedUsage } from '../usage/packed-usage.js';
import type { WholeFileLimits } from './spec.js';

/** What the worker is given (usage-worker.ts). */
export interface WorkerJob {
  readonly paths: readonly string[];
  /** 1 for an input either thread may read ahead of its turn (a regular file of 8 MiB or less). */
  readonly eligible: Uint8Array;
  readonly limits: WholeFileLimits;
  /** The claim counters (claim-file.ts). */
  readonly shared: SharedArrayBuffer;
  readonly window: number;
  /** Where the worker posts a `WorkerResult` per input it read (the main thread polls it). */
  readonly port: MessagePort;
}

/**
 * What the worker posts for each input it claimed and read: its usage, packed or (when it cannot
 * be) as it is; neither leaves the input to be read at its turn.
 */
export interface WorkerResult {
  readonly index: number;
  readonly packed?: PackedUsage;
  readonly parts?: FileUsage[];
}

/** Inputs read ahead of their turn at most: their usage is held until then (bounded memory). */
export const AHEAD_WINDOW = 32;

/** A larger file is read at its turn only, in parts (one read of `openFileSplit`'s chunk). */
const AHEAD_MAX_BYTES = 8 * 1024 * 1024;

export interface FilesAheadOptions {
  readonly formats: UsageFormats;
  readonly sample: number;
  /** The worker's module (usage-worker.js beside this module, in the build). */
  readonly workerUrl: URL;
  /**
   * The smallest total of files that can be read ahead for which the worker is started (it costs
   * ~35 ms to start, and both threads' JIT and GC cost more CPU than one thread's).
   */
  readonly minBytes: number;
}

/**
 * `usage`'s reader of a run's input files (the CLI's whole-file reader) on two threads, when asked
 * for (TXPIPE_USAGE_WORKER_MIN_BYTES; off by default, see docs/commands/usage.md): a worker
 * thread and the main thread claim the inputs in order (`claimFile`), each reading the files it
 * claims with `readFileUsage`, and the main thread hands each input's usage on at its turn, in
 * input order, so the report is the one a single thread makes. The main thread reads ahead only
 * while the input whose turn it is is still being read by the worker. At most `AHEAD_WINDOW`
 * inputs are read ahead of their turn. A file read ahead is a regular file of 8 MiB or less;
 * anything else (a larger file, a FIFO, standard input), and any file whose reading ahead failed
 * or found it must be streamed (gzip, not JSON Lines), is read at its turn exactly as without a
 * worker, so its errors and reports are the same. A file the worker holds is waited for about
 * three times as long as reading it takes, then read here too; a worker that fails leaves the
 * rest to the main thread.
 */
export class UsageFilesAhead {
  /** How many inputs the worker read (for tests). */
  fromWorker = 0;
  readonly #paths: readonly string[];
  readonly #eligible: Uint8Array;
  /** The size of each input read ahead (for how long the main thread waits for the worker). */
  readonly #sizes: Float64Array;
  readonly #limits: WholeFileLimits;
  readonly #o: FilesAheadOptions;
  readonly #shared: Int32Array;
  readonly #worker: Worker;
  /** What inputs read ahead gave, by index (undefined: read it at its turn). */
  readonly #done = new Map<number, FileUsage[] | undefined>();
  #fed = 0;
  #broken = false;
  readonly #port: MessagePort;
  readonly #receive: (port: MessagePort) => { message: unknown } | undefined;

  private constructor(
    paths: readonly string[],
    eligible: Uint8Array,
    sizes: Float64Array,
    limits: WholeFileLimits,
    o: FilesAheadOptions,
  ) {
    this.#paths = paths;
    this.#eligible = eligible;
    this.#sizes = sizes;
    this.#limits = limits;
    this.#o = o;
    const shared = new SharedArrayBuffer(CLAIM_SLOTS * Int32Array.BYTES_PER_ELEMENT);
    this.#shared = new Int32Array(shared);
    const { MessageChannel, Worker, receiveMessageOnPort } =
      process.getBuiltinModule('node:worker_threads');
    this.#receive = receiveMessageOnPort;
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    const job: WorkerJob = { paths, eligible, limits, shared, window: AHEAD_WINDOW, port: port2 };
    this.#worker = new Worker(o.workerUrl, {
      workerData: job,
      transferList: [port2],
      stdout: true,
      stderr: true,
    });
    this.#worker.unref(); // never keeps the process alive
    const stop = (): void => {
      this.#broken = true;
    };
    this.#worker.on('error', stop);
    this.#worker.on('exit', stop);
  }

  /**
   * A reader for `inputs`, or undefined when a worker would not pay (less than `minBytes` of
   * files to read ahead, fewer than two of them) or its module is missing (the sources run
   * unbuilt).
   */
  static start(
    inputs: readonly string[],
    limits: WholeFileLimits,
    o: FilesAheadOptions,
  ): UsageFilesAhead | undefined {
    if (inputs.length < 2 || !existsSync(o.workerUrl)) return undefined;
    const eligible = new Uint8Array(new SharedArrayBuffer(inputs.length));
    const sizes = new Float64Array(inputs.length);
    let bytes = 0;
    let files = 0;
    for (let i = 0; i < inputs.length; i++) {
      const size = regularSize(inputs[i]!);
      if (size === undefined || size > AHEAD_MAX_BYTES) continue;
      eligible[i] = 1;
      sizes[i] = size;
      bytes += size;
      files++;
    }
    if (files < 2 || bytes < o.minBytes) return undefined;
    return new UsageFilesAhead(inputs, eligible, sizes, limits, o);
  }

  /**
   * The usage of `path`, whose turn it is (inputs are asked for in order), as `readFileUsage`
   * gives it: parts read ahead, or the file read now.
   */
  async read(path: string): Promise<Iterable<FileUsage> | undefined> {
    let i = this.#fed;
    while (this.#paths[i] === '-' && path !== '-') i++; // standard input is not read here
    if (this.#paths[i] !== path) return this.#readNow(path); // not asked in order: read it here
    try {
      for (;;) {
        const posted = Atomics.load(this.#shared, POSTED);
        this.#take();
        if (this.#done.has(i)) {
          const parts = this.#done.get(i);
          this.#done.delete(i);
          return parts ?? this.#readNow(path);
        }
        // Claimed here at its turn (or nobody reads ahead what is not eligible): read it now.
        if (claimAt(this.#shared, i) || this.#eligible[i] !== 1 || this.#broken)
          return this.#readNow(path);
        // The worker has it: read another input ahead meanwhile, or wait for the worker a
        // while; a worker that is slow to give it (its thread waiting for a core on a busy
        // machine) is not waited for longer: the file is read here too (what the worker posts
        // for it later is dropped).
        if (!this.#readAhead() && !this.#waitFor(posted, patienceMs(this.#sizes[i]!)))
          return this.#readNow(path);
      }
    } finally {
      this.#fed = i + 1;
      Atomics.store(this.#shared, FED, i + 1);
      Atomics.notify(this.#shared, FED);
    }
  }

  /** How many inputs either thread has claimed so far (for tests: the worker claims first). */
  get claimed(): number {
    return Atomics.load(this.#shared, NEXT);
  }

  /** Stops the worker (once the last input is read, or the run stops early). */
  close(): void {
    this.#broken = true;
    // A worker waiting for room finds none left to claim, and stops.
    Atomics.store(this.#shared, NEXT, this.#paths.length);
    Atomics.store(this.#shared, FED, this.#paths.length);
    Atomics.notify(this.#shared, FED);
    void this.#worker.terminate();
  }

  #readNow(path: string): Iterable<FileUsage> | undefined {
    return readFileUsage(path, this.#options());
  }

  /** Claims and reads the next input ahead of its turn: false when none can be claimed now. */
  #readAhead(): boolean {
    const j = claimFile(this.#shared, this.#paths.length, AHEAD_WINDOW);
    if (j === WINDOW_FULL || j >= this.#paths.length) return false;
    if (this.#eligible[j] !== 1) return true; // read at its turn
    let parts: FileUsage[] | undefined;
    try {
      const got = readFileUsage(this.#paths[j]!, this.#options());
      parts = got === undefined ? undefined : [...got];
    } catch {
      parts = undefined; // read again at its turn, which reports the error as ever
    }
    this.#done.set(j, parts);
    return true;
  }

  #options(): Parameters<typeof readFileUsage>[1] {
    return { ...this.#limits, formats: this.#o.formats, sample: this.#o.sample };
  }

  /** Takes what the worker has posted (synchronously: the main thread is busy reading). */
  #take(): void {
    for (let m = this.#receive(this.#port); m !== undefined; m = this.#receive(this.#port)) {
      const r = m.message as WorkerResult;
      if (r.index < this.#fed) continue; // read here already, after the worker stopped
      const parts = r.packed !== undefined ? unpackUsage(r.packed) : r.parts;
      this.#done.set(r.index, parts);
      if (parts !== undefined) this.fromWorker++;
    }
  }

  /**
   * Waits until the worker posts more than `posted` results or stops (true), or `ms` pass (false).
   * The main thread blocks: it has nothing else to do meanwhile.
   */
  #waitFor(posted: number, ms: number): boolean {
    if (this.#broken || Atomics.load(this.#shared, ENDED) === 1) {
      this.#take();
      this.#broken = true; // what it claimed and did not post is read here at its turn
      return true;
    }
    return Atomics.wait(this.#shared, POSTED, posted, ms) !== 'timed-out';
  }
}

/**
 * How long the main thread waits for the worker to post a file of `bytes` before reading it too:
 * about three times what reading it takes on a free core (~300 MB/s), and 1 ms more.
 */
function patienceMs(bytes: number): number {
  return 1 + bytes / 100_000;
}

/** The size of a regular file, or undefined (not one, or it cannot be read now). */
function regularSize(path: string): number | undefined {
  if (path === '-') return undefined;
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}
