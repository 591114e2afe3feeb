// On a large file, the CLI's batch path runs redact's prescan on a worker thread ahead of the
// stage (line-judge.ts, judge-ahead.ts). The contract: the bytes and rejections are those of the
// same input read from standard input (no worker), whatever the chunk size, whether the worker
// keeps up, falls behind or fails; and a verdict the worker gives is the prescan's own on that
// line. Lines that cross parts, CRLF, a BOM, blank lines, invalid UTF-8 and a line over the limit
// are all in the input.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatches } from '../../src/engine/run-batches.js';
import type { ReadLimits } from '../../src/engine/read-limits.js';
import { createRedactor } from '../../src/redact/redactor.js';
import { recordLogicOf, type StageLogic } from '../../src/stream/batch-logic.js';
import type { Rec } from '../../src/stream/rec.js';
import type { Rejection } from '../../src/stream/rejection.js';
import { getCommand } from '../../src/transforms/registry.js';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { fixture, repoRoot } from '../shared.js';

// The labelled corpus's first 386 lines (the trufflehog and secretlint samples): varied lines
// with secrets in them. The whole corpus (2000+ lines since issue 23) adds time, not cases.
const corpus = Buffer.from(
  readFileSync(join(repoRoot, 'test', 'fixtures', 'redact-corpus', 'corpus.jsonl'), 'utf8')
    .split('\n')
    .slice(0, 386)
    .join('\n') + '\n',
);
const session = readFileSync(fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl'));
const secret = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';

const input = Buffer.concat([
  Buffer.from(`\uFEFF{"type":"user","token":"${secret}"}\r\n\r\n`),
  session,
  Buffer.from('{"type":"user","bad":"'),
  Buffer.from([0xc3, 0x28, 0xff]),
  Buffer.from(`","k":"password=${secret}"}\n   \n{"nope\n`),
  corpus,
  Buffer.from(`{"type":"user","long":"${'y'.repeat(5000)} Bearer ${secret}"}\r\n`),
  Buffer.from(`{"type":"user","over":"${'z'.repeat(70000)}"}\n`),
  corpus,
  Buffer.from(`{"last":"api_key=${secret}"}`),
]);

const dir = mkdtempSync(join(tmpdir(), 'txpipe-judge-ahead-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'in.jsonl');
writeFileSync(file, input);
/** Another file: its lines are numbered from 1 again, as the first file's are. */
const second = join(dir, 'second.jsonl');
writeFileSync(second, Buffer.concat([corpus, session]));

/** The worker as built (vitest runs src/, where the worker module is TypeScript). */
const builtWorker = pathToFileURL(join(repoRoot, 'dist', 'src', 'redact', 'prescan-worker.js'));
/** The worker the CLI's builds start (beside them in dist/bin). */
const bundledWorker = pathToFileURL(join(repoRoot, 'dist', 'bin', 'prescan-worker.js'));
beforeAll(() => ensureBuilt());

async function redactLogic(argv: Record<string, unknown>): Promise<StageLogic> {
  const spec = getCommand('redact')!;
  const run = await spec.load();
  const args: Record<string, unknown> = { onInvalid: 'pass' };
  for (const [k, o] of Object.entries(spec.options))
    if (o.default !== undefined) args[k] = o.default;
  const ctx = { inputs: [file], stdoutIsTTY: false, stderr: process.stderr };
  return recordLogicOf(run.stages({ ...args, ...argv }, ctx)[0]!)!;
}

interface Options {
  readonly chunkBytes?: number;
  /** The worker's module (the built one by default); a missing one makes the worker fail. */
  readonly worker?: URL;
  /** Waits this many ms every 64 records, and a second before the first (the worker gets ahead). */
  readonly slow?: number;
  readonly argv?: Record<string, unknown>;
}

/** What runBatches writes and rejects for `inputs`, and the verdicts the worker gave. */
async function run(inputs: string[], o: Options = {}) {
  const chunks: Buffer[] = [];
  const rejections: string[] = [];
  const adopted: [Rec, number][] = [];
  const out = new Writable({
    write(c: Buffer, _e, done) {
      chunks.push(Buffer.from(c));
      done();
    },
  });
  const logic = await redactLogic({ maxInputLineBytes: 65536, ...o.argv });
  expect(logic.judge).toBeDefined();
  const judge = logic.judge!;
  let seen = 0;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const watched: StageLogic = {
    transform: (rec, ctx) => {
      // The first wait lets the worker start (slow on a busy machine), the others let it keep up.
      if (o.slow && seen++ % 64 === 0) Atomics.wait(pause, 0, 0, seen === 1 ? 1000 : o.slow);
      return logic.transform(rec, ctx);
    },
    flush: logic.flush,
    judge: {
      worker: o.worker ?? builtWorker,
      data: judge.data,
      adopt(rec, verdict) {
        adopted.push([rec, verdict]);
        judge.adopt(rec, verdict);
      },
    },
  };
  const read: ReadLimits = { onInvalid: 'pass', framing: 'auto', maxLineBytes: 65536 };
  await runBatches({
    inputs,
    read,
    logic: [watched],
    reject: (r: Rejection) => rejections.push(`${r.line} ${r.reason}`),
    out,
    stdin: Readable.from([input]),
    judgeAheadMinBytes: 0,
    ...(o.chunkBytes === undefined ? {} : { chunkBytes: o.chunkBytes }),
  });
  return { bytes: Buffer.concat(chunks).toString('latin1'), rejections, adopted };
}

describe('redact judged ahead on a worker thread', () => {
  it('writes what standard input gives, for every chunk size', async () => {
    const want = await run(['-']);
    expect(want.adopted).toEqual([]);
    expect(want.bytes).not.toContain(secret);
    expect(want.rejections.filter((r) => r.endsWith(' line-too-long'))).toHaveLength(1);
    for (const chunkBytes of [7, 64, 1000, 4096, undefined]) {
      const got = await run([file], { chunkBytes });
      expect({ ...got, adopted: [] }, `chunks of ${chunkBytes}`).toEqual(want);
    }
  });

  it('the worker judges most lines when it gets ahead, and each verdict is the prescan', async () => {
    const want = await run(['-']);
    const prescan = createRedactor().prescan;
    for (const [chunkBytes, worker] of [
      [1000, builtWorker],
      [4096, bundledWorker],
    ] as const) {
      const got = await run([file], { chunkBytes, slow: 20, worker });
      expect({ ...got, adopted: [] }).toEqual(want);
      const records = input.toString('latin1').split('\n').length;
      expect(got.adopted.length, `chunks of ${chunkBytes}`).toBeGreaterThan(records / 2);
      const wrong = got.adopted.filter(([rec, v]) => prescan(rec.raw) !== v);
      expect(wrong).toEqual([]);
      // Some lines need the rules (the corpus's secrets), and those verdicts came from the worker.
      expect(got.adopted.filter(([, v]) => v !== 0).length).toBeGreaterThan(100);
    }
  });

  it('--rules flockdeck: the same bytes, verdicts from its own prescan', async () => {
    const argv = { rules: 'flockdeck' };
    const want = await run(['-'], { argv });
    const got = await run([file], { chunkBytes: 4096, slow: 20, argv });
    expect({ ...got, adopted: [] }).toEqual(want);
    const prescan = createRedactor({ rules: 'flockdeck' }).prescan;
    expect(got.adopted.length).toBeGreaterThan(100);
    expect(got.adopted.filter(([rec, v]) => prescan(rec.raw) !== v)).toEqual([]);
  });

  it('TXPIPE_WORKERS=0 starts no worker: the stage judges every line, the same bytes', async () => {
    const want = await run(['-']);
    process.env.TXPIPE_WORKERS = '0';
    try {
      const got = await run([file], { chunkBytes: 4096, slow: 5 });
      expect(got).toEqual({ ...want, adopted: [] });
    } finally {
      delete process.env.TXPIPE_WORKERS;
    }
    // And with it unset, the same run is judged ahead (the test above is not vacuous).
    expect((await run([file], { chunkBytes: 4096, slow: 20 })).adopted.length).toBeGreaterThan(0);
  });

  it('a file that goes on in more short lines than the ring holds: the worker waits for the stage', async () => {
    // After 64 KiB of long lines (so the file is judged ahead), 140,000 lines of a few bytes are
    // read ahead whole (four parts of 1 MiB): a worker that ran the ring's 65,536 lines ahead of
    // the stage skipped the lines past it.
    const long = `{"text":"${'lorem ipsum '.repeat(60)}"}`;
    const lines = 140_000;
    const text = [
      ...Array.from({ length: 100 }, () => long),
      ...Array.from({ length: lines - 100 }, (_, i) =>
        i % 1000 === 7 ? `{"k":"token=${secret}"}` : `{"n":${i}}`,
      ),
    ];
    const mixed = join(dir, 'mixed.jsonl');
    writeFileSync(mixed, text.join('\n') + '\n');
    const got = await run([mixed], { slow: 1 });
    expect(got.bytes).not.toContain(secret);
    const prescan = createRedactor().prescan;
    expect(got.adopted.filter(([rec, v]) => prescan(rec.raw) !== v)).toEqual([]);
    // The stage asks for a batch's verdicts before the worker has started: count from line 70,000,
    // past the ring's reach from the start. A worker that skipped them gave 2-10% of these; one
    // that waits gives 92-99% (less on a busy machine, where it falls behind and the stage judges).
    const late = got.adopted.filter(([rec]) => rec.line > 70_000).length;
    expect(late).toBeGreaterThan((lines - 70_000) * 0.5);
  });

  it('a file of short lines is left to the stage (their prescan costs what a verdict handed over does)', async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) =>
      i % 1000 === 7 ? `{"k":"token=${secret}"}` : `{"n":${i},"text":"${'x'.repeat(i % 300)}"}`,
    );
    // 30,000 lines of 170 bytes on average: more than 256 line ends in the first 64 KiB.
    const short = join(dir, 'short.jsonl');
    writeFileSync(short, lines.join('\n') + '\n');
    process.env.TXPIPE_WORKERS = '0';
    let want;
    try {
      want = await run([short]);
    } finally {
      delete process.env.TXPIPE_WORKERS;
    }
    const got = await run([short], { slow: 1 });
    expect(got).toEqual(want);
    expect(got.bytes).not.toContain(secret);
    // The same lines after 64 KiB of long ones are judged ahead.
    const long = `{"text":"${'lorem ipsum '.repeat(60)}"}`;
    writeFileSync(short, [...Array.from({ length: 100 }, () => long), ...lines].join('\n') + '\n');
    expect((await run([short], { slow: 1 })).adopted.length).toBeGreaterThan(lines.length / 2);
  });

  it('several files: each judged from its own first line (the same bytes as without a worker)', async () => {
    const inputs = [file, second, file];
    process.env.TXPIPE_WORKERS = '0';
    let want;
    try {
      want = await run(inputs, { chunkBytes: 1000 });
    } finally {
      delete process.env.TXPIPE_WORKERS;
    }
    const got = await run(inputs, { chunkBytes: 1000, slow: 20 });
    expect({ ...got, adopted: [] }).toEqual({ ...want, adopted: [] });
    const prescan = createRedactor().prescan;
    expect(got.adopted.filter(([rec, v]) => prescan(rec.raw) !== v)).toEqual([]);
    // Lines of the second file and of the first one read again were judged ahead too.
    expect(got.adopted.some(([rec]) => rec.source === second)).toBe(true);
    expect(got.adopted.filter(([rec]) => rec.source === file).length).toBeGreaterThan(
      input.toString('latin1').split('\n').length,
    );
  });

  it.each([
    ['throws', 'throw new Error("judge failed")'],
    ['exits', 'process.exit(0)'],
    ['never returns', 'for (;;);'],
  ])(
    'a worker that %s mid-file changes nothing: its verdicts so far hold, the rest are judged here',
    async (label, fail) => {
      // The built worker's own loop and prescan, failing on the 300th line it judges.
      const worker = join(dir, `failing-${label.replaceAll(' ', '-')}.mjs`);
      const built = (f: string) => pathToFileURL(join(repoRoot, 'dist', 'src', f)).href;
      writeFileSync(
        worker,
        `import { workerData } from 'node:worker_threads';
import { serveLineJudge } from '${built('stream/judge-worker.js')}';
import { prescanOfSpec } from '${built('redact/prescan-spec.js')}';
const prescan = prescanOfSpec(workerData.data);
let n = 0;
serveLineJudge(workerData, (text) => {
  if (++n === 300) { ${fail}; }
  return prescan(text);
});
`,
      );
      const got = await run([file, second], {
        chunkBytes: 1000,
        slow: 20,
        worker: pathToFileURL(worker),
      });
      process.env.TXPIPE_WORKERS = '0';
      let alone;
      try {
        alone = await run([file, second], { chunkBytes: 1000 });
      } finally {
        delete process.env.TXPIPE_WORKERS;
      }
      expect({ ...got, adopted: [] }).toEqual({ ...alone, adopted: [] });
      expect(got.bytes).not.toContain(secret);
      // It gave verdicts before it failed (the case is not a worker that never started)...
      expect(got.adopted.length).toBeGreaterThan(100);
      // ...each the prescan's own, and none after the line it failed on.
      const prescan = createRedactor().prescan;
      expect(got.adopted.filter(([rec, v]) => prescan(rec.raw) !== v)).toEqual([]);
      expect(got.adopted.some(([rec]) => rec.source === second)).toBe(false);
    },
  );

  it('a worker that fails to start changes nothing (the stage judges every line)', async () => {
    const want = await run(['-']);
    const worker = pathToFileURL(join(dir, 'no-such-worker.js'));
    const got = await run([file], { chunkBytes: 4096, slow: 5, worker });
    expect(got).toEqual({ ...want, adopted: [] });
  });
});

describe('the redact stage takes the verdicts it is given', () => {
  const ctx = { push: () => undefined, reject: () => undefined };
  const rec = (line: number, raw: string): Rec => {
    try {
      return { raw, value: JSON.parse(raw), line, source: 'x' };
    } catch {
      return { raw, line, source: 'x', invalid: 'malformed' };
    }
  };

  it('a verdict adopted for a record is the one used, past records that are not JSON', async () => {
    const logic = await redactLogic({});
    const lines = ['{"a":', 'not json', '{"b', '[', 'x', `{"k":"password=${secret}"}`];
    const recs = lines.map((l, i) => rec(i + 1, l));
    // Told that the last line holds nothing (a wrong verdict, to see that it is taken).
    for (const r of recs) logic.judge!.adopt(r, 0);
    const out = recs.map((r) => logic.transform(r, ctx));
    expect(out[5]).toBe(recs[5]);
    // Not told: the stage judges the line itself.
    const again = rec(7, `{"k":"password=${secret}"}`);
    expect(JSON.stringify((logic.transform(again, ctx) as Rec).value)).not.toContain(secret);
  });
});

describe('the built CLI on a file large enough for the worker', () => {
  it('every build that starts the worker has it beside it', () => {
    const bins = join(repoRoot, 'dist', 'bin');
    const starting = readdirSync(bins).filter(
      (f) =>
        /\.m?js$/.test(f) && readFileSync(join(bins, f), 'utf8').includes('"./prescan-worker.js"'),
    );
    expect(starting).toEqual(['cli.js']); // the CLI's one bundle
    expect(existsSync(join(bins, 'prescan-worker.js'))).toBe(true);
  });

  const big = join(dir, 'big.jsonl');
  beforeAll(() => {
    const parts: Buffer[] = [];
    for (let n = 0; n < 9 * 1024 * 1024; n += input.length + 1)
      parts.push(input, Buffer.from('\n'));
    writeFileSync(big, Buffer.concat(parts));
  });

  it.each([
    [['redact']],
    [['redact', '--rules', 'flockdeck']],
    [['redact', '--on-invalid', 'skip', '--report=json']],
    [['redact', '--on-invalid', 'error']],
    [['run', 'redact | clip --limit 4KiB | dedup-usage']],
  ])('txpipe %j FILE writes what it writes from standard input', (args) => {
    const fromFile = txpipe([...args, big]);
    const fromStdin = txpipe(args, { input: readFileSync(big) });
    expect(fromFile.stdout.length).toBeGreaterThan(args.includes('error') ? 100 : 5_000_000);
    expect(fromFile.stdout).not.toContain(secret);
    expect(fromFile.stdout === fromStdin.stdout).toBe(true);
    expect(fromFile.code).toBe(fromStdin.code);
    expect(fromFile.stderr.replaceAll(big, '-')).toBe(fromStdin.stderr);
  });
});
