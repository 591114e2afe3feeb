import { open } from 'node:fs/promises';
import { SNIFF_BYTES, sniffFraming } from './framing.js';
import { isGzip } from './input.js';
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
  if (isGzip(buf)) return undefined;
  if (options.framing !== 'jsonl' && sniffFraming(buf.subarray(0, SNIFF_BYTES)) !== 'jsonl') {
    return undefined;
  }
  return splitWhole(buf, options);
}

function splitWhole(buf: Buffer, o: ReadWholeFileOptions): WholeFile {
  const { source, maxLineBytes } = o;
  const needles = o.select?.map((s) => Buffer.from(s));
  const next = needles?.map(() => -2) ?? []; // the next place of each needle (-2: not searched)
  const wanted = (start: number, end: number): boolean => {
    if (needles === undefined) return true;
    for (let i = 0; i < needles.length; i++) {
      const n = needles[i] as Buffer;
      if ((next[i] as number) !== -1 && (next[i] as number) < start)
        next[i] = buf.indexOf(n, start);
      const at = next[i] as number;
      if (at !== -1 && at + n.length <= end) return true;
    }
    return false;
  };
  const recs: Rec[] = [];
  const rejections: Rejection[] = [];
  let line = 0;
  let start = 0;
  while (start < buf.length) {
    const lf = buf.indexOf(0x0a, start);
    const end = lf === -1 ? buf.length : lf;
    line++;
    if (end - start > maxLineBytes) {
      const message = `line is ${end - start} bytes, over maxLineBytes ${maxLineBytes}`;
      rejections.push({ source, line, reason: 'line-too-long', message });
    } else if (wanted(start, end)) {
      let s = start;
      if (line === 1 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) s += 3;
      const e = end > s && buf[end - 1] === 0x0d ? end - 1 : end;
      const text = buf.toString('utf8', s, e);
      const rec = parseLine(
        lf === -1 ? { text, line, source, unterminated: true } : { text, line, source },
      );
      if (rec !== undefined) recs.push(rec);
    }
    start = end + 1;
  }
  return { recs, rejections };
}
