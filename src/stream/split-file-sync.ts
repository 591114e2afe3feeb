import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { FileLines } from './file-lines.js';
import { SNIFF_BYTES, sniffFraming } from './framing.js';
import { isGzip } from './input.js';
import { readAhead, readFully } from './read-fully.js';
import type { Rec } from './rec.js';
import type { Rejection } from './rejection.js';

export interface SplitFileOptions {
  /** The name reported for the file's lines (its path). */
  readonly source: string;
  /** As `lines()`: a longer line is dropped and reported `line-too-long`. */
  readonly maxLineBytes: number;
  /** As `lines()`: only lines containing one of these strings are read. */
  readonly select?: readonly string[];
  /** `jsonl` takes the file as JSON Lines without sniffing; `auto` sniffs as `readRecords` does. */
  readonly framing?: 'auto' | 'jsonl';
  /** Bytes read at a time (8 MiB; tests make it small). */
  readonly chunkBytes?: number;
  /** Start at this byte after a line's LF, `line` lines before it (framing not sniffed). */
  readonly from?: { readonly byte: number; readonly line: number };
}

/** Selects the lines after the current one by other needles (see `LineSplitter.narrow`). */
export type Narrow = (needles: readonly string[]) => void;

/** Where `openFileSplit` sends a file's lines, in line order. */
export interface FileSink {
  /**
   * A line, decoded and parsed (or marked invalid). For a line inside one chunk, `start` and
   * `end` are where its bytes are in `FileSplitRun.chunk` until the next step.
   */
  record(rec: Rec, narrow: Narrow, start?: number, end?: number): void;
}

/** Bytes read at a time: a file up to this size is read in one read. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The first read of a file that says its size is 0 (it may hold no bytes, or a few KiB). */
const MIN_FIRST_READ = 64 * 1024;

/** Chunks read ahead at a time by `stepAhead` (1 MiB of 64 KiB chunks), then split one a step. */
const AHEAD_CHUNKS = 16;

/**
 * Parts read ahead when they are watched (`watchParts`): the watcher (a worker thread) may be
 * that far ahead of the split instead of waiting for the next part.
 */
const WATCHED_DEPTH = 4;

/** The buffer files are read into, chunk after chunk and file after file (at most 8 MiB). */
let scratch = Buffer.allocUnsafe(0);

/** A file being split a chunk at a time (see {@link openFileSplit}). */
export interface FileSplitRun {
  /** Reads and splits the next chunk: false once the whole file is split (and ended). */
  step(): boolean;
  /**
   * As `step()` (a chunk of `chunkBytes` split per step), with the file read ahead on the thread
   * pool 16 chunks at a time into buffers of the run's own (two, more when watched), used in
   * turn: the next part is read while the chunks of this one are split and handed on, so reading
   * overlaps the work instead of waiting for it. A run is stepped one way only; `closeAhead()` ends it.
   */
  stepAhead(): Promise<boolean>;
  /** The bytes read so far. */
  readonly bytes: number;
  /**
   * The file's size as `fstat` gave it when it was opened: a hint only (procfs and some FUSE
   * files say 0 and hold bytes); the file is read until a read gives nothing.
   */
  readonly size: number;
  /** Lines split so far (blank ones and those before `from` too). */
  readonly lines: number;
  /** Once split: the bytes of the last line if it has no LF. */
  readonly unterminated: number;
  /**
   * Hands `watch` each part of the file `stepAhead` reads (up to 1 MiB), in file order, once
   * the read has ended and before the part is split, so that another thread may look at lines
   * ahead of the split (redact's prescan, `judge-ahead.ts`); the file is then read four parts
   * ahead instead of one. Every part shown is split, and every byte split was shown. The buffer
   * is read into again later: `watch` copies what it keeps. Called before the first step.
   */
  watchParts(watch: (part: Buffer) => void): void;
  /** The chunk the last step read (its buffer is read into again by the next step). */
  readonly chunk: Buffer;
  /** The lines over `maxLineBytes` found since the last call, as rejections. */
  takeTooLong(): Rejection[];
  /** Closes the file (after the last step, or to stop early). */
  close(): void;
  /** Closes the file once a read made ahead has ended (its buffer is not written after). */
  closeAhead(): Promise<void>;
}

/** The token of the run whose bytes `scratch` holds (another run's reads may overwrite them). */
let scratchHolder: object | undefined;

/**
 * Opens a plain JSON Lines file to read synchronously, a chunk per `step()`, handing its lines to
 * `sink` in line order exactly as `readRecords` with `onInvalid: 'pass'` makes its records (the
 * same `LineSplitter` as `lines()`: lines numbered from 1 counting blank ones, a BOM dropped from
 * the first line, CR before LF dropped, a last line without LF `unterminated`).
 *
 * For a caller that hands on what each chunk gives before reading on (so that what a huge file
 * gives is never held whole): the file is read 8 MiB at a time into one buffer reused from chunk
 * to chunk and file to file (the part of a line that goes on past a chunk is copied out first),
 * so reading allocates nothing per file, and memory stays at 8 MiB and the longest line. A file
 * is read to its end, as `cat` reads it: until a read gives nothing, never only to the size
 * `fstat` reported (0 for /proc/version, whose bytes are made as they are read); the size only
 * sizes the first read (one byte more, so that a file as long as it says ends with that read).
 * The first chunk is read here, to see the framing; undefined (and the file closed) when the
 * streaming reader must read the file: not a regular file, gzip, or not JSON Lines framing.
 */
export function openFileSplit(
  path: string,
  o: SplitFileOptions,
  sink: FileSink,
): FileSplitRun | undefined {
  // Never a FIFO: opening one blocks until a writer comes, and takes it from the stream's open.
  if (statSync(path, { throwIfNoEntry: false })?.isFile() === false) return undefined;
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return closed(fd);
    const size = st.size;
    const chunkBytes = o.chunkBytes ?? CHUNK_BYTES;
    const start = o.from?.byte ?? 0;
    // A size of 0 is often a file made as it is read (procfs): a first read of a part of a chunk.
    const want = Math.min(size <= start ? MIN_FIRST_READ : size - start + 1, chunkBytes);
    if (scratch.length < want && want <= CHUNK_BYTES)
      scratch = Buffer.allocUnsafe(Math.min(want * 2, CHUNK_BYTES));
    const into = want <= CHUNK_BYTES ? scratch : Buffer.allocUnsafe(want);
    const first = readFully(fd, into, want, start);
    if (start === 0 && !isJsonl(fd, into.subarray(0, first), first < want, o)) return closed(fd);
    return new Run(
      fd,
      size,
      into,
      chunkBytes,
      { n: first, ended: first < want },
      new FileLines(o, sink),
      start,
    );
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

function closed(fd: number): undefined {
  closeSync(fd);
  return undefined;
}

/** A read of `stepAhead`: `want` bytes into `buf`, `got` once it has ended. */
interface PartRead {
  readonly buf: Buffer;
  readonly want: number;
  readonly done: Promise<number>;
  got?: number;
  /** Handed to the watcher of parts (`watchParts`). */
  shown?: boolean;
}

/** Where `stepAhead` is: see `Run.#ahead`. */
interface Ahead {
  readonly bufs: Buffer[];
  /** Reads kept under way: 1, or WATCHED_DEPTH when the parts are watched. */
  readonly depth: number;
  turn: number;
  /** The reads under way (or ended, not yet split), in file order. */
  readonly reads: PartRead[];
  /** Reads made past the file's end, found by a read shorter than asked: awaited, never split. */
  readonly dropped: Promise<number>[];
  readTo: number;
  /** A read gave fewer bytes than asked: the file ends there, nothing more is read. */
  ended: boolean;
  rest: Buffer;
}

class Run implements FileSplitRun {
  /** This run's mark on `scratch` (see `scratchHolder`). */
  readonly #token = {};
  #at = 0;
  #chunk: Buffer = Buffer.alloc(0);
  #done = false;
  #closed = false;
  #watch: ((part: Buffer) => void) | undefined;

  constructor(
    private readonly fd: number,
    readonly size: number,
    private readonly into: Buffer,
    private readonly chunkBytes: number,
    /** The read made on opening (its count, and whether it found the end), until taken. */
    private first: { readonly n: number; readonly ended: boolean } | undefined,
    private readonly split: FileLines,
    private readonly start = 0,
  ) {
    if (into === scratch) scratchHolder = this.#token;
    this.#at = start;
  }

  #unterminated = 0;
  get lines(): number {
    return this.split.lines;
  }
  get unterminated(): number {
    return this.#unterminated;
  }
  #end(): void {
    this.#unterminated = this.split.heldBytes;
    this.split.end();
    this.#done = true;
  }

  get bytes(): number {
    return this.#at;
  }

  get chunk(): Buffer {
    return this.#chunk;
  }

  watchParts(watch: (part: Buffer) => void): void {
    this.#watch = watch;
  }

  step(): boolean {
    if (this.#done) return false;
    const { n, ended } = this.#takeFirst() ?? this.#read();
    this.#at += n;
    this.#chunk = this.into.subarray(0, n);
    this.split.write(this.#chunk);
    if (ended) this.#end();
    return !this.#done;
  }

  /** The read made on opening, unless taken, or another file was read into its buffer since. */
  #takeFirst(): { readonly n: number; readonly ended: boolean } | undefined {
    const first = this.first;
    this.first = undefined;
    if (this.into === scratch && scratchHolder !== this.#token) return undefined;
    return first;
  }

  /** Reads the next chunk at `#at`: its count, and whether the read found the file's end. */
  #read(): { n: number; ended: boolean } {
    if (this.into === scratch) scratchHolder = this.#token;
    const want = Math.min(this.into.length, this.chunkBytes);
    const n = readFully(this.fd, this.into, want, this.#at);
    return { n, ended: n < want };
  }

  /**
   * For `stepAhead`: the run's buffers of `AHEAD_CHUNKS` chunks (one more than the reads it keeps
   * under way: one part ahead, WATCHED_DEPTH when its parts are watched), used in turn (`turn` is the one
   * read into next), the reads under way, where reading got to, and the part of the last read not
   * split.
   */
  #ahead: Ahead | undefined;

  async stepAhead(): Promise<boolean> {
    if (this.#done) return false;
    let a = this.#ahead;
    if (a === undefined) {
      const size = Math.min(
        Math.max(this.size + 1, this.chunkBytes),
        AHEAD_CHUNKS * this.chunkBytes,
      );
      // The first chunk, read when the file was opened (again if another run read since).
      const { n, ended } = this.#takeFirst() ?? this.#read();
      const depth = this.#watch ? WATCHED_DEPTH : 1;
      // A file the first read took whole (most files) needs no buffers of its own.
      const bufs = ended
        ? []
        : Array.from({ length: depth + 1 }, () => Buffer.allocUnsafeSlow(size));
      a = this.#ahead = {
        bufs,
        depth,
        turn: 0,
        reads: [],
        dropped: [],
        readTo: this.start + n,
        rest: this.into.subarray(0, n),
        ended,
      };
      this.#watch?.(a.rest);
      this.#readNext(a);
    } else if (a.rest.length === 0 && a.reads.length > 0) {
      // A turn of the event loop lets the reads that have ended say so (their parts are shown).
      if (this.#watch) await new Promise<void>((resolve) => setImmediate(resolve));
      const r = a.reads.shift() as PartRead;
      const n = await r.done;
      a.rest = r.buf.subarray(0, n);
      if (!r.shown) this.#watch?.(a.rest);
      // Shorter than asked: the file ends in this part (the reads after it found nothing).
      if (n < r.want) {
        a.ended = true;
        a.dropped.push(...a.reads.splice(0).map((x) => x.done));
      }
      this.#showEnded(a);
      // The buffer read into now was split before the one just read: its records are handed on.
      this.#readNext(a);
    }
    const piece = a.rest.subarray(0, this.chunkBytes);
    a.rest = a.rest.subarray(piece.length);
    this.#at += piece.length;
    this.#chunk = piece;
    this.split.write(piece);
    if (a.rest.length === 0 && a.reads.length === 0) this.#end();
    return !this.#done;
  }

  /**
   * Starts reads of the next parts of the file, until `depth` are under way or a read found its
   * end. Past the size `fstat` gave, one read at a time: the file is longer than it said, or
   * ends there (that read gives nothing).
   */
  #readNext(a: Ahead): void {
    while (a.reads.length < a.depth && !a.ended && (a.readTo < this.size || a.reads.length === 0)) {
      const buf = a.bufs[a.turn] as Buffer;
      a.turn = (a.turn + 1) % a.bufs.length;
      const want = buf.length;
      const r: PartRead = { buf, want, done: readAhead(this.fd, buf, want, a.readTo) };
      // Its error is thrown by the step that awaits it.
      r.done.then((n) => void (r.got = n)).catch(() => undefined);
      a.readTo += want;
      a.reads.push(r);
    }
  }

  /** Shows the watcher the parts read since, in order (up to a short one, the file's last). */
  #showEnded(a: Ahead): void {
    const watch = this.#watch;
    if (watch === undefined) return;
    for (const r of a.reads) {
      if (r.got === undefined) return;
      if (!r.shown) {
        r.shown = true;
        watch(r.buf.subarray(0, r.got));
      }
      if (r.got < r.want) return;
    }
  }

  async closeAhead(): Promise<void> {
    const a = this.#ahead;
    if (a !== undefined)
      for (const p of [...a.reads.map((r) => r.done), ...a.dropped]) await p.catch(() => undefined);
    this.close();
  }

  takeTooLong(): Rejection[] {
    return this.split.takeTooLong();
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.fd);
  }
}

/**
 * Whether the file can be split here: not gzip, and JSON Lines (sniffed from its start; `whole`:
 * `first` is the whole file).
 */
function isJsonl(fd: number, first: Buffer, whole: boolean, o: SplitFileOptions): boolean {
  if (isGzip(first)) return false;
  if (o.framing === 'jsonl') return true;
  let head = first.subarray(0, SNIFF_BYTES);
  if (head.length < SNIFF_BYTES && !whole) {
    // The first read (a small chunk) holds less than the sniff looks at, and the file goes on.
    const more = Buffer.allocUnsafe(SNIFF_BYTES);
    head = more.subarray(0, readFully(fd, more, more.length, 0));
  }
  return sniffFraming(head) === 'jsonl';
}
