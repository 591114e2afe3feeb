// runPipeline and readInputs (issue 25): the CLI's engine for library users. What the CLI writes
// for a folder, a library run writes too; what a run did comes back on its result; a failure
// comes after every record made before it is written, with its code; no rejection is silent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Transform, Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  convert,
  pipelineToEnd,
  readInputs,
  recordTransform,
  runPipeline,
  stringify,
  withValue,
  type Rec,
  type Rejection,
  type RunFailure,
} from '../../src/index.js';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { fixture } from '../shared.js';

let tmp: string;
const at = (name: string): string => join(tmp, name);
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-engine-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A stream that keeps what is written to it. */
function sink(): Writable & { text(): string } {
  const chunks: Buffer[] = [];
  const w = new Writable({
    write(c: Buffer, _e, done) {
      chunks.push(Buffer.from(c));
      done();
    },
  }) as Writable & { text(): string };
  w.text = () => Buffer.concat(chunks).toString('utf8');
  return w;
}

/** The error a promise rejects with. */
async function failureOf(p: Promise<unknown>): Promise<RunFailure & { code?: string }> {
  try {
    await p;
  } catch (err) {
    return err as RunFailure & { code?: string };
  }
  throw new Error('expected a failure');
}

const lines = (n: number, from = 0): string =>
  Array.from({ length: n }, (_, i) => `{"n":${i + from}}\n`).join('');

describe('readInputs: a folder read as the CLI reads it', () => {
  // The case: this folder holds a session and its subagent files; the CLI merges a
  // subagent into its parent session (9 run records), a per-file ETL does not (10).
  const folder = fixture('claude-code');

  it('gives the records of `txpipe cat FOLDER`, in its order', async () => {
    const cli = txpipe(['cat', '--on-invalid', 'pass', folder]);
    expect(cli.code).toBe(0);
    const raws: string[] = [];
    for await (const rec of readInputs(folder, { onInvalid: 'pass' })) raws.push(rec.raw);
    expect(raws.length).toBeGreaterThan(100);
    expect(raws.map((r) => `${r}\n`).join('')).toBe(cli.stdout);
  });

  it('convert --to run-record over it: the CLI, runPipeline and the factories give 9 runs', async () => {
    const cli = txpipe(['convert', '--to', 'run-record', folder]);
    expect(cli.code).toBe(0);
    expect(cli.stdout.trimEnd().split('\n')).toHaveLength(9);
    const viaRun = sink();
    await runPipeline({ inputs: folder, pipeline: 'convert --to run-record', output: viaRun });
    expect(viaRun.text()).toBe(cli.stdout);
    const viaFactories = sink();
    await pipelineToEnd(
      Readable.from(readInputs(folder, { onInvalid: 'pass' })),
      convert({ to: 'run-record' }),
      stringify(),
      viaFactories,
    );
    expect(viaFactories.text()).toBe(cli.stdout);
  });

  it('gzip, `-` and files in the order given; a rejection is counted and handed on', async () => {
    writeFileSync(at('a.jsonl.gz'), gzipSync(lines(2)));
    writeFileSync(at('b.jsonl'), `${lines(1, 5)}not json\n${lines(1, 6)}`);
    const heard: Rejection[] = [];
    const recs = readInputs([at('b.jsonl'), '-', at('a.jsonl.gz')], {
      stdin: Readable.from([Buffer.from(lines(1, 9))]),
      onReject: (r) => heard.push(r),
    });
    const got: string[] = [];
    for await (const rec of recs)
      got.push(`${rec.source.endsWith('gz') ? 'gz' : rec.source.slice(-1)}:${rec.raw}`);
    expect(got).toEqual(['l:{"n":5}', 'l:{"n":6}', '-:{"n":9}', 'gz:{"n":0}', 'gz:{"n":1}']);
    expect(recs.rejected).toBe(1);
    expect(recs.rejections.map((r) => [r.line, r.reason])).toEqual([[2, 'malformed']]);
    expect(heard).toEqual(recs.rejections);
  });

  it('a path that cannot be read fails the iteration with ERR_TXPIPE_INPUT naming it', async () => {
    const iterate = async (): Promise<void> => {
      for await (const _ of readInputs(at('none.jsonl'))) void _;
    };
    expect(await failureOf(iterate())).toMatchObject({
      code: 'ERR_TXPIPE_INPUT',
      message: `${at('none.jsonl')}: no such file`,
    });
  });
});

describe('runPipeline: the result', () => {
  it('counts records, bytes and rejections; keeps the first rejections; hands on every one', async () => {
    writeFileSync(at('bad.jsonl'), `${lines(3)}x\ny\nz\n${lines(2, 3)}`);
    const heard: number[] = [];
    const out = sink();
    const result = await runPipeline({
      inputs: [at('bad.jsonl')],
      pipeline: 'redact | clip --limit 1KiB',
      output: out,
      keepRejections: 2,
      onReject: (r) => heard.push(r.line),
    });
    expect(out.text()).toBe(lines(5));
    expect(result).toMatchObject({
      inputs: [at('bad.jsonl')],
      records: 8,
      bytes: Buffer.byteLength(lines(5)),
      rejected: 3,
    });
    expect(result.rejections.map((r) => r.line)).toEqual([4, 5]);
    expect(heard).toEqual([4, 5, 6]);
  });

  it('writes to a path, and keeps rejected lines in rejectFile', async () => {
    writeFileSync(at('in.jsonl'), `${lines(2)}oops\n`);
    await runPipeline({
      inputs: at('in.jsonl'),
      pipeline: 'cat',
      output: at('out.jsonl'),
      rejectFile: at('rejected.txt'),
    });
    expect(readFileSync(at('out.jsonl'), 'utf8')).toBe(lines(2));
    expect(readFileSync(at('rejected.txt'), 'utf8')).toBe('oops\n');
  });

  it('a text command (usage) writes its report', async () => {
    const file = fixture('claude-code', 'marot-spotter', 'short.jsonl');
    const cli = txpipe(['usage', '--json', file]);
    const out = sink();
    const result = await runPipeline({ inputs: file, pipeline: 'usage --json', output: out });
    expect(out.text()).toBe(cli.stdout);
    expect(result.records).toBe(0); // usage reads whole files itself: no records are counted
  });

  it('refuses an output that is an input, and a run of neither or both pipeline and stages', async () => {
    writeFileSync(at('same.jsonl'), lines(2));
    const err = await failureOf(
      runPipeline({ inputs: at('same.jsonl'), pipeline: 'cat', output: at('same.jsonl') }),
    );
    expect(err).toMatchObject({ code: 'ERR_TXPIPE_BAD_OPTION' });
    expect(readFileSync(at('same.jsonl'), 'utf8')).toBe(lines(2));
    for (const bad of [{}, { pipeline: 'cat', stages: [] }]) {
      expect(await failureOf(runPipeline({ inputs: at('same.jsonl'), ...bad }))).toMatchObject({
        code: 'ERR_TXPIPE_BAD_OPTION',
      });
    }
  });
});

describe('runPipeline: failure semantics', () => {
  it('onInvalid error: every record before the bad line is written, then ERR_TXPIPE_INVALID_JSON', async () => {
    for (const n of [3, 3000]) {
      writeFileSync(at('e.jsonl'), `${lines(n)}{bad\n${lines(5, n)}`);
      const out = sink();
      const err = await failureOf(
        runPipeline({ inputs: at('e.jsonl'), pipeline: 'redact', onInvalid: 'error', output: out }),
      );
      expect(err.code).toBe('ERR_TXPIPE_INVALID_JSON');
      expect(err.message).toBe(`${at('e.jsonl')}:${n + 1}: line is not JSON`);
      expect(out.text()).toBe(lines(n));
      expect(err.result).toMatchObject({ bytes: Buffer.byteLength(lines(n)) });
    }
  });

  it('a gzip input cut short: the records before the cut, then ERR_TXPIPE_INPUT', async () => {
    const whole = gzipSync(lines(2000));
    writeFileSync(at('cut.jsonl.gz'), whole.subarray(0, whole.length - 200));
    const out = sink();
    const err = await failureOf(
      runPipeline({ inputs: at('cut.jsonl.gz'), pipeline: 'clip', output: out }),
    );
    expect(err.code).toBe('ERR_TXPIPE_INPUT');
    const written = out.text();
    expect(written.length).toBeGreaterThan(1000);
    expect(lines(2000).startsWith(written)).toBe(true);
    expect(written.endsWith('\n')).toBe(true);
  });

  it("a stage of the caller's that fails: what it handed on is written, then its error", async () => {
    writeFileSync(at('s.jsonl'), lines(2000));
    for (const kind of ['record logic', 'plain Transform'] as const) {
      const failAt = (rec: Rec): Rec => {
        if (rec.line === 1500) throw Object.assign(new Error('boom'), { code: 'E_BOOM' });
        return withValue(rec, { m: (rec.value as { n: number }).n });
      };
      const stage =
        kind === 'record logic'
          ? recordTransform(failAt)
          : new Transform({
              objectMode: true,
              transform(rec: Rec, _e, done) {
                try {
                  done(null, failAt(rec));
                } catch (err) {
                  done(err as Error);
                }
              },
            });
      const out = sink();
      const err = await failureOf(
        runPipeline({ inputs: at('s.jsonl'), stages: [stage], output: out }),
      );
      expect(err, kind).toMatchObject({ code: 'E_BOOM', message: 'boom' });
      const want = Array.from({ length: 1499 }, (_, i) => `{"m":${i}}\n`).join('');
      expect(out.text(), kind).toBe(want);
      expect(err.result?.bytes, kind).toBe(Buffer.byteLength(want));
    }
  });

  it('an AbortSignal stops the run on a whole line with ABORT_ERR', async () => {
    const stdin = new PassThrough();
    const stop = new AbortController();
    const out = sink();
    const run = runPipeline({
      inputs: '-',
      stdin,
      pipeline: 'cat',
      output: out,
      signal: stop.signal,
    });
    stdin.write(lines(3));
    stdin.write('{"n":3,"half');
    await new Promise((r) => setTimeout(r, 100));
    stop.abort();
    const err = await failureOf(run);
    expect(err).toMatchObject({ name: 'AbortError', code: 'ABORT_ERR' });
    expect(out.text()).toBe(lines(3));
    stdin.destroy();
  });
});
