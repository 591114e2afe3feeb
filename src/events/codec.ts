import type { Rec } from '../stream/rec.js';
import type { Event } from './event.js';

/** Options every decoder takes; a format's reader may accept more. */
export interface DecodeOptions {
  readonly [option: string]: unknown;
  /**
   * Where a reader reports a problem of the stream as a whole, for a line (auto-swe: a stream
   * without its `eof` line); `convert` rejects that line (reason `format`), so `--strict` fails.
   */
  readonly report?: (line: number, message: string) => void;
}

/** Options every encoder takes; a format's writer may accept more. */
export interface EncodeOptions {
  readonly [option: string]: unknown;
}

/** Native records to canonical events. Stateful: one decoder reads one input stream. */
export interface Decoder {
  /** Events for one native record (none is fine: state may be held until later records). */
  decode(rec: Rec): readonly Event[];
  /** Events held until the end of input. */
  end(): readonly Event[];
}

/** Canonical events to native records (JSON values, one output line each). */
export interface Encoder {
  encode(event: Event): readonly unknown[];
  /**
   * Records held until the end of input. An iterable: a writer holding many (run-record) may make
   * them one at a time, each written before the next is made.
   */
  end(): Iterable<unknown>;
  /**
   * True when the writer gives its records only at `end()`, made from everything it was given
   * (run-record: one record per session, at the end): no input is finished before then.
   */
  readonly holdsUntilEnd?: boolean;
  /**
   * Lets go of what the writer holds outside the heap (run-record's temporary file) when the
   * output is given up before `end` is drawn to its last record, or after. May be called more
   * than once.
   */
  close?(): void;
  /**
   * The value of an input line whose bytes are not valid UTF-8, as the program this writer
   * imitates reads it (Flockdeck: Go, one U+FFFD per invalid byte); when absent, the line's value
   * as read (one U+FFFD per maximal invalid sequence, as TextDecoder does).
   */
  readInvalidUtf8?(bytes: Buffer): unknown;
}
