import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { SNIFF_BYTES, sniffFraming } from './framing.js';
import { isGzip } from './input.js';
import type { JsonPruner } from './json-pruner.js';
import { LineSplitter, tooLongMessage, type LineSink } from './line-splitter.js';
import type { Line } from './lines.js';
import { parseLine } from './parse.js';
import type { Rec } from './rec.js';
import type { Rejection } from './rejection.js';

export interface ReadWholeBytesOptions {
  /** Files larger than this are left to the streaming reader (this bounds the memory used). */
  readonly maxBytes: number;
  /** `jsonl` takes the file as JSON Lines without sniffing; `auto` sniffs as `readRecords` does. */
  readonly framing?: 'auto' | 'jsonl';
}

export interface SplitWholeOptions {
  readonly source: string;
  /** As `lines()`: a longer line is dropped and reported `line-too-long`. */
  readonly maxLineBytes: number;
  /** As `lines()`: only lines containing one of these strings are read. */
  readonly select?: readonly string[];
}

/**
 * Selects the lines after the current one by other needles (see `LineSplitter.narrow`) and, with
 * a pruner, reads them pruned: they then go to `pruned`, not `record`.
 */
export type Narrow = (needles: readonly string[], pruner?: JsonPruner) => void;

/** Where `splitWhole` sends a whole file's lines, in line order. */
export interface WholeSink {
  /** A line read the ordinary way: decoded and parsed whole (or marked invalid). */
  record(rec: Rec, narrow: Narrow): void;
  /** A line's value pruned to the paths of the pruner given to `narrow` (see `JsonPruner`). */
  pruned(value: unknown, line: number): void;
}

/** Lines are pruned in batches of at most this many (this bounds the batch's memory). */
const PRUNE_BATCH = 4096;

/** The pruner takes line offsets as 32-bit integers: a larger buffer is read the ordinary way. */
const MAX_PRUNE_OFFSET = 0x7fffffff;

/** The largest buffer `readWholeBytesSync` keeps for the next call; a larger file gets its own. */
const SCRATCH_MAX_BYTES = 8 * 1024 * 1024;

/** The buffer `readWholeBytesSync` reuses (it grows to the largest file read, at most 8 MiB). */
let scratch = Buffer.allocUnsafe(0);

/**
 * The bytes of a plain JSON Lines file, read in one synchronous read into a buffer that is reused
 * from call to call when the file is at most 8 MiB: valid only until the next call. For a caller
 * with nothing else to do meanwhile that reads a tree of many files: no buffer is allocated per
 * file, so there is less to collect, and no more than 8 MiB is kept between calls. Undefined when
 * the streaming reader must read the file: not a regular file, over `maxBytes`, gzip, or not JSON
 * Lines framing.
 */
export function readWholeBytesSync(
  path: string,
  options: ReadWholeBytesOptions,
): Buffer | undefined {
  const fd = openSync(path, 'r');
  let size = 0;
  let into: Buffer;
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > options.maxBytes) return undefined;
    if (st.size > SCRATCH_MAX_BYTES) into = Buffer.allocUnsafe(st.size);
    else {
      if (scratch.length < st.size)
        scratch = Buffer.allocUnsafe(Math.min(st.size * 2, SCRATCH_MAX_BYTES));
      into = scratch;
    }
    // A file may grow while it is read; what it held at fstat time is what is read.
    while (size < st.size) {
      const n = readSync(fd, into, size, st.size - size, size);
      if (n === 0) break;
      size += n;
    }
  } finally {
    closeSync(fd);
  }
  const buf = into.subarray(0, size);
  return isWholeJsonl(buf, options) ? buf : undefined;
}

/** Whether a whole file's bytes can be split here: not gzip, and JSON Lines. */
function isWholeJsonl(buf: Buffer, options: ReadWholeBytesOptions): boolean {
  if (isGzip(buf)) return false;
  return options.framing === 'jsonl' || sniffFraming(buf.subarray(0, SNIFF_BYTES)) === 'jsonl';
}

/**
 * The records of a whole file's bytes, handed to `sink.record` in line order exactly as
 * `readRecords` with `onInvalid: 'pass'` makes them (the same splitter as `lines()`: lines
 * numbered from 1 counting blank ones, a BOM dropped from the first line, CR before LF dropped, a
 * last line without LF `unterminated`). After `narrow` gives a pruner, the lines it prunes go to
 * `sink.pruned` instead, still in line order. Returns the lines over `maxLineBytes`, as rejections.
 */
export function splitWhole(buf: Buffer, o: SplitWholeOptions, sink: WholeSink): Rejection[] {
  const { source, maxLineBytes } = o;
  const tooLong: Rejection[] = [];
  const splitter = new LineSplitter({ source, maxLineBytes, select: o.select });
  let pruner: JsonPruner | undefined;
  const batch = { count: 0, ranges: new Int32Array(0), lines: new Int32Array(0) };
  const narrow: Narrow = (needles, p) => {
    splitter.narrow(needles);
    pruner = p;
  };
  const record = (line: Line): void => {
    const rec = parseLine(line);
    if (rec !== undefined) sink.record(rec, narrow);
  };
  const flush = (): void => {
    if (batch.count === 0 || pruner === undefined) return;
    const { count, ranges, lines } = batch;
    batch.count = 0;
    const { values, status } = pruner.prune(buf, ranges, count);
    for (let i = 0; i < count; i++) {
      const line = lines[i] as number;
      if (status[i] === 0) sink.pruned(values[i], line);
      else record({ text: buf.toString('utf8', ranges[2 * i], ranges[2 * i + 1]), line, source });
    }
  };
  const lineSink: LineSink = {
    take: (from, start, end, line) => {
      if (pruner === undefined || from !== buf || buf.length > MAX_PRUNE_OFFSET) return false;
      if (batch.count === batch.lines.length) grow(batch);
      batch.ranges[2 * batch.count] = start;
      batch.ranges[2 * batch.count + 1] = end;
      batch.lines[batch.count++] = line;
      if (batch.count === PRUNE_BATCH) flush();
      return true;
    },
    line: (line) => {
      flush();
      record(line);
    },
    tooLong: (line, bytes) => {
      const message = tooLongMessage(bytes, maxLineBytes);
      tooLong.push({ source, line, reason: 'line-too-long', message });
      return undefined;
    },
  };
  splitter.write(buf, lineSink);
  flush();
  splitter.end(lineSink);
  return tooLong;
}

/** Room for more lines in a prune batch. */
function grow(batch: { ranges: Int32Array; lines: Int32Array }): void {
  const n = Math.min(Math.max(64, batch.lines.length * 2), PRUNE_BATCH);
  const ranges = new Int32Array(2 * n);
  ranges.set(batch.ranges);
  const lines = new Int32Array(n);
  lines.set(batch.lines);
  batch.ranges = ranges;
  batch.lines = lines;
}
