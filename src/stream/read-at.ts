import { read, readSync } from 'node:fs';

/** Reads `n` bytes at `position` into `buf` (fewer at the end of the file); the count read. */
export function readFully(fd: number, buf: Buffer, n: number, position: number): number {
  let got = 0;
  while (got < n) {
    const r = readSync(fd, buf, got, n - got, position + got);
    if (r === 0) break;
    got += r;
  }
  return got;
}

/** Reads up to `left` bytes (at most the buffer) at `position` on the thread pool. */
export async function readAhead(
  fd: number,
  buf: Buffer,
  left: number,
  position: number,
): Promise<number> {
  const n = Math.min(left, buf.length);
  let got = 0;
  while (got < n) {
    const r = await new Promise<number>((resolve, reject) => {
      read(fd, buf, got, n - got, position + got, (err, bytes) =>
        err ? reject(err) : resolve(bytes),
      );
    });
    if (r === 0) break;
    got += r;
  }
  return got;
}
