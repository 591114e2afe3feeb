import { isUtf8 } from 'node:buffer';
import type { Line } from './lines.js';

/** Where a {@link LineSplitter} sends what it finds. */
export interface LineSink {
  /**
   * A whole line (selected, when the splitter selects). For a line inside the chunk being
   * written, `start` and `end` are where its text's bytes are in that chunk (no BOM or CR).
   */
  line(line: Line, start?: number, end?: number): void;
  /** A line over `maxLineBytes`, which was not held; return an error to stop splitting. */
  tooLong(lineNo: number, bytes: number): Error | undefined;
}

export interface LineSplitterOptions {
  readonly source: string;
  readonly maxLineBytes: number;
  /** Only lines containing one of these strings are given to the sink (others are counted). */
  readonly select?: readonly string[];
  /** Lines before the first byte written (a file read from where an earlier read ended): 0. */
  readonly linesBefore?: number;
}

/** How a line over the bound is described in its rejection. */
export function tooLongMessage(bytes: number, maxLineBytes: number): string {
  return `line is ${bytes} bytes, over maxLineBytes ${maxLineBytes}`;
}

const LF = 0x0a;
/** A needle's next match not searched for yet (see `LineSplitter.nextAt`). */
const UNKNOWN = -2;
/** A needle that does not occur before `clearTo` (a match of an earlier needle comes first). */
const NONE_BEFORE = -3;
const CR = 0x0d;

/**
 * The reading rules for lines, as a pure state machine over byte chunks: LF or CRLF ends a line, a
 * BOM is dropped from the input's first line, lines are numbered from 1 counting blank ones, a
 * last line without LF is `unterminated`, a line over `maxLineBytes` is not held but reported.
 * Linear in input size: each byte is searched for LF once, an unfinished line is kept as a list of
 * chunks joined once when it ends, and each `select` needle is searched once per chunk. Splitting
 * on 0x0A never cuts a UTF-8 character, so text is decoded per whole line. `lines()` (a stream)
 * and `openFileSplit()` (a file read in chunks) both split with this, so they cannot disagree.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overflowBytes = 0; // > 0 while dropping the rest of a line that is too long
  private lineNo = 0;
  private needles: Buffer[] | undefined;
  /**
   * Per chunk, the next match of each needle at or after where the search got to: UNKNOWN before
   * a search, -1 for none in the rest of the chunk, NONE_BEFORE for none before `clearTo`.
   */
  private nextAt: number[] = [];
  private clearTo: number[] = [];

  constructor(private readonly opts: LineSplitterOptions) {
    this.needles = opts.select?.map((s) => Buffer.from(s));
    this.lineNo = opts.linesBefore ?? 0;
  }

  /** The lines split so far (the last line without LF counts once `end()` gave it). */
  get lines(): number {
    return this.lineNo;
  }

  /** The bytes of the unfinished line held or being dropped (what `end()` gives as the last line). */
  get heldBytes(): number {
    return this.pendingBytes + this.overflowBytes;
  }

  /**
   * Selects the lines after the current one by `needles` instead (a reader that has learned the
   * input's format needs fewer strings searched). May be called from the sink's `line()`.
   */
  narrow(needles: readonly string[]): void {
    this.needles = needles.map((s) => Buffer.from(s));
    this.nextAt = this.needles.map(() => UNKNOWN);
    this.clearTo = this.needles.map(() => 0);
  }

  /** Splits one chunk; returns an error when the sink asked to stop. */
  write(chunk: Buffer, sink: LineSink): Error | undefined {
    const { maxLineBytes } = this.opts;
    if (this.needles !== undefined) {
      this.nextAt = this.needles.map(() => UNKNOWN);
      this.clearTo = this.needles.map(() => 0);
    }
    let start = 0;
    let nl = chunk.indexOf(LF, 0);
    while (nl !== -1) {
      this.lineNo++;
      if (this.overflowBytes > 0) {
        const bytes = this.overflowBytes + nl - start;
        this.overflowBytes = 0;
        const err = sink.tooLong(this.lineNo, bytes);
        if (err) return err;
      } else if (this.pendingBytes + nl - start > maxLineBytes) {
        const bytes = this.pendingBytes + nl - start;
        this.pending = [];
        this.pendingBytes = 0;
        const err = sink.tooLong(this.lineNo, bytes);
        if (err) return err;
      } else if (this.pending.length > 0) {
        this.pending.push(chunk.subarray(start, nl));
        const joined = Buffer.concat(this.pending, this.pendingBytes + nl - start);
        this.pending = [];
        this.pendingBytes = 0;
        if (this.joinedSelected(joined)) sink.line(this.toLine(joined, 0, joined.length, true));
      } else if (this.selectedIn(chunk, start, nl)) {
        const s = this.textStart(chunk, start, nl);
        sink.line(this.toLine(chunk, start, nl, false), s, this.textEnd(chunk, s, nl));
      }
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    if (start < chunk.length) {
      const rest = chunk.length - start;
      if (this.overflowBytes > 0) this.overflowBytes += rest;
      else if (this.pendingBytes + rest > maxLineBytes) {
        this.overflowBytes = this.pendingBytes + rest;
        this.pending = [];
        this.pendingBytes = 0;
      } else {
        this.pending.push(chunk.subarray(start));
        this.pendingBytes += rest;
      }
    }
    return undefined;
  }

  /**
   * Copies what is held of an unfinished line out of `chunk` (the last chunk written), so that
   * the caller may read the next chunk into the same buffer. Each byte is copied once.
   */
  release(chunk: Buffer): void {
    const pending = this.pending;
    for (let i = 0; i < pending.length; i++) {
      const p = pending[i] as Buffer;
      if (p.buffer === chunk.buffer) pending[i] = Buffer.from(p);
    }
  }

  /** Ends the input: the last line without LF, if any. */
  end(sink: LineSink): Error | undefined {
    if (this.overflowBytes > 0) {
      this.lineNo++;
      const bytes = this.overflowBytes;
      this.overflowBytes = 0;
      return sink.tooLong(this.lineNo, bytes);
    }
    if (this.pendingBytes > 0) {
      this.lineNo++;
      const joined = Buffer.concat(this.pending, this.pendingBytes);
      this.pending = [];
      this.pendingBytes = 0;
      if (this.joinedSelected(joined)) sink.line(this.toLine(joined, 0, joined.length, true, true));
    }
    return undefined;
  }

  /**
   * Whether `chunk[start, end)` (one line) holds a needle. Each needle's next match is searched
   * once and remembered until the lines pass it; a needle is searched no further than the next
   * known match of an earlier one (that line is selected anyway), so a needle that never occurs
   * is not searched to the chunk's end while an earlier one keeps matching (`"run_start"` in a
   * Claude Code file selected for `usage"` too, until `narrow()` drops it).
   */
  private selectedIn(chunk: Buffer, start: number, end: number): boolean {
    const needles = this.needles;
    if (needles === undefined) return true;
    let limit = chunk.length;
    for (let i = 0; i < needles.length; i++) {
      let at = this.nextAt[i] as number;
      if (at === NONE_BEFORE && (this.clearTo[i] as number) >= end) continue;
      if (at === UNKNOWN || at === NONE_BEFORE || (at >= 0 && at < start)) {
        at = findInView(chunk, needles[i] as Buffer, start, limit);
        if (at === -1 && limit < chunk.length) {
          at = NONE_BEFORE;
          this.clearTo[i] = limit;
        }
        this.nextAt[i] = at;
      }
      if (at >= 0) {
        if (at + (needles[i] as Buffer).length <= end) return true;
        if (at >= end && at < limit) limit = at;
      }
    }
    return false;
  }

  private joinedSelected(joined: Buffer): boolean {
    return this.needles === undefined || this.needles.some((n) => joined.indexOf(n) !== -1);
  }

  /** Where the line's text starts: after a BOM on the input's first line. */
  private textStart(buf: Buffer, start: number, end: number): number {
    const bom =
      this.lineNo === 1 &&
      end - start >= 3 &&
      buf[start] === 0xef &&
      buf[start + 1] === 0xbb &&
      buf[start + 2] === 0xbf;
    return bom ? start + 3 : start;
  }

  /** Where the line's text ends: before a CR that precedes the LF. */
  private textEnd(buf: Buffer, s: number, end: number): number {
    return end > s && buf[end - 1] === CR ? end - 1 : end;
  }

  /**
   * The line from `buf[start, end)`: BOM (input's first line) and a trailing CR removed, then
   * decoded; `own` when `buf` holds this line only (then its bytes may go with it).
   */
  private toLine(buf: Buffer, start: number, end: number, own: boolean, unterminated?: true): Line {
    const s = this.textStart(buf, start, end);
    const e = this.textEnd(buf, s, end);
    const text = buf.toString('utf8', s, e);
    const { source } = this.opts;
    // Bytes go with the line only when decoding kept them all: invalid UTF-8 is read as U+FFFD,
    // and a line written back from its bytes would then differ from one inside a single chunk
    // (written from its text), making the output depend on how the input was chunked.
    const replaced = text.includes('\uFFFD');
    let line: Line =
      own && !replaced
        ? { text, line: this.lineNo, source, bytes: buf.subarray(s, e) }
        : { text, line: this.lineNo, source };
    // A U+FFFD read from invalid bytes (not one written in the input): keep a copy of the bytes.
    if (replaced && !isUtf8(buf.subarray(s, e)))
      line = { ...line, invalidUtf8: Buffer.from(buf.subarray(s, e)) };
    return unterminated ? { ...line, unterminated } : line;
  }
}

/**
 * The first match of `needle` lying wholly in `hay[from, to)`, or -1 (`Buffer#indexOf` on a view
 * that ends at `to`).
 */
function findInView(hay: Buffer, needle: Buffer, from: number, to: number): number {
  return (to < hay.length ? hay.subarray(0, Math.max(0, to)) : hay).indexOf(needle, from);
}
