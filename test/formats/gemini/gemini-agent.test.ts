import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DefaultUsageReport } from '../../../src/usage/usage-totals.js';
import { ensureBuilt, repoRoot } from '../../shared.js';
import { txpipe } from '../../cli/run.js';

const tmp = join(repoRoot, 'test', 'fixtures', 'gemini', 'tmp');
/** Every fixture session file, the legacy `.json` among them. */
const ALL = readdirSync(tmp, { recursive: true, encoding: 'utf8' })
  .filter((n) => /\.jsonl?$/.test(n))
  .map((n) => join(tmp, n));

beforeAll(() => ensureBuilt());

const usageOf = (args: string[]): DefaultUsageReport => {
  const r = txpipe(['usage', '--json', ...args]);
  expect([r.code, r.stderr]).toEqual([0, '']);
  return JSON.parse(r.stdout) as DefaultUsageReport;
};

/** `txpipe usage --agent gemini|all`: the session files under Gemini CLI's `.gemini/tmp`. */
describe('Gemini CLI sessions found in their default place', () => {
  // Made when the cases are collected: the table below names it.
  const home = mkdtempSync(join(tmpdir(), 'txpipe-gemini-home-'));
  cpSync(tmp, join(home, 'cli', '.gemini', 'tmp'), { recursive: true });
  cpSync(tmp, join(home, 'user', '.gemini', 'tmp'), { recursive: true });
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  const run = (args: string[], extra: Record<string, string>) =>
    txpipe(['usage', '--json', ...args], { env: extra });
  // Every fixture named (a directory walk would leave out the legacy .json).
  const want = () => usageOf(ALL);

  it.each([
    ['gemini', { GEMINI_CLI_HOME: join(home, 'cli') }],
    // GEMINI_CLI_HOME empty: the user's home.
    ['gemini', { HOME: join(home, 'user'), GEMINI_CLI_HOME: '' }],
    ['all', { GEMINI_CLI_HOME: join(home, 'cli'), CODEX_HOME: join(home, 'no-codex') }],
  ])('--agent %s reads every session file under .gemini/tmp (%o)', (agent, extra) => {
    const r = run(['--agent', agent], extra as Record<string, string>);
    expect(r.stderr).toBe('');
    const rep = JSON.parse(r.stdout) as DefaultUsageReport;
    expect(rep.totals).toEqual(want().totals);
    expect(rep.sessions.map((s) => s.key).sort()).toEqual(
      want()
        .sessions.map((s) => s.key)
        .sort(),
    );
  });

  it('a .gemini/tmp without sessions is an empty report: standard input is not read', () => {
    const empty = join(home, 'empty');
    mkdirSync(join(empty, '.gemini', 'tmp', 'bin'), { recursive: true });
    const session = readFileSync(
      ALL.find((f) => f.endsWith('.jsonl'))!,
      'utf8',
    );
    const r = txpipe(['usage', '--json', '--agent', 'gemini'], {
      env: { GEMINI_CLI_HOME: empty },
      input: session,
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect((JSON.parse(r.stdout) as DefaultUsageReport).totals.replies).toBe(0);
  });

  it('a missing .gemini/tmp is an error naming it; --agent all leaves it out (with no other agent, nothing to read: a usage error)', () => {
    const none = join(home, 'none');
    const r = run(['--agent', 'gemini'], { GEMINI_CLI_HOME: none });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(join(none, '.gemini', 'tmp'));
    const all = run(['--agent', 'all'], { GEMINI_CLI_HOME: none, CODEX_HOME: none });
    // No agent's folder at all and no path: a usage error with the hint, never a wait on stdin.
    expect(all.code).toBe(2);
    expect(all.stderr).toContain('no path given');
  });
});
