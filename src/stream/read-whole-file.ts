import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { SNIFF_BYTES, sniffFraming } from './framing.js';
import { isGzip } from './input.js';
import { LineSplitter, tooLongMessage, type LineSink } from './line-splitter.js';
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
 * Takes each record of a whole file; `narrow` selects the lines after this one by other needles
 * (see `LineSplitter.narrow`).
 */
export type WholeRecordSink = (rec: Rec, narrow: (needles: readonly string[]) => void) => void;

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
 * The records of a whole file's bytes, handed to `onRec` in line order exactly as `readRecords`
 * with `onInvalid: 'pass'` makes them (the same splitter as `lines()`: lines numbered from 1
 * counting blank ones, a BOM dropped from the first line, CR before LF dropped, a last line
 * without LF `unterminated`). Returns the lines over `maxLineBytes`, as rejections.
 */
export function splitWhole(buf: Buffer, o: SplitWholeOptions, onRec: WholeRecordSink): Rejection[] {
  const { source, maxLineBytes } = o;
  const tooLong: Rejection[] = [];
  const splitter = new LineSplitter({ source, maxLineBytes, select: o.select });
  const narrow = (needles: readonly string[]): void => splitter.narrow(needles);
  const sink: LineSink = {
    line: (line) => {
      const rec = parseLine(line);
      if (rec !== undefined) onRec(rec, narrow);
    },
    tooLong: (line, bytes) => {
      const message = tooLongMessage(bytes, maxLineBytes);
      tooLong.push({ source, line, reason: 'line-too-long', message });
      return undefined;
    },
  };
  splitter.write(buf, sink);
  splitter.end(sink);
  return tooLong;
}
