import { Transform, type TransformCallback } from 'node:stream';
import { TxpipeError, badOption } from './errors.js';
import { emitReject } from './rejection.js';
import { withDefaults } from './options.js';

/** One input line. */
export interface Line {
  /** The line's text without `\n` or `\r\n`. */
  readonly text: string;
  /** 1-based line number within `source`. */
  readonly line: number;
  readonly source: string;
  /** True for a last line that had no line break (it may have been cut off by a crash). */
  readonly unterminated?: boolean;
  /**
   * The bytes `text` was decoded from (without the line break or a BOM), given for a line that
   * was gathered from several input chunks and so has a buffer of its own (every line longer than
   * a chunk) and decoded without a replacement character: an untouched long line is then written
   * back without being encoded again. Not given for a line inside one chunk, whose view would keep
   * the whole chunk alive as long as the line.
   */
  readonly bytes?: Buffer;
}

export interface LinesOptions {
  /** Name reported for these lines (a path, or `-`). */
  readonly source?: string;
  /**
   * Upper bound on one line's bytes, which bounds memory. A longer line is not held: its bytes are
   * dropped as they arrive and the line is reported (`line-too-long`) or, with
   * `onLongLine: 'error'`, fails the stream.
   */
  readonly maxLineBytes?: number;
  readonly onLongLine?: 'skip' | 'error';
  /**
   * Only lines that contain one of these strings are emitted (searched in the bytes, before any
   * decoding); the others are counted and dropped. For readers that need a few lines of many,
   * such as `usage`. Every line when absent.
   */
  readonly select?: readonly string[];
}

export const linesDefaults: Readonly<Required<Omit<LinesOptions, 'select'>>> = {
  source: '-',
  maxLineBytes: 256 * 1024 * 1024,
  onLongLine: 'skip',
};

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits bytes into {@link Line}s. Linear in input size: each byte is searched for a line break
 * once, and an unfinished line is kept as a list of chunks that is joined once, when it ends.
 * Splitting on the byte 0x0A never cuts a UTF-8 character, so text is decoded per whole line.
 */
export function lines(options: LinesOptions = {}): Transform {
  const opts = withDefaults(linesDefaults, options);
  if (!(Number.isInteger(opts.maxLineBytes) && opts.maxLineBytes > 0)) {
    badOption(`maxLineBytes must be a positive integer, got ${String(options.maxLineBytes)}`);
  }
  const { source, maxLineBytes, onLongLine } = opts;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overflowBytes = 0; // > 0 while dropping the rest of a line that is too long
  let lineNo = 0;
  const needles = options.select?.map((s) => Buffer.from(s));
  // Per chunk, the next position of each needle at or after where the search got to, so that
  // deciding every line of a chunk scans the chunk once per needle (linear, not per line).
  let nextAt: number[] = [];
  const selectedIn = (chunk: Buffer, start: number, end: number): boolean => {
    if (needles === undefined) return true;
    for (let i = 0; i < needles.length; i++) {
      let at = nextAt[i] as number;
      if (at !== -1 && at < start) at = nextAt[i] = chunk.indexOf(needles[i] as Buffer, start);
      if (at !== -1 && at + (needles[i] as Buffer).length <= end) return true;
    }
    return false;
  };
  const joinedSelected = (joined: Buffer): boolean =>
    needles === undefined || needles.some((n) => joined.indexOf(n) !== -1);

  /**
   * The line from `buf[start, end)`: BOM (first line) and a trailing CR removed, then decoded;
   * `own` when `buf` holds this line only (then its bytes go with it).
   */
  const toLine = (
    buf: Buffer,
    start: number,
    end: number,
    own: boolean,
    unterminated?: true,
  ): Line => {
    let s = start;
    // A BOM is stripped from the input's first line only (not the first line that is kept).
    if (lineNo === 1) {
      if (end - s >= 3 && buf[s] === 0xef && buf[s + 1] === 0xbb && buf[s + 2] === 0xbf) s += 3;
    }
    const e = end > s && buf[end - 1] === CR ? end - 1 : end;
    const text = buf.toString('utf8', s, e);
    // Bytes go with the line only when decoding kept them all: invalid UTF-8 is read as U+FFFD,
    // and a line written back from its bytes would then differ from one inside a single chunk
    // (written from its text), making the output depend on how the input was chunked.
    const line: Line =
      own && !text.includes('\uFFFD')
        ? { text, line: lineNo, source, bytes: buf.subarray(s, e) }
        : { text, line: lineNo, source };
    return unterminated ? { ...line, unterminated } : line;
  };

  const tooLong = (stage: Transform, bytes: number): Error | undefined => {
    const message = `line is ${bytes} bytes, over maxLineBytes ${maxLineBytes}`;
    if (onLongLine === 'error') {
      return new TxpipeError('ERR_TXPIPE_LINE_TOO_LONG', message, { source, line: lineNo });
    }
    emitReject(stage, { source, line: lineNo, reason: 'line-too-long', message });
    return undefined;
  };

  return new Transform({
    readableObjectMode: true,
    writableObjectMode: false,
    transform(this: Transform, chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      let start = 0;
      if (needles !== undefined) nextAt = needles.map(() => -2); // -2: not searched yet
      let nl = chunk.indexOf(LF, 0);
      while (nl !== -1) {
        lineNo++;
        if (overflowBytes > 0) {
          const err = tooLong(this, overflowBytes + nl - start);
          overflowBytes = 0;
          if (err) return done(err);
        } else if (pendingBytes + nl - start > maxLineBytes) {
          const bytes = pendingBytes + nl - start;
          pending = [];
          pendingBytes = 0;
          const err = tooLong(this, bytes);
          if (err) return done(err);
        } else if (pending.length > 0) {
          pending.push(chunk.subarray(start, nl));
          const joined = Buffer.concat(pending, pendingBytes + nl - start);
          pending = [];
          pendingBytes = 0;
          if (joinedSelected(joined)) this.push(toLine(joined, 0, joined.length, true));
        } else if (selectedIn(chunk, start, nl)) {
          this.push(toLine(chunk, start, nl, false));
        }
        start = nl + 1;
        nl = chunk.indexOf(LF, start);
      }
      if (start < chunk.length) {
        const rest = chunk.length - start;
        if (overflowBytes > 0) overflowBytes += rest;
        else if (pendingBytes + rest > maxLineBytes) {
          overflowBytes = pendingBytes + rest;
          pending = [];
          pendingBytes = 0;
        } else {
          pending.push(chunk.subarray(start));
          pendingBytes += rest;
        }
      }
      done();
    },
    flush(this: Transform, done: TransformCallback) {
      if (overflowBytes > 0) {
        lineNo++;
        const err = tooLong(this, overflowBytes);
        return done(err);
      }
      if (pendingBytes > 0) {
        lineNo++;
        const joined = Buffer.concat(pending, pendingBytes);
        pending = [];
        if (!joinedSelected(joined)) return done();
        this.push(toLine(joined, 0, joined.length, true, true));
      }
      done();
    },
  });
}
