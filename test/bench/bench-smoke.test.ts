import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot } from '../shared.js';

// Smoke test of the benchmark harness (issue 2): the corpus generator on its small (--quick)
// sizes, and the runner in --quick mode on one case. Nothing here is timed: it checks that the
// corpora have the promised shape and that the runner produces a table with numeric ratios.

const node = (args: string[]) =>
  spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'txpipe-bench-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The path the generator printed for a corpus. */
function built(stdout: string, name: string): string {
  const row = stdout.split('\n').find((l) => l.startsWith(`${name}\t`));
  expect(row, stdout).toBeDefined();
  return row!.split('\t')[1]!;
}

describe('bench/corpus.mjs --quick', () => {
  let out: string;
  beforeAll(() => {
    const r = node([
      'bench/corpus.mjs',
      'sessions',
      'long-lines',
      'projects',
      '--quick',
      '--dir',
      dir,
    ]);
    expect(r.status, r.stderr).toBe(0);
    out = r.stdout;
  });

  it('builds sessions from the shared Claude Code fixtures with ids varied per copy', () => {
    const lines = readFileSync(built(out, 'sessions'), 'utf8').split('\n').filter(Boolean);
    const values = lines.map((l) => JSON.parse(l) as { sessionId?: string; uuid?: string });
    // Every copy keeps its lines (all JSON) but no uuid repeats across copies.
    const uuids = values.flatMap((v) => (v.uuid ? [v.uuid] : []));
    expect(new Set(uuids).size).toBe(uuids.length);
    const sessions = new Set(values.flatMap((v) => (v.sessionId ? [v.sessionId] : [])));
    expect(sessions.size).toBeGreaterThan(1);
  });

  it('builds the same bytes again (seeded) and does not rebuild an up-to-date corpus', () => {
    const path = built(out, 'sessions');
    const before = statSync(path).mtimeMs;
    const again = node(['bench/corpus.mjs', 'sessions', '--quick', '--dir', dir]);
    expect(again.status).toBe(0);
    expect(statSync(path).mtimeMs).toBe(before);
    const other = mkdtempSync(join(tmpdir(), 'txpipe-bench-'));
    try {
      const r = node(['bench/corpus.mjs', 'sessions', '--quick', '--dir', other]);
      expect(readFileSync(built(r.stdout, 'sessions')).equals(readFileSync(path))).toBe(true);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('builds long lines of at least 1 MiB that are JSON', () => {
    const text = readFileSync(built(out, 'long-lines'), 'utf8');
    const long = text.split('\n').filter((l) => l.length >= 1024 * 1024);
    expect(long.length).toBeGreaterThanOrEqual(2);
    for (const l of long) expect(typeof JSON.parse(l)).toBe('object');
  });

  it('lays out projects/ with subagents under <session>/subagents/', () => {
    const r = spawnSync('find', [built(out, 'projects'), '-path', '*/subagents/*.jsonl'], {
      encoding: 'utf8',
    });
    expect(r.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(2);
  });
});

describe('bench/session-halves.mjs --quick', () => {
  it('finds the Flockdeck writer starting afresh at a session (halves joined = whole) and times it', () => {
    const r = node(['bench/session-halves.mjs', '--quick', '--rounds', '1', '--corpus-dir', dir]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/cut at byte \d+ of \d+/);
    for (const row of ['node-loop', 'txpipe (whole)', 'txpipe (two halves at once)'])
      expect(r.stdout).toMatch(
        new RegExp(`^\\| ${row.replace(/[()]/g, '\\$&')} \\| \\d+\\.\\d\\d \\|`, 'm'),
      );
  });

  it('stops when the halves joined are not the whole run (a writer that carries state across)', () => {
    // `usage` writes one report of every session read: the halves' two reports are not the whole's.
    const r = node([
      'bench/session-halves.mjs',
      '--quick',
      '--rounds',
      '1',
      '--corpus-dir',
      dir,
      'usage',
      '--json',
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('the halves joined are not the whole run');
  });
});

describe('bench/baselines/usage-floor.mjs', () => {
  it('parses every line of a projects tree that holds "usage"', () => {
    const projects = built(
      node(['bench/corpus.mjs', 'projects', '--quick', '--dir', dir]).stdout,
      'projects',
    );
    const r = node(['bench/baselines/usage-floor.mjs', projects]);
    expect(r.status, r.stderr).toBe(0);
    const grep = spawnSync('grep', ['-rc', '--include=*.jsonl', '"usage"', projects], {
      encoding: 'utf8',
    });
    const expected = grep.stdout
      .split('\n')
      .filter(Boolean)
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(':') + 1)), 0);
    const got = JSON.parse(r.stdout) as { lines: number; tokens: number };
    expect(got.lines).toBe(expected);
    expect(got.tokens).toBeGreaterThan(0);
  });
});

describe('bench/run.mjs --quick', () => {
  it('runs a case against every baseline and writes a table with numeric ratios', () => {
    const results = join(dir, 'RESULTS.md');
    const r = node([
      'bench/run.mjs',
      '--quick',
      '--case',
      'cat-sessions',
      '--corpus-dir',
      dir,
      '--results',
      results,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const md = readFileSync(results, 'utf8');
    expect(md).toContain('## cat-sessions');
    for (const baseline of ['node-loop', 'jq', 'split2']) {
      const row = md.split('\n').find((l) => l.startsWith(`| ${baseline} |`));
      expect(row, md).toBeDefined();
      // wall seconds, MB/s and the speed-up are numbers
      const cells = row!.split('|').map((c) => c.trim());
      expect(Number(cells[2])).toBeGreaterThan(0);
      expect(Number(cells[3])).toBeGreaterThan(0);
      expect(cells[4]).toMatch(/^\d+\.\d\dx$/);
    }
    expect(md).toMatch(/\| >= 2\.8x node-loop \| \d+\.\d\dx \| (pass|FAIL) \|/);
  });

  it('picks up a case file it was never told about, with its own corpus', () => {
    const cases = join(dir, 'cases');
    spawnSync('mkdir', ['-p', cases]);
    writeFileSync(
      join(cases, 'tiny.mjs'),
      `import { writeFileSync, mkdirSync } from 'node:fs';
export async function makeCorpus(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(dir + '/tiny.jsonl', '{"a":1}\\n'.repeat(100));
  return dir + '/tiny.jsonl';
}
export default { id: 'tiny', summary: 'made-up', corpus: 'tiny', argv: ['cat'], targets: [{ baseline: 'jq', min: 0.001 }], baselines: ['jq'] };
`,
    );
    const results = join(dir, 'TINY.md');
    const r = node([
      'bench/run.mjs',
      '--quick',
      '--cases-dir',
      cases,
      '--corpus-dir',
      dir,
      '--results',
      results,
      '--check',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const md = readFileSync(results, 'utf8');
    expect(md).toMatch(/\| >= 0\.001x jq \| \d+\.\d\dx \| pass \|/);
    // Only the baselines the case asks for are run.
    expect(md).toMatch(/^\| jq \|/m);
    expect(md).not.toMatch(/^\| (node-loop|split2) \|/m);
  });

  it('rejects a case file that breaks the contract, naming it', () => {
    const cases = join(dir, 'bad-cases');
    spawnSync('mkdir', ['-p', cases]);
    writeFileSync(
      join(cases, 'bad.mjs'),
      `export default { id: 'bad', corpus: 'nope', argv: ['cat'] };\n`,
    );
    const r = node(['bench/run.mjs', '--quick', '--cases-dir', cases, '--corpus-dir', dir]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/bad\.mjs: bad case \(makeCorpus\)/);
  });
});
