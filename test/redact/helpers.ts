import { Readable, Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readRecords } from '../../src/stream/read-records.js';
import { stringify } from '../../src/stream/stringify.js';
import { cat } from '../../src/transforms/cat.js';
import { redact, type RedactStageOptions } from '../../src/transforms/redact.js';

/** Splits bytes into chunks of `size` (0: one chunk). */
export function chunks(bytes: Buffer, size: number): Buffer[] {
  if (size <= 0 || size >= bytes.length) return [bytes];
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** Runs bytes through readRecords -> stage -> stringify, as the CLI does (`--on-invalid pass`). */
export async function runBytes(
  bytes: Buffer,
  stage: Transform,
  chunkSize = 0,
  source = 'input.jsonl',
): Promise<string> {
  const out: Buffer[] = [];
  await pipeline(
    readRecords(Readable.from(chunks(bytes, chunkSize)), { source, onInvalid: 'pass' }),
    stage,
    stringify({ onInvalid: 'pass' }),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        out.push(Buffer.from(chunk));
        done();
      },
    }),
  );
  return Buffer.concat(out).toString('utf8');
}

/** Bytes redacted by `redact(options)`. */
export function redactBytes(
  bytes: Buffer,
  chunkSize = 0,
  options: RedactStageOptions = {},
  source = 'input.jsonl',
): Promise<string> {
  return runBytes(bytes, redact(options), chunkSize, source);
}

/** Bytes read and written by `cat` (the same reading and writing, nothing redacted). */
export function catBytes(bytes: Buffer, source = 'input.jsonl'): Promise<string> {
  return runBytes(bytes, cat(), 0, source);
}

/** JSON Lines from values. */
export function jsonl(...values: unknown[]): Buffer {
  return Buffer.from(values.map((v) => JSON.stringify(v)).join('\n') + '\n');
}
