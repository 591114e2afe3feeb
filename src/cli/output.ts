import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';

/** Where the output goes: standard output for `-` or nothing, else the named file. */
export function openOutput(path: string | undefined): { stream: Writable; name: string } {
  if (path === undefined || path === '-')
    return { stream: process.stdout, name: 'standard output' };
  return { stream: createWriteStream(path), name: path };
}

/** True for the error a write gets when the reader went away (`txpipe ... | head -1`). */
export function isBrokenPipe(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return (
    code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_PREMATURE_CLOSE'
  );
}
