import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { awfDecoder } from '../../../src/formats/awf/awf-decoder.js';
import { awfEncoder } from '../../../src/formats/awf/awf-encoder.js';
import type { Event } from '../../../src/events/event.js';
import { openInput } from '../../../src/stream/input.js';
import { readRecords } from '../../../src/stream/read-records.js';
import type { Rec } from '../../../src/stream/rec.js';
import { bin } from '../../shared.js';

const run = promisify(execFile);

/** Every record of a file, lines that are not JSON included (as the CLI reads them). */
export async function records(path: string): Promise<Rec[]> {
  const out: Rec[] = [];
  for await (const r of readRecords(openInput(path), { source: path, onInvalid: 'pass' })) {
    out.push(r as Rec);
  }
  return out;
}

/** Records of bytes fed in chunks of `size` bytes. */
export async function recordsOfBytes(bytes: Buffer, size: number): Promise<Rec[]> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Rec[] = [];
  for await (const r of readRecords(Readable.from(chunks), { source: '-', onInvalid: 'pass' })) {
    out.push(r as Rec);
  }
  return out;
}

/** The canonical events of an AWF file. */
export async function decodeFile(path: string): Promise<Event[]> {
  const d = awfDecoder({ source: path });
  const out: Event[] = [];
  for (const r of await records(path)) out.push(...d.decode(r));
  out.push(...d.end());
  return out;
}

/** AWF envelopes for canonical events. */
export function encodeAll(events: readonly Event[]): unknown[] {
  const e = awfEncoder();
  const out: unknown[] = [];
  for (const ev of events) out.push(...e.encode(ev));
  out.push(...e.end());
  return out;
}

export { ensureBuilt } from '../../shared.js';

/** Runs the built CLI as a user would. */
export async function cli(
  args: string[],
): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run('node', [bin, ...args], { maxBuffer: 1 << 26 });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}
