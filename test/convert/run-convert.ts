import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readRecords } from '../../src/stream/read-records.js';
import { stringify } from '../../src/stream/stringify.js';
import { convert, type ConvertOptions } from '../../src/transforms/convert.js';

/** An input as the CLI reads it: its name and its bytes, fed in chunks of `chunk` bytes. */
export interface Input {
  readonly source: string;
  readonly data?: Buffer;
}

function pieces(data: Buffer, chunk: number | undefined): Buffer[] {
  if (!chunk) return [data];
  const out: Buffer[] = [];
  for (let i = 0; i < data.length; i += chunk) out.push(data.subarray(i, i + chunk));
  return out;
}

/** Runs `convert` in-process over inputs (one after another, as the CLI does); the output bytes. */
export async function runConvert(
  inputs: readonly (Input | string)[],
  options: ConvertOptions,
  chunk?: number,
): Promise<string> {
  const records = new PassThrough({ objectMode: true });
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(b: Buffer, _e, done) {
      parts.push(Buffer.from(b));
      done();
    },
  });
  const run = pipeline(records, convert(options), stringify({ onInvalid: 'skip' }), sink);
  for (const i of inputs) {
    const input = typeof i === 'string' ? { source: i } : i;
    const data = input.data ?? readFileSync(input.source);
    const recs = readRecords(Readable.from(pieces(data, chunk)), {
      source: input.source,
      onInvalid: 'pass',
    });
    for await (const r of recs) records.write(r);
  }
  records.end();
  await run;
  return Buffer.concat(parts).toString('utf8');
}

/** Every `.jsonl` file under a folder, files before subfolders, as the CLI expands it. */
export function jsonlFiles(dir: string): string[] {
  const out: string[] = [];
  const entries = readdirSync(dir).sort();
  for (const e of entries) {
    const p = join(dir, e);
    if (statSync(p).isFile() && e.endsWith('.jsonl')) out.push(p);
  }
  for (const e of entries) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...jsonlFiles(p));
  }
  return out;
}

/** Output lines parsed. */
export const parseLines = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
