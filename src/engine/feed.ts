import type { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { inputError } from '../stream/input.js';
import { linesDefaults } from '../stream/lines.js';
import type { Rejection } from '../stream/rejection.js';
import type { WholeFileLimits, WholeFileReader } from '../transforms/spec.js';
import type { ReadLimits } from './read-limits.js';
import { sourceRecords } from './source-records.js';

/** Reads one whole input file into chunks for the stages, or gives undefined to stream it. */
export interface ReadWhole {
  read(source: string): Promise<Iterable<object> | undefined>;
  /** Ends what the reader keeps running, after the last input or when the run stops early. */
  close(): void;
}

/** What `feed` reads and where it reports. */
export interface Feed {
  readonly inputs: readonly string[];
  readonly read: ReadLimits;
  readonly reject: (r: Rejection) => void;
  /** For a text command that needs only some lines: strings one of which a line must hold. */
  readonly select?: readonly string[];
  readonly readWhole?: ReadWhole;
  /** The input being read, for a message about where the run stopped. */
  readonly position: { source?: string };
  /** What `-` reads (standard input when absent). */
  readonly stdin?: Readable;
}

/**
 * Feeds every input's records, one input after another, into `into`; ends it after the last.
 * The streaming path of a run (stages that are not all record logic, a text command).
 */
export async function feed(
  { inputs, read, reject, select, readWhole, position, stdin }: Feed,
  into: PassThrough,
): Promise<void> {
  const breathe = breather();
  try {
    for (const source of inputs) {
      // A stage failed or a signal came: the run is ending (`position` keeps the input it was in).
      if (into.destroyed) return;
      position.source = source;
      if (readWhole !== undefined && source !== '-') {
        let chunks: Iterable<object> | undefined;
        try {
          chunks = await readWhole.read(source);
          // A large file's later chunks are read as the stages take the earlier ones.
          for (const chunk of chunks ?? []) {
            await breathe();
            if (into.destroyed) break; // a stage failed or a signal came: the run is ending
            await write(into, chunk);
          }
        } catch (err) {
          throw inputError(err, source);
        }
        if (chunks !== undefined) continue;
      }
      // The writer applies onInvalid, after every stage has seen the line.
      const how = { ...read, onInvalid: 'pass' as const, select, stdin, reject };
      const recs = await sourceRecords(source, how);
      // A run that ends early (a stage failed, a signal) stops the reading too.
      const stop = (): void => void recs.destroy();
      into.once('close', stop);
      recs.pipe(into, { end: false });
      try {
        await finished(recs);
      } finally {
        into.off('close', stop);
      }
    }
  } finally {
    readWhole?.close();
  }
  position.source = undefined;
  into.end();
}

/**
 * The command's own reader of whole files (`CommandBehaviour.readFile`), given the limits the
 * read options set. Undefined when every input is streamed: the command has none, or the
 * framing is not JSON Lines.
 */
export function wholeFileReading(
  read: ReadLimits,
  own: WholeFileReader | undefined,
): ReadWhole | undefined {
  if (own === undefined || (read.framing !== 'auto' && read.framing !== 'jsonl')) return undefined;
  const limits: WholeFileLimits = {
    framing: read.framing,
    maxLineBytes: read.maxLineBytes ?? linesDefaults.maxLineBytes,
  };
  return { read: (source) => own(source, limits), close: () => own.close?.() };
}

/** How long whole files are read without a turn of the event loop at most (ms). */
const BREATH_MS = 20;

/**
 * A function to await between whole files' chunks: now and then (every `BREATH_MS`) it lets the
 * event loop turn. Whole files are read synchronously and their chunks taken by the stages
 * without waiting on any I/O: without it a signal's handler would run only once every input is
 * read (a run that cannot be stopped, then ends as if no signal came).
 */
function breather(): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < BREATH_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

/** Writes one chunk, with backpressure. */
async function write(into: PassThrough, chunk: object): Promise<void> {
  if (into.destroyed || into.write(chunk)) return;
  await new Promise((resolve) => {
    into.once('drain', resolve);
    into.once('close', resolve);
  });
}
