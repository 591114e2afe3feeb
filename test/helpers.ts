import type { Readable } from 'node:stream';

/** Every object a stream emits, in order. */
export async function collect<T>(stream: Readable): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item as T);
  return out;
}
