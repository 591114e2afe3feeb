import type { OnInvalid } from './parse.js';
import { rawBytes } from './raw-bytes.js';
import type { Rec } from './rec.js';
import { invalidRejection, type Rejection } from './rejection.js';
import { TxpipeError } from './errors.js';
import { recText } from './stringify.js';

const LF = 0x0a;

/**
 * A record's bytes (`rawBytes`) at least this long are written as they are, a chunk of their own,
 * never copied into the batch's buffer: a run record of many megabytes is not held twice.
 */
const OWN_CHUNK_BYTES = 64 * 1024;

/** What {@link encodeBatch} gives: the batch's JSON Lines bytes, and the error that stopped it. */
export interface EncodedBatch {
  /**
   * The lines of the records before an error (all of them when there is none), in order, to be
   * written one after the other: one buffer for the batch, with a large record's own bytes
   * between two when it has them (a line may end in the chunk after them).
   */
  readonly chunks: readonly Buffer[];
  /** `onInvalid: 'error'` met a malformed line: the records after it are not encoded. */
  readonly error?: TxpipeError;
}

/**
 * The records a batch was read as, with where each one's line is in `buf` (`start` -1 for a line
 * that is not there): an unchanged record among them is written by copying its bytes.
 */
export interface ReadBatch {
  readonly recs: readonly Rec[];
  readonly buf: Buffer;
  readonly start: readonly number[];
  readonly end: readonly number[];
}

/** A part of {@link encodeBatch}'s output that is a range of the bytes read. */
const RUN = 0;

/** How far ahead of the last match a written record is looked for among the records read. */
const LOOK_AHEAD = 8;

/**
 * Records as JSON Lines bytes, as `stringify` writes them: an unchanged record as its original
 * text (its bytes when the reader kept them), a changed one serialised, each ending with `\n`; a
 * record that is not JSON is written (`pass`), reported to `reject` (`skip`, and always a
 * `truncated` last line) or stops the batch (`error`, a malformed line). One buffer per batch,
 * but for a large record's own bytes, written as they are.
 * Given the batch the records were `read` as, a record passed on unchanged (the same object) is
 * copied from the bytes it was read from instead of being encoded again, when they decoded
 * losslessly (no U+FFFD in its text): the same bytes either way. Records that were consecutive
 * lines of the input (only an LF between them) are copied as one range.
 */
export function encodeBatch(
  recs: readonly Rec[],
  onInvalid: OnInvalid,
  reject: (r: Rejection) => void,
  read?: ReadBatch,
): EncodedBatch {
  // What is written, in order: a string (encoded), a Buffer, or `RUN`: the next range of
  // `read.buf` in `runs` (pairs of start and end), copied with its LF.
  const parts: (string | Buffer | typeof RUN)[] = [];
  const runs: number[] = [];
  let size = 0;
  let at = 0; // where the next record is looked for in `read.buf`'s records
  let runEnd = -1; // where the last part's bytes end in `read.buf`, when it is a run
  let error: TxpipeError | undefined;
  for (let i = 0; i < recs.length; i++) {
    const rec = recs[i] as Rec;
    if (rec.invalid !== undefined && (rec.invalid === 'truncated' || onInvalid !== 'pass')) {
      if (rec.invalid === 'malformed' && onInvalid === 'error') {
        error = new TxpipeError('ERR_TXPIPE_INVALID_JSON', 'line is not JSON', {
          source: rec.source,
          line: rec.line,
        });
        break;
      }
      reject(invalidRejection(rec, rec.invalid));
      continue;
    }
    const found = read === undefined || rec.changed ? -1 : readAt(read, rec, at);
    if (found >= 0) {
      at = found + 1;
      const start = read!.start[found] as number;
      const end = read!.end[found] as number;
      size += end - start + 1;
      // A line that follows the last one in the input with only its LF between (no CR, no blank
      // line, nothing dropped) extends its run: one copy for many records.
      if (runEnd >= 0 && start === runEnd + 1 && read!.buf[runEnd] === LF) {
        runs[runs.length - 1] = end;
      } else {
        parts.push(RUN);
        runs.push(start, end);
      }
      runEnd = end;
      continue;
    }
    runEnd = -1;
    const bytes = rawBytes(rec);
    if (bytes !== undefined) {
      parts.push(bytes);
      size += (bytes.length >= OWN_CHUNK_BYTES ? 0 : bytes.length) + 1;
    } else {
      const text = recText(rec);
      parts.push(text);
      // Never less than the UTF-8 length: a string of n UTF-16 units takes at most 3n bytes.
      size += text.length * 3 + 1;
    }
  }
  const buf = Buffer.allocUnsafe(size);
  const chunks: Buffer[] = [];
  let from = 0; // where the part of `buf` not yet in `chunks` starts
  let pos = 0;
  let run = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string | Buffer | typeof RUN;
    if (p === RUN) pos += read!.buf.copy(buf, pos, runs[run++], runs[run++]);
    else if (typeof p === 'string') pos += buf.write(p, pos);
    else if (p.length < OWN_CHUNK_BYTES) pos += p.copy(buf, pos);
    else {
      if (pos > from) chunks.push(buf.subarray(from, pos));
      chunks.push(p);
      from = pos;
    }
    buf[pos++] = LF;
  }
  if (pos > from) chunks.push(buf.subarray(from, pos));
  return error === undefined ? { chunks } : { chunks, error };
}

/** Where `rec` is among the records read, from `at` on (a few ahead), when its bytes are in `buf`. */
function readAt(read: ReadBatch, rec: Rec, at: number): number {
  const { recs } = read;
  const to = Math.min(recs.length, at + LOOK_AHEAD);
  for (let i = at; i < to; i++) {
    if (recs[i] !== rec) continue;
    return (read.start[i] as number) >= 0 && !rec.raw.includes('\uFFFD') ? i : -1;
  }
  return -1;
}
