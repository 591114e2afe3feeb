import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../shared.js';
import { ensureBuilt, env, type Run } from '../cli/run.js';

// Hostile input for the auto-swe reader: things a user may hand it that must end in a report,
// never in a process that does not end.

const tmp = mkdtempSync(join(tmpdir(), 'txpipe-auto-swe-hostile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeAll(() => ensureBuilt());

const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

/**
 * The built CLI, killed (SIGKILL: a process blocked in a system call does not run its SIGTERM
 * handler) when it has not ended after `limitMs`; `code` is then null. The limit is far above
 * what these one-record inputs take: it tells a run that never ends from one that does.
 */
function txpipeBounded(args: readonly string[], limitMs = 15_000): Run {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    timeout: limitMs,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A stored transcript of two parts (docs/formats/auto-swe.md), each one fixture's records. */
function store(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const parts = ['anthropic.jsonl', 'google.jsonl'].map((f, i) => {
    const text = readFileSync(join(repoRoot, 'test', 'fixtures', 'auto-swe', f), 'utf8');
    const records = text.split('\n').filter((l) => l !== '' && !l.startsWith('{"kind":"eof"'));
    const gz = gzipSync(records.join('\n') + '\n');
    const file = `part-${String(i).padStart(6, '0')}.ndjson.gz`;
    writeFileSync(join(dir, file), gz);
    return { file, sha256: sha(gz) };
  });
  const hash = sha(parts.map((p) => p.sha256).join(''));
  writeFileSync(join(dir, 'transcript.json'), JSON.stringify({ id: name, sha256: hash, parts }));
  return dir;
}

describe('stored transcript: a part that is not a regular file', () => {
  // A FIFO (or a symlink to one) in place of a part: reading it waits for a writer that never
  // comes, in a blocking open() that SIGTERM cannot interrupt. It must fail as read_failed.
  const fifoDir = (name: string): string => {
    const dir = store(name);
    const part = join(dir, 'part-000001.ndjson.gz');
    rmSync(part);
    const made = spawnSync('mkfifo', [part]);
    if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
    return dir;
  };

  it('verify reports it read_failed and exits 1', () => {
    const dir = fifoDir('fifo-verify');
    const r = txpipeBounded(['verify', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${dir}\tpart 0\tpart-000000.ndjson.gz\tok`);
    expect(r.stdout).toContain(`${dir}\tpart 1\tpart-000001.ndjson.gz\tread_failed`);
    expect(r.stdout).toContain(`${dir}\tFAILED: part 1 (part-000001.ndjson.gz): read_failed`);
  });

  it('cat gives part 0, then integrity_error read_failed, and says so on stderr', () => {
    const dir = fifoDir('fifo-cat');
    const r = txpipeBounded(['cat', '--strict', dir]);
    expect(r.code).toBe(3);
    const lines = r.stdout.trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toEqual({ kind: 'integrity_error', reason: 'read_failed' });
    expect(lines.some((l) => l.includes('"msg_01AaAaAaAaAaAaAaAaAaAaAa"'))).toBe(true);
    expect(r.stderr).toContain('part 1 (part-000001.ndjson.gz): read_failed');
  });
});
