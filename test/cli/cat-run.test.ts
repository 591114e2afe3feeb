import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliInProcess } from '../cli-in-process.js';
import { fixture } from '../shared.js';

// `txpipe cat` run in-process through the CLI the registry generates, the way the benchmark runs
// it: every line of the real sessions out byte for byte (nothing re-serialised), inputs in the
// documented order, gzip read transparently, and the accounting of rejected lines.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'txpipe-cat-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI in this process; the exit code and what went to stderr. */
async function txpipe(...argv: string[]): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await cliInProcess(argv);
  return { code, stderr };
}

/** Every .jsonl file below a folder in the CLI's order: name order, files before folders. */
function walk(d: string): string[] {
  const names = readdirSync(d).sort();
  const files = names.filter((n) => n.endsWith('.jsonl') && statSync(join(d, n)).isFile());
  const dirs = names.filter((n) => statSync(join(d, n)).isDirectory());
  return [...files.map((n) => join(d, n)), ...dirs.flatMap((n) => walk(join(d, n)))];
}

describe('txpipe cat (in-process)', () => {
  it('writes a folder of real sessions byte for byte, files before subfolders', async () => {
    const out = join(dir, 'all.jsonl');
    const r = await txpipe('cat', fixture('claude-code'), '-o', out);
    expect(r).toEqual({ code: EXIT.ok, stderr: '' });
    const expected = Buffer.concat(walk(fixture('claude-code')).map((f) => readFileSync(f)));
    expect(readFileSync(out).equals(expected)).toBe(true);
  });

  it('reads gzip input transparently (a gzipped copy of a real session)', async () => {
    const src = fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl');
    const gz = join(dir, 'tool_heavy.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(src)));
    const out = join(dir, 'gz.jsonl');
    expect((await txpipe('cat', gz, '-o', out)).code).toBe(EXIT.ok);
    expect(readFileSync(out).equals(readFileSync(src))).toBe(true);
  });

  it('writes a JSON array file (rupu events) as one line per element', async () => {
    const src = fixture('rupu', 'transcript_events.json');
    const out = join(dir, 'rupu.jsonl');
    expect((await txpipe('cat', src, '-o', out)).code).toBe(EXIT.ok);
    const values = JSON.parse(readFileSync(src, 'utf8')) as unknown[];
    expect(readFileSync(out, 'utf8')).toBe(values.map((v) => JSON.stringify(v) + '\n').join(''));
  });

  it('reports, keeps and (with --strict) fails on lines it does not write', async () => {
    // Made up: a good line, a malformed one, a good one, a last line cut off.
    const src = join(dir, 'bad.jsonl');
    writeFileSync(src, '{"a":1}\n{"a":\n{"b":2}\n{"c":');
    const out = join(dir, 'bad.out');
    const rejects = join(dir, 'bad.rejects');
    const r = await txpipe('cat', src, '-o', out, '--reject-file', rejects, '--strict');
    expect(r.code).toBe(EXIT.rejected);
    expect(readFileSync(out, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
    expect(readFileSync(rejects, 'utf8')).toBe('{"a":\n{"c":\n');
    expect(r.stderr).toContain('2 lines not written');
    expect(r.stderr).toContain(`${src}:2: malformed`);
    expect(r.stderr).toContain(`${src}:4: truncated`);
  });

  it('names an input it cannot read and exits with failure', async () => {
    const missing = join(dir, 'missing.jsonl');
    const r = await txpipe('cat', missing, '-o', join(dir, 'x'));
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toContain(`${missing}: no such file`);
  });

  it('says which format each shared Claude Code session is in', async () => {
    const out = join(dir, 'detect.txt');
    expect((await txpipe('detect', fixture('claude-code'), '-o', out)).code).toBe(EXIT.ok);
    const rows = readFileSync(out, 'utf8').trim().split('\n');
    expect(rows.length).toBe(walk(fixture('claude-code')).length);
    for (const row of rows) expect(row).toMatch(/\tclaude-code$/);
  });

  it.each([
    [fixture('rupu', 'run_smoke.jsonl'), 'rupu'],
    [fixture('eval-magic', 'claude-stream-json', 'claude-events.jsonl'), 'claude-stream-json'],
    [fixture('awf', 'claude', 'input.jsonl'), 'claude-stream-json'],
  ])('detects %s as %s', async (file, format) => {
    const out = join(dir, 'detect-one.txt');
    expect((await txpipe('detect', file, '-o', out)).code).toBe(EXIT.ok);
    expect(readFileSync(out, 'utf8')).toBe(`${file}\t${format}\n`);
  });

  it('claims no format for records no format writes (made up)', async () => {
    const src = join(dir, 'plain.jsonl');
    writeFileSync(src, '{"foo":1}\n{"bar":[2]}\n');
    const out = join(dir, 'plain.txt');
    expect((await txpipe('detect', src, '-o', out)).code).toBe(EXIT.ok);
    expect(readFileSync(out, 'utf8')).toBe(`${src}\tunknown\n`);
  });

  it('fails naming the output when it cannot be written', async () => {
    const r = await txpipe('cat', fixture('rupu', 'run_smoke.jsonl'), '-o', dir);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toContain(`cannot write ${dir}`);
  });

  it('--on-invalid error fails on a malformed line, naming it', async () => {
    const src = join(dir, 'mal.jsonl');
    writeFileSync(src, '{"a":1}\nnope\n');
    const r = await txpipe('cat', src, '--on-invalid', 'error', '-o', join(dir, 'mal.out'));
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toContain(`${src}:2: line is not JSON`);
  });
});
