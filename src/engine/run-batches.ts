import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { BatchStages, type StageLogic } from '../stream/batch-logic.js';
import { encodeBatch, type ReadBatch } from '../stream/batch-write.js';
import { inputError } from '../stream/input.js';
import { linesDefaults } from '../stream/lines.js';
import type { LineJudge } from '../stream/line-judge.js';
import type { Rec } from '../stream/rec.js';
import type { Rejection } from '../stream/rejection.js';
import { openFileSplit } from '../stream/split-file-sync.js';
import { JudgeAhead } from '../stream/judge-ahead.js';
import { sourceRecords } from './source-records.js';
import { Interrupted } from './interrupted.js';
import type { ReadLimits } from './read-limits.js';

/** Bytes of a file read (and records handed through the stages) at a time. */
const FILE_BATCH_BYTES = 64 * 1024;

/**
 * Once the files a run has opened add up to this many bytes, the first stage's per-line verdicts
 * (redact's prescan) are judged ahead on a worker thread (`JudgeAhead`) for each file of at least
 * JUDGE_AHEAD_MIN_FILE_BYTES: a large file, or a tree of many sessions. Below, starting the thread
 * costs more than it saves; in a smaller file the main thread is through before the worker is
 * ahead of it.
 */
const JUDGE_AHEAD_MIN_BYTES = 8 * 1024 * 1024;
const JUDGE_AHEAD_MIN_FILE_BYTES = 256 * 1024;

/** Records taken from a stream before they go through the stages together. */
const STREAM_BATCH_RECORDS = 1024;

export interface BatchRun {
  readonly inputs: readonly string[];
  readonly read: ReadLimits;
  /** The logic of every stage (all built by `recordTransform`), in order. */
  readonly logic: readonly StageLogic[];
  readonly reject: (r: Rejection) => void;
  readonly out: Writable;
  readonly stdin?: Readable;
  /** True once the run is to stop (a signal): the next batch is not written. */
  readonly stopped?: () => boolean;
  /** Aborted when the run is to stop: a stream being read (standard input) is let go at once. */
  readonly signal?: AbortSignal;
  /** The input being read, for a message about where the run stopped. */
  readonly position?: { source?: string };
  /** Called for every record read (progress). */
  readonly onRecord?: (rec: Rec) => void;
  /** Bytes of a file read at a time (FILE_BATCH_BYTES; tests make it small). */
  readonly chunkBytes?: number;
  /** JUDGE_AHEAD_MIN_BYTES and JUDGE_AHEAD_MIN_FILE_BYTES both (tests make it 0). */
  readonly judgeAheadMinBytes?: number;
}

/**
 * Runs a records command whose stages are all record logic, in batches: a plain JSON Lines file
 * is read 64 KiB at a time (`openFileSplit`, the same records as `readRecords`), the next chunk
 * on the thread pool while one is split and written (`stepAhead`),
 * standard input, gzip and other framings are read by `readRecords`; each batch goes through
 * every stage's logic at once and is written as one buffer. The records, rejections and errors
 * are those of the stages' Transforms piped one record at a time, without a stream hop per
 * record per stage.
 */
export async function runBatches(run: BatchRun): Promise<void> {
  try {
    await runStages(run);
  } finally {
    // What a stage holds outside the heap (run-record's file) goes, whether the run failed or not.
    for (const l of run.logic) l.close?.();
  }
}

async function runStages(run: BatchRun): Promise<void> {
  const { read, reject } = run;
  const stages = new BatchStages(run.logic, reject);
  const out = new Output(run.out);
  const emit = async (recs: readonly Rec[], batch?: ReadBatch): Promise<void> => {
    if (run.stopped?.()) throw new Interrupted();
    if (run.onRecord) for (const r of recs) run.onRecord(r);
    // A stage that fails leaves what was made before it in `made`: written, then the failure.
    const made: Rec[] = [];
    let failed: { err: unknown } | undefined;
    try {
      stages.run(recs, made);
    } catch (err) {
      failed = { err };
    }
    const { chunks, error } = encodeBatch(made, read.onInvalid, reject, batch);
    for (const bytes of chunks) await out.write(bytes);
    if (error) throw error;
    if (failed) throw failed.err;
  };
  const ahead = new FirstStageJudge(run);
  try {
    for (const source of run.inputs) {
      if (run.position) run.position.source = source;
      if (source !== '-' && (await readFileBatches(source, run, emit, ahead))) continue;
      // The writer applies onInvalid, after every stage has seen the line.
      const how = { ...read, onInvalid: 'pass' as const, stdin: run.stdin, reject };
      const recs = await sourceRecords(source, how);
      // A stop while the stream has nothing to give (standard input idle) ends the wait.
      const stop = (): void => void recs.destroy(new Interrupted());
      run.signal?.addEventListener('abort', stop, { once: true });
      try {
        for await (const batch of streamBatches(recs)) await emit(batch);
      } finally {
        run.signal?.removeEventListener('abort', stop);
      }
    }
  } finally {
    await ahead.close();
  }
  if (run.position) run.position.source = undefined;
  // Written a chunk at a time as the flushes make them (a held record goes once written); a
  // signal stops them as it stops reading (leaving the loop ends the flushes' generators).
  for (const recs of stages.endChunks()) {
    if (run.stopped?.()) throw new Interrupted();
    const { chunks, error } = encodeBatch(recs, read.onInvalid, reject);
    for (const bytes of chunks) await out.write(bytes);
    if (error) throw error;
  }
  await out.end();
}

/**
 * Reads a plain JSON Lines file synchronously in batches into `emit`; false (nothing read) when
 * the file is for `readRecords` (not a regular file, gzip, another framing).
 */
async function readFileBatches(
  source: string,
  { read: limits, reject, chunkBytes = FILE_BATCH_BYTES }: BatchRun,
  emit: (recs: readonly Rec[], read: ReadBatch) => Promise<void>,
  ahead: FirstStageJudge,
): Promise<boolean> {
  const { framing } = limits;
  if (framing !== 'auto' && framing !== 'jsonl') return false;
  const maxLineBytes = limits.maxLineBytes ?? linesDefaults.maxLineBytes;
  let recs: Rec[] = [];
  let start: number[] = [];
  let end: number[] = [];
  let file;
  try {
    file = openFileSplit(
      source,
      {
        source,
        maxLineBytes,
        framing,
        chunkBytes,
      },
      {
        record(rec, _narrow, s, e) {
          recs.push(rec);
          start.push(s ?? -1);
          end.push(e ?? -1);
        },
      },
    );
  } catch (err) {
    throw inputError(err, source);
  }
  if (file === undefined) return false;
  const judged = ahead.forFile(file.size, maxLineBytes);
  if (judged) file.watchParts((part) => judged.feed(part));
  try {
    for (let more = true; more;) {
      try {
        more = await file.stepAhead();
      } catch (err) {
        throw inputError(err, source);
      }
      for (const r of file.takeTooLong()) reject(r);
      if (recs.length === 0) continue;
      if (judged) ahead.adopt(recs, judged);
      const read: ReadBatch = { recs, buf: file.chunk, start, end };
      recs = [];
      start = [];
      end = [];
      // Written before the next step reads into the chunk's buffer again.
      await emit(read.recs, read);
    }
  } finally {
    await file.closeAhead();
  }
  return true;
}

/**
 * The worker judging the first stage's lines ahead (`JudgeAhead`), started for the first file
 * large enough, kept for the run's other files, stopped at its end.
 */
class FirstStageJudge {
  readonly #judge: LineJudge | undefined;
  readonly #minBytes: number;
  readonly #minFileBytes: number;
  /** The bytes of the files opened so far. */
  #opened = 0;
  #worker: JudgeAhead | undefined;
  #tried = false;

  constructor(run: BatchRun) {
    this.#judge = run.logic[0]?.judge;
    this.#minBytes = run.judgeAheadMinBytes ?? JUDGE_AHEAD_MIN_BYTES;
    this.#minFileBytes = run.judgeAheadMinBytes ?? JUDGE_AHEAD_MIN_FILE_BYTES;
  }

  /** The worker, ready for a file of `size` bytes, or undefined when the file is not judged ahead. */
  forFile(size: number, maxLineBytes: number): JudgeAhead | undefined {
    this.#opened += size;
    if (this.#judge === undefined || size < this.#minFileBytes || this.#opened < this.#minBytes)
      return undefined;
    if (!this.#tried) {
      this.#tried = true;
      this.#worker = JudgeAhead.start(this.#judge);
    }
    this.#worker?.startFile(maxLineBytes);
    return this.#worker;
  }

  /** Gives the first stage the verdicts the worker has on `recs` (in line order). */
  adopt(recs: readonly Rec[], worker: JudgeAhead): void {
    const judge = this.#judge as LineJudge;
    for (let i = 0; i < recs.length; i++) {
      const rec = recs[i] as Rec;
      const v = worker.verdict(rec.line, rec.raw.length);
      if (v >= 0) judge.adopt(rec, v);
    }
  }

  async close(): Promise<void> {
    await this.#worker?.close();
  }
}

/**
 * The records of a stream in arrays: what has arrived, up to STREAM_BATCH_RECORDS at a time.
 * When the stream fails, the records it gave before the error are yielded first.
 */
async function* streamBatches(recs: Readable): AsyncGenerator<Rec[]> {
  let batch: Rec[] = [];
  let failure: unknown;
  try {
    for await (const rec of recs) {
      batch.push(rec as Rec);
      if (batch.length >= STREAM_BATCH_RECORDS || recs.readableLength === 0) {
        yield batch;
        batch = [];
      }
    }
  } catch (err) {
    failure = err;
  }
  if (batch.length > 0) yield batch;
  if (failure !== undefined) throw failure;
}

/** The output stream, written a buffer at a time with backpressure; its errors are thrown. */
class Output {
  #error: Error | undefined;
  readonly #stream: Writable;

  constructor(stream: Writable) {
    this.#stream = stream;
    stream.on('error', (err: Error) => {
      this.#error ??= err;
    });
  }

  async write(bytes: Buffer): Promise<void> {
    const s = this.#stream;
    if (this.#error) throw this.#error;
    if (!s.write(bytes)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          s.off('drain', done).off('close', done).off('error', done);
          resolve();
        };
        s.on('drain', done).on('close', done).on('error', done);
      });
    }
    if (this.#error) throw this.#error;
  }

  /** Ends a file output and waits until it is written; standard output is left open. */
  async end(): Promise<void> {
    const s = this.#stream;
    if (this.#error) throw this.#error;
    if (s === process.stdout) return;
    s.end();
    await finished(s);
  }
}
