import { Transform, type TransformCallback } from 'node:stream';
import { crc32, createInflateRaw, type InflateRaw } from 'node:zlib';

/** Bytes after the last gzip member that are not gzip: where they start, and how many. */
export interface TrailingBytes {
  readonly offset: number;
  readonly bytes: number;
}

/** Compressed bytes handed to the inflater at a time (bounds what one write makes). */
const PIECE_BYTES = 16 * 1024;

/** A gzip member's header, its optional fields included, is never longer than this. */
const MAX_HEADER_BYTES = 1024 * 1024;

/** gzip's header flags (RFC 1952, 2.3.1). */
const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;
const FRESERVED = 0xe0;

/** An error shaped as zlib's own (its `code` says it is gzip's: `inputError` words it). */
function gzipError(message: string, code = 'Z_DATA_ERROR'): Error {
  return Object.assign(new Error(message), { code, errno: code === 'Z_DATA_ERROR' ? -3 : -5 });
}

/**
 * The length of the gzip member header at the start of `b`, 'more' when `b` holds only part of
 * one, 'not-gzip' when `b` does not start one; a header gzip cannot read throws.
 */
function headerLength(b: Buffer): number | 'more' | 'not-gzip' {
  if ((b.length >= 1 && b[0] !== 0x1f) || (b.length >= 2 && b[1] !== 0x8b)) return 'not-gzip';
  if (b.length < 10) return 'more';
  if (b[2] !== 8) throw gzipError('unknown compression method');
  const flags = b[3] as number;
  if ((flags & FRESERVED) !== 0) throw gzipError('unknown header flags set');
  let at = 10;
  if ((flags & FEXTRA) !== 0) {
    if (b.length < at + 2) return 'more';
    at += 2 + b.readUInt16LE(at);
  }
  for (const flag of [FNAME, FCOMMENT]) {
    if ((flags & flag) === 0) continue;
    const nul = b.indexOf(0, Math.min(at, b.length));
    if (nul < 0) return 'more';
    at = nul + 1;
  }
  if ((flags & FHCRC) !== 0) at += 2;
  return b.length < at ? 'more' : at;
}

/** zlib's raw inflater, saying when it has ended (its deflate data ended: it pushed null). */
type MemberInflater = InflateRaw & { ended: boolean };

/**
 * A raw inflater whose `ended` turns true when the deflate data ends (zlib pushes null then):
 * what follows it in the same write is the member's trailer, not more data.
 */
function memberInflater(): MemberInflater {
  const inflater = Object.assign(createInflateRaw(), { ended: false });
  const push = inflater.push.bind(inflater);
  inflater.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (chunk === null) inflater.ended = true;
    return push(chunk, encoding);
  };
  return inflater;
}

/**
 * Writes `piece` to the inflater: resolves once it has been inflated, rejects with zlib's error
 * (zlib fails the stream without calling the write's callback).
 */
function written(inflater: MemberInflater, piece: Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (err: Error): void => reject(err);
    inflater.once('error', failed);
    inflater.write(piece, (err) => {
      inflater.off('error', failed);
      if (err) reject(err);
      else resolve();
    });
  });
}

/**
 * gzip bytes in, their decompressed bytes out, member after member (RFC 1952), as `zcat` reads
 * them: each member's data checked by its CRC-32 and length. Bytes after a member that do not
 * start another are not gzip: every member before them is written whole, and `onTrailing` is
 * told where they start and how many there are (zero bytes alone, padding, are not told). zlib's
 * own gunzip fails at such bytes and loses the output of the last write before them (issue 24).
 * The errors are zlib's (`code` `Z_DATA_ERROR`, `Z_BUF_ERROR` for data cut short).
 */
export function gunzipMembers(onTrailing: (t: TrailingBytes) => void): Transform {
  return new GunzipMembers(onTrailing);
}

type State = 'header' | 'body' | 'trailer' | 'tail';

class GunzipMembers extends Transform {
  readonly #onTrailing: (t: TrailingBytes) => void;
  #state: State = 'header';
  /** Bytes of a header or trailer gathered across chunks. */
  #pending: Buffer = Buffer.alloc(0);
  /** The input offset of the next byte not gathered or inflated. */
  #offset = 0;
  #inflater: MemberInflater | undefined;
  #crc = 0;
  #size = 0;
  #tail = { offset: 0, bytes: 0, nonZero: false };
  /** Resolves once the reader asks for more (the output was over its high-water mark). */
  #wantMore: (() => void) | undefined;

  constructor(onTrailing: (t: TrailingBytes) => void) {
    super();
    this.#onTrailing = onTrailing;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.#take(chunk).then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    this.#end().then(() => done(), done);
  }

  override _read(size: number): void {
    const wantMore = this.#wantMore;
    this.#wantMore = undefined;
    wantMore?.();
    super._read(size);
  }

  override _destroy(err: Error | null, done: (error?: Error | null) => void): void {
    this.#inflater?.destroy();
    done(err);
  }

  async #take(chunk: Buffer): Promise<void> {
    let buf = chunk;
    while (buf.length > 0) {
      if (this.#state === 'body') buf = await this.#inflate(buf);
      else if (this.#state === 'tail') buf = this.#toTail(buf);
      else {
        const b = this.#pending.length > 0 ? Buffer.concat([this.#pending, buf]) : buf;
        const start = this.#offset - this.#pending.length;
        const used = this.#state === 'header' ? this.#header(b, start) : this.#trailer(b);
        if (used === undefined) {
          this.#pending = Buffer.from(b); // the chunk's buffer may be reused
          this.#offset = start + b.length;
          return;
        }
        this.#pending = Buffer.alloc(0);
        this.#offset = start + used;
        buf = b.subarray(used);
      }
    }
  }

  /** A member's header at the start of `b`: its length (the body follows), or undefined: more. */
  #header(b: Buffer, start: number): number | undefined {
    const h = headerLength(b);
    if (h === 'more') {
      if (b.length > MAX_HEADER_BYTES) throw gzipError('gzip header too long');
      return undefined;
    }
    if (h === 'not-gzip') {
      if (start === 0) throw gzipError('incorrect header check');
      this.#state = 'tail';
      this.#tail.offset = start;
      return 0;
    }
    const inflater = memberInflater();
    inflater.on('data', (d: Buffer) => {
      this.#crc = crc32(d, this.#crc);
      this.#size += d.length;
      this.push(d);
    });
    inflater.on('error', () => undefined); // given to the write that failed (`written`)
    this.#inflater = inflater;
    this.#crc = 0;
    this.#size = 0;
    this.#state = 'body';
    return h;
  }

  /** A member's trailer (CRC-32, length): checked, then the next member; undefined: more. */
  #trailer(b: Buffer): number | undefined {
    if (b.length < 8) return undefined;
    if (b.readUInt32LE(0) !== this.#crc >>> 0) throw gzipError('incorrect data check');
    if (b.readUInt32LE(4) !== this.#size % 2 ** 32) throw gzipError('incorrect length check');
    this.#state = 'header';
    return 8;
  }

  /** Inflates `buf` a piece at a time; what follows the member's deflate data is given back. */
  async #inflate(buf: Buffer): Promise<Buffer> {
    const inflater = this.#inflater as MemberInflater;
    for (let at = 0; at < buf.length;) {
      const piece = buf.subarray(at, at + PIECE_BYTES);
      const before = inflater.bytesWritten;
      await written(inflater, piece);
      const used = inflater.bytesWritten - before;
      at += used;
      this.#offset += used;
      if (inflater.ended) {
        if (!inflater.readableEnded) await new Promise((r) => inflater.once('end', r));
        inflater.destroy();
        this.#inflater = undefined;
        this.#state = 'trailer';
        return buf.subarray(at);
      }
      if (this.readableLength >= this.readableHighWaterMark)
        await new Promise<void>((resolve) => (this.#wantMore = resolve));
    }
    return buf.subarray(buf.length);
  }

  #toTail(buf: Buffer): Buffer {
    this.#tail.bytes += buf.length;
    if (!this.#tail.nonZero) this.#tail.nonZero = buf.some((x) => x !== 0);
    this.#offset += buf.length;
    return buf.subarray(buf.length);
  }

  async #end(): Promise<void> {
    if (this.#state === 'body') {
      // The input ended inside a member's data: zlib says what it made of it, then fails.
      const inflater = this.#inflater as MemberInflater;
      await new Promise<void>((resolve, reject) => {
        inflater.once('error', reject);
        inflater.once('end', resolve);
        inflater.end();
      });
      throw gzipError('unexpected end of file', 'Z_BUF_ERROR');
    }
    if (this.#state === 'trailer') throw gzipError('unexpected end of file', 'Z_BUF_ERROR');
    if (this.#state === 'header' && this.#pending.length > 0) {
      // Part of a header, or of one byte like it: not gzip either.
      this.#tail = { offset: this.#offset - this.#pending.length, bytes: 0, nonZero: false };
      this.#toTail(this.#pending);
    }
    if (this.#tail.nonZero)
      this.#onTrailing({ offset: this.#tail.offset, bytes: this.#tail.bytes });
  }
}
