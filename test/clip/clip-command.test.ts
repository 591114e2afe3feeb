import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { clipMarker } from '../../src/clip/clip-string.js';
import { readRecords } from '../../src/stream/read-records.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { stringify } from '../../src/stream/stringify.js';
import { clip, type ClipOptions } from '../../src/transforms/clip.js';
import { clipCommand } from '../../src/transforms/commands/clip.js';
import { bin, ensureBuilt, fixture, repoRoot, spec } from '../shared.js';
import { cliInProcess } from '../cli-in-process.js';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
const linesOf = (text: string): string[] => text.split('\n').filter((l) => l.length > 0);

/** Runs readRecords -> clip -> stringify over `input` fed in chunks of `chunk` bytes. */
async function run(
  inputs: { source: string; data: Buffer }[],
  options: ClipOptions = {},
  chunk = Infinity,
): Promise<{ out: string; rejects: Rejection[] }> {
  const stage = clip(options);
  const rejects: Rejection[] = [];
  stage.on(REJECT_EVENT, (r: Rejection) => rejects.push(r));
  const feed = new PassThrough({ objectMode: true });
  const sink: Buffer[] = [];
  const done = pipeline(feed, stage, stringify({ onInvalid: 'pass' }), async (src) => {
    for await (const b of src) sink.push(Buffer.from(b as string));
  });
  for (const { source, data } of inputs) {
    const chunks: Buffer[] = [];
    const size = Number.isFinite(chunk) ? chunk : data.length || 1;
    for (let i = 0; i < data.length; i += size) chunks.push(data.subarray(i, i + size));
    const recs = readRecords(Readable.from(chunks), { source, onInvalid: 'pass' });
    recs.on(REJECT_EVENT, (r: Rejection) => rejects.push(r));
    for await (const rec of recs) feed.write(rec);
  }
  feed.end();
  await done;
  return { out: Buffer.concat(sink).toString('utf8'), rejects };
}

const claudeFiles = ((): string[] => {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.jsonl')) out.push(p);
    }
  };
  walk(fixture('claude-code'));
  return out;
})();

describe('clip on the real Claude Code fixtures', () => {
  it.each(claudeFiles.map((f) => [f.slice(fixture('claude-code').length + 1), f]))(
    '%s: short lines are written as they were, long ones are cut, twice is once',
    async (_name, file) => {
      const data = readFileSync(file);
      const { out, rejects } = await run([{ source: file, data }]);
      expect(rejects).toEqual([]);
      const input = linesOf(data.toString('utf8'));
      const output = linesOf(out);
      expect(output.length).toBe(input.length);
      for (let i = 0; i < input.length; i++) {
        const line = input[i]!;
        if (bytes(line) <= 8192) expect(output[i]).toBe(line);
        else if (output[i] !== line) expect(JSON.parse(output[i]!)).toHaveProperty('clipped');
      }
      const again = await run([{ source: file, data: Buffer.from(out) }]);
      expect(again.out).toBe(out);
    },
  );

  it('matches the golden output (made from the first 20 lines of marot-spotter/subagent.jsonl)', async () => {
    // test/golden/clip/subagent-20.limit-512.jsonl was made with
    // `head -20 subagent.jsonl | txpipe clip --limit 512 --field text=1KiB` and read by hand:
    // every cut string keeps 512 bytes (1 KiB for `text`) and the map names its path.
    const head = linesOf(
      readFileSync(fixture('claude-code', 'marot-spotter', 'subagent.jsonl'), 'utf8'),
    ).slice(0, 20);
    const golden = readFileSync(
      join(repoRoot, 'test/golden/clip/subagent-20.limit-512.jsonl'),
      'utf8',
    );
    const { out } = await run([{ source: '-', data: Buffer.from(head.join('\n') + '\n') }], {
      limit: 512,
      fields: ['text=1KiB'],
    });
    expect(out).toBe(golden);
  });
});

describe('clip is independent of chunk sizes', () => {
  // Multibyte characters on and around the limit, a pretty-printed value and a CRLF line.
  const input = Buffer.from(
    [
      JSON.stringify({ a: 'é'.repeat(40) + '😀'.repeat(10) }),
      JSON.stringify({ b: '€'.repeat(30), c: 'short' }),
      JSON.stringify({ d: 'x'.repeat(63) + '😀' + 'y' }) + '\r',
      'not json ' + '中'.repeat(50),
      JSON.stringify({ e: 'ok' }),
    ].join('\n') + '\n',
  );
  it('gives the same bytes for chunks of 1, 2, 3, 7, 64 bytes and whole', async () => {
    const whole = await run([{ source: 's', data: input }], { limit: 64 });
    expect(linesOf(whole.out).length).toBe(5);
    for (const chunk of [1, 2, 3, 7, 64]) {
      const r = await run([{ source: 's', data: input }], { limit: 64 }, chunk);
      expect(r.out).toBe(whole.out);
    }
    expect(JSON.parse(linesOf(whole.out)[2]!).d).toBe('x'.repeat(63) + clipMarker(5));
  });
});

describe('clip options', () => {
  const src = (source: string, ...values: unknown[]) => ({
    source,
    data: Buffer.from(values.map((v) => JSON.stringify(v)).join('\n') + '\n'),
  });
  const flock = JSON.parse(
    readFileSync(spec('flockdeck-recording-format.md'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith('{"v":2') && l.includes('"user_prompt"'))!,
  ) as Record<string, unknown>;

  it('chooses the format once per input', async () => {
    const text = 't'.repeat(20000);
    const { out } = await run([
      src('a.jsonl', { ...flock, text }, { ...flock, seq: 4, text, model: 'm'.repeat(9000) }),
      src('b.jsonl', { note: text }),
    ]);
    const [l1, l2, l3] = linesOf(out).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(l1!.text).toBe(text); // a prompt keeps 32 KiB in Flockdeck
    expect(l2!.model).toBe('m'.repeat(9000)); // Flockdeck cuts only its six fields
    expect(l3!.clipped).toEqual({ note: 20000 }); // generic: 8 KiB and a path map
  });

  it('takes --format over detection', async () => {
    const { out } = await run([src('a', { ...flock, text: 't'.repeat(9000) })], {
      format: 'generic',
      fields: { text: 100 },
    });
    expect(JSON.parse(out).clipped).toEqual({ text: 9000 });
  });

  it('omits binary data before clipping', async () => {
    const image = { type: 'base64', media_type: 'image/png', data: 'A'.repeat(20000) };
    const { out } = await run([src('a', { image, short: { embedding: [1, 2] } })], {
      omitBinary: true,
    });
    expect(JSON.parse(out)).toEqual({
      image: { ...image, data: { omitted: 'image', bytes: 20000 } },
      short: { embedding: { omitted: 'vector', dimensions: 2 } },
    });
  });

  it('--max-line-bytes bounds every line and reports what it cannot bound', async () => {
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`key${i}`, i]));
    const { out, rejects } = await run(
      [
        {
          source: 'x',
          data: Buffer.from(
            [
              JSON.stringify({ a: 'a'.repeat(3000), b: 'é'.repeat(2000) }),
              JSON.stringify(many),
              'not json but long '.repeat(40),
              JSON.stringify({ c: 'fits' }),
            ].join('\n') + '\n',
          ),
        },
      ],
      { maxLineBytes: '500' },
    );
    const lines = linesOf(out);
    expect(lines.length).toBe(2);
    for (const l of lines) expect(bytes(l)).toBeLessThanOrEqual(500);
    expect(JSON.parse(lines[1]!)).toEqual({ c: 'fits' });
    expect(rejects.map((r) => [r.line, r.reason])).toEqual([
      [2, 'over-limit'],
      [3, 'over-limit'],
    ]);
    expect(rejects[0]!.raw).toBe(JSON.stringify(many));
  });

  it('--max-line-bytes holds on a real session', async () => {
    const file = fixture('claude-code', 'marot-spotter', 'subagent.jsonl');
    const { out, rejects } = await run([{ source: file, data: readFileSync(file) }], {
      maxLineBytes: '4KiB',
    });
    const input = linesOf(readFileSync(file, 'utf8'));
    expect(linesOf(out).length + rejects.length).toBe(input.length);
    for (const l of linesOf(out)) expect(bytes(l)).toBeLessThanOrEqual(4096);
  });

  it.each([
    [{ limit: 'lots' }, /cannot read/],
    [{ maxLineBytes: -3 }, /whole number/],
    [{ format: 'nope' }, /unknown format nope/],
    [{ fields: ['text'] }, /name=size/],
    [{ fields: { 'a..b': 3 } }, /empty segment/],
    [{ detectRecords: 0 }, /at least 1/],
  ] as [ClipOptions, RegExp][])('refuses %j at construction', (options, message) => {
    expect(() => clip(options)).toThrow(message);
  });
});

describe('txpipe clip (the CLI)', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'txpipe-clip-'));
  const file = fixture('claude-code', 'marot-spotter', 'subagent.jsonl');

  const cli = cliInProcess;

  it('is in the registry with its options', () => {
    expect(Object.keys(clipCommand.options).sort()).toEqual(
      ['field', 'format', 'limit', 'lineFilter', 'maxLineBytes', 'omitBinary'].sort(),
    );
  });

  it('clips a file, with --field repeated and comma-separated (the first rule that matches wins)', async () => {
    const out = join(tmp, 'a.jsonl');
    const r = await cli([
      'clip',
      '--limit',
      '1KiB',
      '--field',
      'toolUseResult=none,text=2KiB',
      '--field',
      'input=300',
      '-o',
      out,
      file,
    ]);
    expect(r.code).toBe(0);
    const lines = linesOf(readFileSync(out, 'utf8')).map(
      (l) => JSON.parse(l) as Record<string, unknown>,
    );
    const keys = lines.flatMap((l) => Object.keys((l.clipped as object | undefined) ?? {}));
    expect(keys.some((k) => k.startsWith('toolUseResult'))).toBe(false);
    expect(keys.some((k) => k.includes('.input.'))).toBe(true);
  });

  it('exits 3 with --strict when --max-line-bytes rejected a line, and keeps it in --reject-file', async () => {
    const out = join(tmp, 'b.jsonl');
    const rejected = join(tmp, 'b.rejected');
    const r = await cli([
      'clip',
      '--max-line-bytes',
      '700',
      '--strict',
      '--reject-file',
      rejected,
      '-o',
      out,
      file,
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /over-limit: line of \d+ bytes cannot be brought under --max-line-bytes 700/,
    );
    const kept = linesOf(readFileSync(rejected, 'utf8'));
    const written = linesOf(readFileSync(out, 'utf8'));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length + written.length).toBe(linesOf(readFileSync(file, 'utf8')).length);
  });

  it('exits 2 on a bad size', async () => {
    const r = await cli(['clip', '--limit', 'big', '-o', join(tmp, 'c.jsonl'), file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read "big"/);
  });

  describe('spawned as a user would', () => {
    beforeAll(ensureBuilt);
    const env = { ...process.env, NO_COLOR: '1', LC_ALL: 'C' };

    it('gives the same bytes whatever pieces standard input arrives in', async () => {
      // Multibyte characters around a 40-byte limit, written to the pipe 7 bytes at a time.
      const text = [
        JSON.stringify({ a: 'é€😀'.repeat(12) }),
        JSON.stringify({ b: 'short' }),
        JSON.stringify({ c: '中'.repeat(30) }),
      ].join('\n');
      const data = Buffer.from(text + '\n');
      const whole = spawnSync(process.execPath, [bin, 'clip', '--limit', '40'], {
        input: data,
        env,
      });
      const child = spawn(process.execPath, [bin, 'clip', '--limit', '40'], { env });
      const out: Buffer[] = [];
      child.stdout.on('data', (d: Buffer) => out.push(d));
      for (let i = 0; i < data.length; i += 7) {
        await new Promise((resolve) => child.stdin.write(data.subarray(i, i + 7), resolve));
      }
      child.stdin.end();
      const [code] = (await once(child, 'close')) as [number];
      expect(code).toBe(0);
      expect(Buffer.concat(out).toString()).toBe(whole.stdout.toString());
      expect(linesOf(whole.stdout.toString()).length).toBe(3);
    });

    it('reads standard input and writes standard output, the same as from a file', () => {
      const data = readFileSync(file);
      const piped = spawnSync(process.execPath, [bin, 'clip', '--limit', '2KiB'], {
        input: data,
        env,
      });
      const named = spawnSync(process.execPath, [bin, 'clip', '--limit', '2KiB', file], { env });
      expect(piped.status).toBe(0);
      expect(piped.stdout.equals(named.stdout)).toBe(true);
      const again = spawnSync(process.execPath, [bin, 'clip', '--limit', '2KiB'], {
        input: piped.stdout,
        env,
      });
      expect(again.stdout.equals(piped.stdout)).toBe(true);
    });
  });
});
