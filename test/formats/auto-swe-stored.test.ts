import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_MAX_BYTES } from '../../src/formats/auto-swe/stored-transcript.js';
import { verifyStored } from '../../src/formats/auto-swe/verify.js';
import { repoRoot } from '../shared.js';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { cliInProcess } from '../cli-in-process.js';

const tmp = mkdtempSync(join(tmpdir(), 'txpipe-stored-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

/** The fixture's records without its `eof` sentinel (a stored part holds records only). */
function records(name: string): string[] {
  const text = readFileSync(join(repoRoot, 'test', 'fixtures', 'auto-swe', name), 'utf8');
  return text
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('{"kind":"eof"'));
}

/**
 * Writes a stored transcript as docs/formats/auto-swe.md lays it out: `perPart` records per
 * gzipped part, `transcript.json` with each part's sha256 and the hash over them. `gz` may
 * replace a part's gzipped bytes (the manifest then holds the replacement's hash).
 */
function store(
  name: string,
  lines: string[],
  perPart: number,
  gz: Record<number, Buffer> = {},
): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const parts: { file: string; sha256: string }[] = [];
  for (let i = 0, n = 0; i < lines.length; i += perPart, n++) {
    const file = `part-${String(n).padStart(6, '0')}.ndjson.gz`;
    const bytes = gz[n] ?? gzipSync(lines.slice(i, i + perPart).join('\n') + '\n');
    writeFileSync(join(dir, file), bytes);
    parts.push({ file, sha256: sha(bytes) });
  }
  const hash = sha(parts.map((p) => p.sha256).join(''));
  writeFileSync(join(dir, 'transcript.json'), JSON.stringify({ id: name, sha256: hash, parts }));
  return dir;
}

const flip = (dir: string, part: number): void => {
  const f = join(dir, `part-${String(part).padStart(6, '0')}.ndjson.gz`);
  const b = readFileSync(f);
  b[b.length - 5]! ^= 0xff;
  writeFileSync(f, b);
};

describe('verify: stored transcripts', () => {
  it('a whole transcript verifies: every part and the transcript hash', () => {
    const dir = store('good', records('harness.jsonl'), 5);
    const v = verifyStored(dir);
    expect(v.failure).toBeUndefined();
    expect(v.parts.map((p) => p.result)).toEqual(['ok', 'ok', 'ok']);
    expect(v.transcriptHash?.expected).toBe(v.transcriptHash?.actual);
  });

  it('names the first part that fails, and checks every part', () => {
    const dir = store('tampered', records('harness.jsonl'), 5);
    flip(dir, 1);
    flip(dir, 2);
    const v = verifyStored(dir);
    expect(v.parts.map((p) => p.result)).toEqual(['ok', 'sha_mismatch', 'sha_mismatch']);
    expect(v.failure).toBe('part 1 (part-000001.ndjson.gz): sha_mismatch');
  });

  it.each([
    ['too_large', () => gzipSync(Buffer.alloc(PART_MAX_BYTES + 1, 0x20))],
    ['corrupt', () => Buffer.from('not gzip at all')],
  ] as const)('a part whose hash holds but whose gunzip is %s', (reason, bytes) => {
    const dir = store(`bad-${reason}`, records('anthropic.jsonl'), 1, { 1: bytes() });
    expect(verifyStored(dir).failure).toBe(`part 1 (part-000001.ndjson.gz): ${reason}`);
  });

  it('a missing part is read_failed; a transcript hash that does not match fails', () => {
    const dir = store('missing', records('anthropic.jsonl'), 1);
    rmSync(join(dir, 'part-000000.ndjson.gz'));
    expect(verifyStored(dir).failure).toBe('part 0 (part-000000.ndjson.gz): read_failed');
    const other = store('rehashed', records('anthropic.jsonl'), 1);
    const m = JSON.parse(readFileSync(join(other, 'transcript.json'), 'utf8')) as {
      sha256: string;
    };
    m.sha256 = sha('something else');
    writeFileSync(join(other, 'transcript.json'), JSON.stringify(m));
    expect(verifyStored(other).failure).toMatch(/transcript sha256/);
  });

  it('a manifest that is not one is an error naming it', () => {
    const dir = join(tmp, 'bad-manifest');
    mkdirSync(dir);
    writeFileSync(join(dir, 'transcript.json'), '{"parts":[{"file":"../x","sha256":"ab"}]}');
    expect(verifyStored(dir).failure).toMatch(
      /transcript\.json: part 0: "file" must be a file name/,
    );
  });
});

describe('verify as a command (in process)', () => {
  it('reports each part, the transcript hash and the verdict; standard input is not a folder', async () => {
    const good = store('inproc-good', records('google.jsonl'), 2);
    const ok = await cliInProcess(['verify', good]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(
      [
        `${good}\tpart 0\tpart-000000.ndjson.gz\tok`,
        `${good}\tpart 1\tpart-000001.ndjson.gz\tok`,
        `${good}\ttranscript sha256\tok`,
        `${good}\tverified`,
      ].join('\n') + '\n',
    );
    const bad = store('inproc-bad', records('google.jsonl'), 1);
    flip(bad, 2);
    const r = await cliInProcess(['verify', good, bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${bad}\tpart 2\tpart-000002.ndjson.gz\tsha_mismatch`);
    expect(r.stderr).toContain(
      `${bad}:0: format: verify: part 2 (part-000002.ndjson.gz): sha_mismatch`,
    );
    const stdin = await cliInProcess(['verify'], { stdin: '{"kind":"eof","complete":true}\n' });
    expect(stdin.code).toBe(1);
    expect(stdin.stdout).toBe('-\tFAILED: not a stored transcript folder\n');
  });

  it('reads a folder in process as the spawned CLI does (cat)', async () => {
    const lines = records('openai-chat.jsonl');
    const dir = store('inproc-cat', lines, 1);
    const r = await cliInProcess(['cat', dir]);
    expect(r.stdout).toBe([...lines, '{"kind":"eof","complete":true}'].join('\n') + '\n');
    flip(dir, 0);
    const bad = await cliInProcess(['cat', dir]);
    expect(bad.stdout).toBe('{"kind":"integrity_error","reason":"sha_mismatch"}\n');
  });
});

describe('verify, cat, convert and usage on a stored transcript folder (the built CLI)', () => {
  beforeAll(ensureBuilt);

  it('verify exits 0 on a good folder, 1 naming the first bad part', () => {
    const good = store('cli-good', records('anthropic.jsonl'), 1);
    const ok = txpipe(['verify', good]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`${good}\tverified`);
    const bad = store('cli-bad', records('anthropic.jsonl'), 1);
    flip(bad, 0);
    const r = txpipe(['verify', bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAILED: part 0 (part-000000.ndjson.gz): sha_mismatch');
    expect(r.stderr).toContain('1 line not written');
    const plain = txpipe([
      'verify',
      join(repoRoot, 'test', 'fixtures', 'auto-swe', 'google.jsonl'),
    ]);
    expect(plain.code).toBe(1);
  });

  it('cat reads the parts in order as one stream, ended by the eof sentinel', () => {
    const lines = records('harness.jsonl');
    const dir = store('cli-cat', lines, 4);
    const r = txpipe(['cat', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe([...lines, '{"kind":"eof","complete":true}'].join('\n') + '\n');
    // inside a folder walk, a stored transcript is one input too
    store('nest/one', lines.slice(0, 2), 1);
    store('nest/two', lines.slice(2, 3), 1);
    const r2 = txpipe(['cat', join(tmp, 'nest')]);
    expect(r2.stdout).toBe(
      [
        lines[0],
        lines[1],
        '{"kind":"eof","complete":true}',
        lines[2],
        '{"kind":"eof","complete":true}',
      ].join('\n') + '\n',
    );
  });

  it('a part that fails ends the stream with integrity_error; convert --strict exits 3', () => {
    const dir = store('cli-int', records('anthropic.jsonl'), 1);
    flip(dir, 1);
    const cat = txpipe(['cat', dir]);
    expect(cat.stdout.trim().split('\n').at(-1)).toBe(
      '{"kind":"integrity_error","reason":"sha_mismatch"}',
    );
    const conv = txpipe(['convert', '--strict', '--to', 'txpipe', dir]);
    expect(conv.code).toBe(3);
    expect(conv.stderr).toContain('integrity_error: sha_mismatch');
    const good = store('cli-conv', records('anthropic.jsonl'), 1);
    expect(txpipe(['convert', '--strict', '--to', 'txpipe', good]).code).toBe(0);
  });

  it('every command reading a folder reports the part that failed; --strict exits 3', () => {
    const dir = store('cli-report', records('anthropic.jsonl'), 1);
    flip(dir, 1);
    // the integrity_error line is the stream's line 2 (part 0 gave line 1)
    const said = `${dir}:2: format: stored transcript: part 1 (part-000001.ndjson.gz): sha_mismatch`;
    for (const args of [['cat'], ['usage'], ['redact']]) {
      const r = txpipe([...args, dir]);
      expect(r.code, args[0]).toBe(0);
      expect(r.stderr, args[0]).toContain(said);
      expect(txpipe([...args, '--strict', dir]).code, args[0]).toBe(3);
    }
    const good = store('cli-report-good', records('anthropic.jsonl'), 1);
    const ok = txpipe(['cat', '--strict', good]);
    expect([ok.code, ok.stderr]).toEqual([0, '']);
  });

  it('a transcript hash that does not match the parts ends the stream with integrity_error', () => {
    const dir = store('cli-hash', records('anthropic.jsonl'), 1);
    const manifest = JSON.parse(readFileSync(join(dir, 'transcript.json'), 'utf8')) as {
      parts: unknown[];
    };
    // a part left out of the manifest: each part still matches its own hash, the transcript's not
    manifest.parts.pop();
    writeFileSync(join(dir, 'transcript.json'), JSON.stringify(manifest));
    const r = txpipe(['cat', '--strict', dir]);
    expect(r.code).toBe(3);
    expect(r.stdout.trim().split('\n')).toEqual([
      records('anthropic.jsonl')[0],
      '{"kind":"integrity_error","reason":"sha_mismatch"}',
    ]);
    expect(r.stderr).toContain(`${dir}:2: format: stored transcript: the transcript sha256`);
  });

  it('usage reads a stored transcript folder', () => {
    const dir = store('cli-usage', records('openai-chat.jsonl'), 1);
    const r = txpipe(['usage', '--json', dir]);
    expect(r.code).toBe(0);
    const totals = (JSON.parse(r.stdout) as { totals: Record<string, number> }).totals;
    expect([totals.input, totals.output, totals.cacheRead]).toEqual([
      82 + (2100 - 1920),
      17 + 45,
      1920,
    ]);
  });
});
