// The CLI runs a records command's stages in batches (BatchStages over the logic recordTransform
// keeps, encodeBatch for the writer) instead of piping records one at a time: for every such
// command, the same bytes, rejections and errors as the stages' Transforms and stringify.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchStages, recordLogicOf, type StageLogic } from '../../src/stream/batch-logic.js';
import { encodeBatch } from '../../src/stream/batch-write.js';
import type { OnInvalid } from '../../src/stream/parse.js';
import { readRecords } from '../../src/stream/read-records.js';
import type { Rec } from '../../src/stream/rec.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { stringify } from '../../src/stream/stringify.js';
import { getCommand } from '../../src/transforms/registry.js';
import { cliInProcess } from '../cli-in-process.js';
import { fixture } from '../shared.js';

const sessions = [
  fixture('claude-code', 'marot-spotter', 'short.jsonl'),
  fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl'),
];

/** A session's lines with damage: a malformed line, a secret, a long string, a cut-off end. */
function damaged(): Buffer {
  const text = readFileSync(sessions[0] as string, 'utf8')
    .split('\n')
    .filter(Boolean);
  const bad = ['{"type":"user", nope', `{"type":"user","token":"ghp_${'a'.repeat(36)}"}`];
  const long = JSON.stringify({ type: 'user', note: 'x'.repeat(40000) });
  return Buffer.from([...text.slice(0, 5), ...bad, long, ...text.slice(5), '{"cut'].join('\n'));
}

/** Records as the CLI reads them (`pass`), from each input in turn. */
async function recordsOf(inputs: readonly [string, Buffer][]): Promise<Rec[]> {
  const out: Rec[] = [];
  for (const [source, bytes] of inputs) {
    const s = readRecords(Readable.from([bytes]), { source, onInvalid: 'pass' });
    for await (const r of s) out.push(r as Rec);
  }
  return out;
}

async function stages(argv: Record<string, unknown>, name: string): Promise<Transform[]> {
  const spec = getCommand(name)!;
  const run = await spec.load();
  const args: Record<string, unknown> = { onInvalid: 'skip' };
  for (const [k, o] of Object.entries(spec.options))
    if (o.default !== undefined) args[k] = o.default;
  const ctx = { inputs: ['a.jsonl', 'b.jsonl'], stdoutIsTTY: false, stderr: process.stderr };
  return run.stages({ ...args, ...argv }, ctx);
}

interface Result {
  readonly bytes: string;
  readonly rejections: Rejection[];
  readonly error?: string;
}

/** The stages' Transforms and stringify, piped one record at a time. */
async function piped(recs: Rec[], st: Transform[], onInvalid: OnInvalid): Promise<Result> {
  const rejections: Rejection[] = [];
  const tail = stringify({ onInvalid });
  for (const s of [...st, tail]) s.on(REJECT_EVENT, (r: Rejection) => rejections.push(r));
  const chunks: Buffer[] = [];
  let error: string | undefined;
  try {
    const sink = new Writable({
      write(c: Buffer, _e, done) {
        chunks.push(Buffer.from(c));
        done();
      },
    });
    await pipeline([Readable.from(recs), ...st, tail, sink] as unknown as [Readable, Writable]);
  } catch (err) {
    error = (err as Error).message;
  }
  return { bytes: Buffer.concat(chunks).toString(), rejections, ...(error ? { error } : {}) };
}

/** The same through BatchStages and encodeBatch, `size` records at a time. */
function batched(recs: Rec[], st: Transform[], onInvalid: OnInvalid, size: number): Result {
  const rejections: Rejection[] = [];
  const logic = st.map(recordLogicOf);
  expect(logic.every((l) => l !== undefined)).toBe(true);
  const b = new BatchStages(logic as StageLogic[], (r) => rejections.push(r));
  const parts: Buffer[] = [];
  let error: string | undefined;
  try {
    const batches = [];
    for (let i = 0; i < recs.length; i += size) batches.push(recs.slice(i, i + size));
    for (const out of [...batches.map((x) => b.run(x)), b.end()]) {
      const enc = encodeBatch(out, onInvalid, (r) => rejections.push(r));
      parts.push(...enc.chunks);
      if (enc.error) throw enc.error;
    }
  } catch (err) {
    error = (err as Error).message;
  }
  return { bytes: Buffer.concat(parts).toString(), rejections, ...(error ? { error } : {}) };
}

const commands: [string, string, Record<string, unknown>][] = [
  ['cat', 'cat', {}],
  ['clip', 'clip', {}],
  ['clip --limit 64', 'clip', { limit: '64' }],
  ['redact', 'redact', {}],
  ['dedup-usage', 'dedup-usage', {}],
  ['convert --to flockdeck', 'convert', { to: 'flockdeck' }],
  ['convert --to run-record', 'convert', { to: 'run-record' }],
];

describe('stages run in batches give what their Transforms give', () => {
  it.each(commands)('%s', async (_label, name, argv) => {
    const inputs: [string, Buffer][] = [
      ['a.jsonl', readFileSync(sessions[1] as string)],
      ['b.jsonl', damaged()],
    ];
    const recs = await recordsOf(inputs);
    expect(recs.length).toBeGreaterThan(50);
    for (const onInvalid of ['skip', 'pass'] as const) {
      const want = await piped(recs, await stages(argv, name), onInvalid);
      expect(want.bytes.length).toBeGreaterThan(1000);
      for (const size of [1, 7, 100000]) {
        const got = batched(recs, await stages(argv, name), onInvalid, size);
        expect(got, `${onInvalid}, batches of ${size}`).toEqual(want);
      }
    }
  });

  it('onInvalid error: the lines before the malformed one, then its error', async () => {
    const recs = await recordsOf([['b.jsonl', damaged()]]);
    const want = await piped(recs, await stages({}, 'cat'), 'error');
    expect(want.error).toContain('not JSON');
    for (const size of [1, 3, 100000]) {
      const got = batched(recs, await stages({}, 'cat'), 'error', size);
      expect(got.error).toBe(want.error);
      // The lines before it are written (the stream may drop them when it fails).
      expect(got.bytes.split('\n').length).toBe(6);
    }
  });

  it('a flush that returns an iterable is drawn a few records at a time, in order', () => {
    const rec = (n: number): Rec => ({ raw: `{"n":${n}}`, value: { n }, line: n, source: 's' });
    let made = 0;
    const held: StageLogic = {
      transform: () => undefined,
      *flush(ctx) {
        ctx.push(rec(0)); // pushed and yielded records keep their order
        for (let n = 1; n <= 20; n++) {
          made++;
          yield rec(n);
        }
      },
    };
    const double: StageLogic = { transform: (r) => [r, r] };
    const stagesOf = new BatchStages([held, double], () => {});
    const seen: number[] = [];
    for (const chunk of stagesOf.endChunks(8)) {
      expect(chunk.length).toBeLessThanOrEqual(16);
      for (const r of chunk) seen.push((r.value as { n: number }).n);
      // The records of a chunk are made before it is given, the next ones not yet.
      expect(made).toBe(seen[seen.length - 1]);
    }
    expect(seen).toEqual([...Array(21).keys()].flatMap((n) => [n, n]));
    made = 0;
    expect(new BatchStages([held, double], () => {}).end().length).toBe(42);
  });

  it('a stage that is not record logic has none', async () => {
    expect(recordLogicOf(stringify())).toBeUndefined();
  });
});

describe('the CLI reads a file in batches as it reads the same bytes from standard input', () => {
  // Lines that test the byte copy of unchanged records: invalid UTF-8 (decoded with U+FFFD, so
  // written from the text), a BOM, CRLF, blank lines, lines longer than a 64 KiB batch.
  const text = readFileSync(sessions[1] as string);
  const bytes = Buffer.concat([
    Buffer.from('\uFEFF{"type":"user","a":1}\r\n\r\n'),
    Buffer.from('{"type":"user","bad":"'),
    Buffer.from([0xc3, 0x28, 0xff]),
    Buffer.from('"}\n{"type":"user","ok":"\u00e9\u2713\uFFFD"}\n'),
    text,
    Buffer.from(`{"type":"user","long":"${'y'.repeat(200000)}"}\n  \n{"x":1,"x":2}\n`),
    damaged(),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'txpipe-batch-'));
  const file = join(dir, 'in.jsonl');
  writeFileSync(file, bytes);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(commands)('%s', async (_label, name, argv) => {
    const flags = Object.entries(argv).map(
      ([k, v]) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}=${String(v)}`,
    );
    const fromFile = await cliInProcess([name, ...flags, file]);
    const fromStdin = await cliInProcess([name, ...flags], { stdin: bytes });
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout.length).toBeGreaterThan(1000);
    expect(fromFile.stdout).toBe(fromStdin.stdout);
    expect(fromFile.stderr.replaceAll(file, '-')).toBe(fromStdin.stderr);
  });

  it('cat writes every valid line back byte for byte', async () => {
    const r = await cliInProcess(['cat', '--on-invalid', 'pass', file]);
    const want = bytes
      .toString('latin1')
      .replace(/^\u00ef\u00bb\u00bf/, '')
      .split('\n')
      .map((l) => l.replace(/\r$/, ''))
      .filter((l) => l.trim() !== '' && !l.startsWith('{"cut'));
    const got = Buffer.from(r.stdout, 'utf8').toString('latin1').split('\n').slice(0, -1);
    // The line with invalid UTF-8 is written as it was decoded (U+FFFD); every other line as read.
    expect(got.length).toBe(want.length);
    const differ = got.flatMap((l, i) => (l === want[i] ? [] : [i]));
    expect(differ).toEqual([1]);
  });
});
