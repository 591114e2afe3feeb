import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';

/** A run's output, opened: the stream, its name for messages, whether the run ends it. */
export interface OpenOutput {
  readonly stream: Writable;
  readonly name: string;
  /** A file txpipe opened, or a caller's stream it was told to end; never standard output. */
  readonly end: boolean;
}

/**
 * Where the output goes: standard output for `-` or nothing, the named file for a path (made or
 * emptied now), or the caller's stream (ended at the end unless `end` is false).
 */
export function openOutput(output: string | Writable | undefined, end = true): OpenOutput {
  if (output === undefined || output === '-' || output === process.stdout)
    return { stream: process.stdout, name: 'standard output', end: false };
  if (typeof output !== 'string') return { stream: output, name: 'the output stream', end };
  return { stream: createWriteStream(output), name: output, end: true };
}

/** True for the error a write gets when the reader went away (`txpipe ... | head -1`). */
export function isBrokenPipe(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return (
    code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_PREMATURE_CLOSE'
  );
}
