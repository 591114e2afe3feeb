// Standard output redirected into an input (`txpipe cat x.jsonl >> x.jsonl`) is refused, as `-o
// x.jsonl` is: a file is read to its end (never only to the size it had when opened), so what
// the run appends would be read again, and written again, until the disk is full (issue 24).
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { bin, repoRoot } from '../shared.js';
import { ensureBuilt, env } from './run.js';

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-stdout-in-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** 3 MB of JSON Lines: more than one read of the CLI's reader. */
const body = Array.from(
  { length: 40_000 },
  (_, i) => `{"i":${i},"pad":"${'p'.repeat(60)}"}\n`,
).join('');

/** Runs `txpipe ...args` with standard output appended (`>>`) or written (`>`) to `out`. */
function redirected(args: readonly string[], out: string, flags: 'a' | 'w') {
  const fd = openSync(out, flags);
  try {
    const r = spawnSync(process.execPath, [bin, ...args], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      stdio: ['ignore', fd, 'pipe'],
      timeout: 20_000,
    });
    return { code: r.status, stderr: r.stderr };
  } finally {
    closeSync(fd);
  }
}

describe('standard output that is an input is refused', () => {
  it.each([
    ['cat', ['cat'], 'a'],
    ['redact', ['redact'], 'a'],
    ['dedup-usage', ['dedup-usage'], 'a'],
    ["run 'clip'", ['run', 'clip'], 'a'],
    ['cat, written over (>)', ['cat'], 'w'],
  ] as const)('%s', (name, command, flags) => {
    const f = join(tmp, `${name.replace(/\W/g, '')}.jsonl`);
    writeFileSync(f, body);
    const r = redirected([...command, f], f, flags);
    expect(r.code, r.stderr).toBe(EXIT.usage);
    expect(r.stderr).toBe(
      `txpipe: standard output is also an input (${f}); writing it would read what is written: write to another file\n`,
    );
    if (flags === 'a') expect(readFileSync(f, 'utf8')).toBe(body);
  });

  it('standard output into another file is written', () => {
    const f = join(tmp, 'in.jsonl');
    const o = join(tmp, 'out.jsonl');
    writeFileSync(f, body);
    writeFileSync(o, '');
    const r = redirected(['cat', f], o, 'a');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(readFileSync(o, 'utf8')).toBe(body);
  });
});
