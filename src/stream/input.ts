import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { TxpipeError } from './errors.js';
import { gunzipMembers, type TrailingBytes } from './gunzip-members.js';

/** The bytes a gzip stream starts with. */
const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * Reads at least `want` bytes from the front of a stream (fewer at its end, or as soon as
 * `settled(head)` holds, which is asked after each chunk with a line break) and gives them back
 * with a stream of the whole input, the head included. Nothing is read twice.
 */
export async function peek(
  input: Readable,
  want: number,
  settled?: (head: Buffer) => boolean,
): Promise<{ head: Buffer; stream: Readable }> {
  const it = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let got = 0;
  let ended = false;
  while (got < want) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    const buf = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(buf);
    got += buf.length;
    if (settled && got < want && buf.includes(0x0a) && settled(Buffer.concat(chunks, got))) break;
  }
  const head = Buffer.concat(chunks, got);
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    if (ended) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    }
  }
  return { head, stream: Readable.from(all(), { objectMode: false }) };
}

/** True when the bytes start a gzip stream. */
export function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
}

/**
 * Gives the input's bytes, decompressed when it is gzip (detected by its magic bytes), member
 * after member; bytes after the gzip data that are not gzip are told to `onTrailing` at the end.
 */
export async function decompressed(
  input: Readable,
  onTrailing: (t: TrailingBytes) => void = () => undefined,
): Promise<Readable> {
  const { head, stream } = await peek(input, 2);
  if (!isGzip(head)) return stream;
  const gunzip = gunzipMembers(onTrailing);
  stream.on('error', (err) => gunzip.destroy(err));
  gunzip.on('error', () => stream.destroy());
  return stream.pipe(gunzip);
}

/** Opens a path (or `-` for standard input) as a byte stream; gzip is handled by `readRecords`. */
export function openInput(path: string): Readable {
  return path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 256 * 1024 });
}

/** Turns an I/O error into an `ERR_TXPIPE_INPUT` that names the input; other errors pass. */
export function inputError(err: unknown, source: string): unknown {
  if (err instanceof TxpipeError) return err;
  const e = err as NodeJS.ErrnoException;
  if (typeof e?.code !== 'string') return err;
  const reason = e.code.startsWith('Z_') ? `not valid gzip (${e.message})` : describeIoError(e);
  return new TxpipeError('ERR_TXPIPE_INPUT', `${source}: ${reason}`, { cause: err });
}

/** A failed write of a file the run writes besides its output (`--html`, `--timing`), naming it. */
export function outputError(err: unknown, path: string): TxpipeError {
  const reason = describeIoError(err as NodeJS.ErrnoException);
  return new TxpipeError('ERR_TXPIPE_OUTPUT', `cannot write ${path}: ${reason}`, { cause: err });
}

/** A short, human reason for an I/O error. */
export function describeIoError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOSPC':
      return 'no space left on device';
    case 'ENOTDIR':
      return 'not a directory';
    case 'ELOOP':
      return 'symbolic link loop';
    case 'ENAMETOOLONG':
      return 'name too long';
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return 'closed before its end (the stream was destroyed)';
    default:
      // Node's text without its code and syscall: `EIO: i/o error, read` -> `i/o error`.
      return err.message.replace(/^[A-Z][A-Z0-9_]*: /, '').replace(/, [a-z_]+(?: '.*')?$/, '');
  }
}
