import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { SNIFF_BYTES, sniffFraming } from './framing.js';
import { isGzip } from './input.js';
import { LineSplitter, tooLongMessage, type LineSink } from './line-splitter.js';
import { parseLine } from './parse.js';
import type { Rec } from './rec.js';
import type { Rejection } from './rejection.js';

export interface ReadWholeFileOptions {
  readonly source: string;
  /** Files larger than this are left to the streaming reader (this bounds the memory used). */
  readonly maxBytes: number;
  /** As `lines()`: a longer line is dropped and reported `line-too-long`. */
  readonly maxLineBytes: number;
  /** As `lines()`: only lines containing one of these strings are read. */
  readonly select?: readonly string[];
  /** `jsonl` takes the file as JSON Lines without sniffing; `auto` sniffs as `readRecords` does. */
  readonly framing?: 'auto' | 'jsonl';
}

/** What a whole file gave: its records and its rejected lines, in line order. */
export interface WholeFile {
  readonly recs: Rec[];
  readonly rejections: Rejection[];
}

/** Bytes a file may have for `readWholeFile` by default. */
export const WHOLE_FILE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The records of a plain JSON Lines file read in one go, exactly as `readRecords` with
 * `onInvalid: 'pass'` makes them (lines numbered from 1 counting blank ones, a BOM dropped from the
 * first line, CR before LF dropped, a last line without LF `unterminated`). Many small files (a
 * `~/.claude/projects` tree) read this way cost one read each instead of a stream pipeline each.
 * Undefined when the streaming reader must do it: not a regular file, larger than `maxBytes`,
 * gzip, or not JSON Lines framing.
 */
export async function readWholeFile(
  path: string,
  options: ReadWholeFileOptions,
): Promise<WholeFile | undefined> {
  const fh = await open(path, 'r');
  let buf: Buffer;
  try {
    const st = await fh.stat();
    if (!st.isFile() || st.size > options.maxBytes) return undefined;
    buf = await fh.readFile();
  } finally {
    await fh.close();
  }
  return isWholeJsonl(buf, options) ? splitWhole(buf, options) : undefined;
}

/** The largest buffer `readWholeBytesSync` keeps for the next call; a larger file gets its own. */
const SCRATCH_MAX_BYTES = 8 * 1024 * 1024;

/** The buffer `readWholeBytesSync` reuses (it grows to the largest file read, at most 8 MiB). */
let scratch = Buffer.allocUnsafe(0);

/**
 * The bytes of a plain JSON Lines file (checked as `readWholeFile` checks it), read in one
 * synchronous read, into a buffer that is reused from call to call when the file is at most 8 MiB:
 * valid only until the next call. For a caller with nothing else to do meanwhile that reads a tree
 * of many files: no buffer is allocated per file, so there is less to collect, and no more than
 * 8 MiB is kept between calls. Undefined when the streaming reader must read the file.
 */
export function readWholeBytesSync(
  path: string,
  options: Pick<ReadWholeFileOptions, 'maxBytes' | 'framing'>,
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

/** Whether a whole file's bytes are for `readWholeFile`: not gzip, and JSON Lines. */
function isWholeJsonl(buf: Buffer, options: Pick<ReadWholeFileOptions, 'framing'>): boolean {
  if (isGzip(buf)) return false;
  return options.framing === 'jsonl' || sniffFraming(buf.subarray(0, SNIFF_BYTES)) === 'jsonl';
}

/** The file's lines through the same splitter as `lines()`, parsed as `parse` in `pass` mode. */
function splitWhole(buf: Buffer, o: ReadWholeFileOptions): WholeFile {
  const { source, maxLineBytes } = o;
  const recs: Rec[] = [];
  const rejections: Rejection[] = [];
  const sink: LineSink = {
    line: (line) => {
      const rec = parseLine(line);
      if (rec !== undefined) recs.push(rec);
    },
    tooLong: (line, bytes) => {
      const message = tooLongMessage(bytes, maxLineBytes);
      rejections.push({ source, line, reason: 'line-too-long', message });
      return undefined;
    },
  };
  const splitter = new LineSplitter({ source, maxLineBytes, select: o.select });
  splitter.write(buf, sink);
  splitter.end(sink);
  return { recs, rejections };
}
