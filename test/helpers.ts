import { Readable } from 'node:stream';

/** Every object a stream emits, in order. */
export async function collect<T>(stream: Readable): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item as T);
  return out;
}

/** Everything a byte stream emits, as one buffer. */
export async function bytesOf(stream: Readable): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of stream) out.push(Buffer.from(chunk as Buffer | string));
  return Buffer.concat(out);
}

/** The chunk sizes every byte-level contract is checked at; `Infinity` is the whole input. */
export const CHUNK_SIZES = [1, 2, 3, 7, 64, Infinity] as const;

/** A byte stream that delivers `buf` in chunks of `size` bytes (the last may be shorter). */
export function chunked(buf: Buffer, size: number): Readable {
  const parts: Buffer[] = [];
  if (size === Infinity) parts.push(buf);
  else for (let i = 0; i < buf.length; i += size) parts.push(buf.subarray(i, i + size));
  return Readable.from(parts, { objectMode: false });
}
