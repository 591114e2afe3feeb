// The CLI's batch path reads a plain file in chunks (split-file-sync) and writes each batch's
// unchanged records as ranges of the bytes read, consecutive lines in one copy (encodeBatch). The
// contract: for every chunk size, the bytes and rejections are those of the same input read from
// standard input (the streaming reader, which never copies ranges), so no fast path may mis-frame a
// line: a CRLF, a BOM, a blank line, invalid UTF-8, a line over a chunk, a malformed or cut-off one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runBatches } from '../../src/engine/run-batches.js';
import type { ReadLimits } from '../../src/engine/read-limits.js';
import { recordLogicOf, type StageLogic } from '../../src/stream/batch-logic.js';
import type { OnInvalid } from '../../src/stream/parse.js';
import type { Rejection } from '../../src/stream/rejection.js';
import { getCommand } from '../../src/transforms/registry.js';
import { fixture } from '../shared.js';

const session = readFileSync(fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl'));
/** A session whose replies repeat their usage (dedup-usage changes some of its records). */
const short = readFileSync(fixture('claude-code', 'marot-spotter', 'short.jsonl'));

/** Lines that test the ranges: each kind of line next to an ordinary one, in both orders. */
const input = Buffer.concat([
  Buffer.from('\uFEFF{"type":"user","a":1}\n{"type":"user","b":2}\r\n{"type":"user","c":3}\n'),
  Buffer.from('\n\n{"type":"user","after":"blank"}\n   \n{"x":1}\r\n\r\n{"x":2}\n'),
  Buffer.from('{"type":"user","bad":"'),
  Buffer.from([0xc3, 0x28, 0xff]),
  Buffer.from('"}\n{"type":"user","ok":"\u00e9\u2713\uFFFD"}\n{"nope\n{"y":1}\n'),
  session.subarray(0, 4000),
  Buffer.from(`\n{"type":"user","long":"${'y'.repeat(3000)}"}\n{"z":[1,2.50,1e400]}\n`),
  short,
  Buffer.from('{"last":true}\r\n{"cut'),
]);

const dir = mkdtempSync(join(tmpdir(), 'txpipe-run-batches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'in.jsonl');
const second = join(dir, 'second.jsonl');
writeFileSync(file, input);
writeFileSync(second, Buffer.from('{"x":1}\n{"x":1}\r\n'));

async function logicOf(name: string, argv: Record<string, unknown>): Promise<StageLogic[]> {
  const spec = getCommand(name)!;
  const run = await spec.load();
  const args: Record<string, unknown> = { onInvalid: 'pass' };
  for (const [k, o] of Object.entries(spec.options))
    if (o.default !== undefined) args[k] = o.default;
  const ctx = { inputs: [file], stdoutIsTTY: false, stderr: process.stderr };
  const logic = run.stages({ ...args, ...argv }, ctx).map(recordLogicOf);
  expect(logic.every((l) => l !== undefined)).toBe(true);
  return logic as StageLogic[];
}

interface Result {
  readonly bytes: string;
  readonly rejections: string[];
  readonly error?: string;
}

/** What runBatches writes and rejects for `inputs` (`-` reads `stdin`). */
async function run(
  name: string,
  argv: Record<string, unknown>,
  inputs: string[],
  onInvalid: OnInvalid,
  chunkBytes?: number,
): Promise<Result> {
  const chunks: Buffer[] = [];
  const rejections: string[] = [];
  const out = new Writable({
    write(c: Buffer, _e, done) {
      chunks.push(Buffer.from(c));
      done();
    },
  });
  const read: ReadLimits = { onInvalid, framing: 'auto' };
  let error: string | undefined;
  try {
    await runBatches({
      inputs,
      read,
      logic: await logicOf(name, argv),
      reject: (r: Rejection) => rejections.push(`${r.line} ${r.reason}`),
      out,
      stdin: Readable.from([input]),
      ...(chunkBytes === undefined ? {} : { chunkBytes }),
    });
  } catch (err) {
    error = (err as Error).message.replaceAll(file, '-');
  }
  const bytes = Buffer.concat(chunks).toString('latin1');
  return { bytes, rejections, ...(error === undefined ? {} : { error }) };
}

const commands: [string, string, Record<string, unknown>][] = [
  ['cat', 'cat', {}],
  ['clip --limit 64', 'clip', { limit: '64' }],
  ['dedup-usage', 'dedup-usage', {}],
  ['redact', 'redact', {}],
];

/** Chunk sizes swept (DESIGN §6): lines split every way, a line over a chunk, and whole. */
const CHUNKS = [1, 2, 7, 64, 1000, 4096, undefined];

describe('a file read in chunks of any size is written as the same bytes read from stdin', () => {
  it.each(commands)('%s', async (_label, name, argv) => {
    for (const onInvalid of ['pass', 'skip', 'error'] as const) {
      const want = await run(name, argv, ['-'], onInvalid);
      expect(want.bytes.length).toBeGreaterThan(onInvalid === 'error' ? 100 : 10000);
      for (const chunkBytes of CHUNKS) {
        const got = await run(name, argv, [file], onInvalid, chunkBytes);
        expect(got, `${onInvalid}, chunks of ${chunkBytes}`).toEqual(want);
      }
    }
  });

  it('dedup-usage changes records here (so changed and unchanged ones alternate)', async () => {
    const cat = await run('cat', {}, ['-'], 'pass');
    const dedup = await run('dedup-usage', {}, ['-'], 'pass');
    const changed = dedup.bytes.split('\n').filter((l, i) => l !== cat.bytes.split('\n')[i]);
    expect(changed.length).toBeGreaterThan(1);
  });

  it('cat: two files after each other, each line once, in order, for every chunk size', async () => {
    const want = await run('cat', {}, ['-'], 'skip');
    for (const chunkBytes of CHUNKS) {
      const got = await run('cat', {}, [file, second], 'skip', chunkBytes);
      expect(got.bytes).toBe(`${want.bytes}{"x":1}\n{"x":1}\n`);
    }
  });

  it('cat writes every valid line as its bytes, CR and BOM dropped, invalid UTF-8 decoded', async () => {
    const got = await run('cat', {}, [file], 'pass', 7);
    const lines = input
      .toString('latin1')
      .replace(/^\u00ef\u00bb\u00bf/, '')
      .split('\n')
      .map((l) => l.replace(/\r$/, ''))
      .filter((l) => l.trim() !== '' && l !== '{"cut');
    const written = got.bytes.split('\n').slice(0, -1);
    expect(written.length).toBe(lines.length);
    const differ = written.flatMap((l, i) => (l === lines[i] ? [] : [lines[i]]));
    expect(differ).toEqual(['{"type":"user","bad":"\u00c3(\u00ff"}']);
  });
});
