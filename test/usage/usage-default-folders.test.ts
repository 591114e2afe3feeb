// `txpipe usage` with no path reads Claude Code's projects folders as ccusage finds them
// (CLAUDE_CONFIG_DIR, comma-separated; else $XDG_CONFIG_HOME/claude and ~/.claude), standard
// input only with `-`, and with nothing to read it says so instead of waiting.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DefaultUsageReport } from '../../src/usage/usage-totals.js';
import { bin, ensureBuilt, fixture } from '../shared.js';
import { env } from '../cli/run.js';

const PROJECTS = fixture('claude-code');
const A = 'marot-spotter';
const B = 'd-kimuson-claude-code-viewer';
let home: string;

/** `<parent>/projects/<name>` holding the fixture project `name`; the config folder returned. */
function config(parent: string, ...names: string[]): string {
  for (const n of names)
    cpSync(join(PROJECTS, n), join(parent, 'projects', n), { recursive: true });
  return parent;
}

function run(args: string[], extra: Record<string, string>, input = '') {
  const r = spawnSync(process.execPath, [bin, 'usage', '--json', '--no-cache', ...args], {
    env: { ...env, HOME: home, ...extra },
    encoding: 'utf8',
    input,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const report = (r: { stdout: string }) => JSON.parse(r.stdout) as DefaultUsageReport;

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), 'txpipe-usage-home-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('usage with no path: Claude Code folders, as ccusage finds them', () => {
  // [what, the home folder's name, its config folders (relative) with their projects, extra env]
  it.each([
    ['~/.claude/projects', 'h1', [['.claude', A]], {}],
    [
      '~/.config/claude/projects and ~/.claude/projects',
      'h2',
      [
        ['.config/claude', A],
        ['.claude', B],
      ],
      {},
    ],
    ['$XDG_CONFIG_HOME/claude/projects', 'h3', [['xdg/claude', B]], { XDG_CONFIG_HOME: 'xdg' }],
  ] as const)('%s', (_what, name, configs, extra) => {
    const h = join(home, name);
    const dirs = configs.map(([rel, project]) => config(join(h, rel), project));
    const more = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, join(h, v)]));
    const r = run([], { HOME: h, ...more });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const expected = run(
      dirs.map((d) => join(d, 'projects')),
      {},
    );
    expect(report(r)).toEqual(report(expected));
    expect(report(r).totals.replies).toBeGreaterThan(0);
  });

  it('CLAUDE_CONFIG_DIR lists several folders (a config folder, or its projects folder); ~ folders are then not read', () => {
    const one = config(join(home, 'c1'), A);
    const two = config(join(home, 'c2'), B);
    config(join(home, 'c0', '.claude'), A, B); // HOME's folder: not read when the variable is set
    const r = run([], {
      HOME: join(home, 'c0'),
      CLAUDE_CONFIG_DIR: ` ${one}, ${join(two, 'projects')},${one}`,
    });
    expect(r.stderr).toBe('');
    const expected = run([join(one, 'projects'), join(two, 'projects')], {});
    expect(report(r)).toEqual(report(expected));
  });

  it('CLAUDE_CONFIG_DIR with no projects folder in it is an error naming it', () => {
    const r = run([], { CLAUDE_CONFIG_DIR: join(home, 'nowhere') });
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(join(home, 'nowhere'));
  });

  it('paths given: only those, not the folders', () => {
    const cfg = config(join(home, 'p1', '.claude'), A);
    const r = run([join(PROJECTS, B)], { HOME: join(home, 'p1') });
    expect(report(r)).toEqual(report(run([join(PROJECTS, B)], {})));
    expect(report(r).sessions.map((s) => s.key)).not.toContain(
      report(run([join(cfg, 'projects')], {})).sessions[0]!.key,
    );
  });

  it('--agent claude adds the folders to the paths given', () => {
    const cfg = config(join(home, 'p2', '.claude'), A);
    const r = run(['--agent', 'claude', join(PROJECTS, B)], { HOME: join(home, 'p2') });
    expect(report(r)).toEqual(report(run([join(PROJECTS, B), join(cfg, 'projects')], {})));
  });
});

describe('usage and standard input', () => {
  const line = readFileSync(join(PROJECTS, A, 'short.jsonl'), 'utf8');

  it('is read with -', () => {
    const r = run(['-'], { HOME: join(home, 'empty1') }, line);
    expect(r.code).toBe(0);
    expect(report(r).totals.replies).toBeGreaterThan(0);
  });

  it('is not read without -: no path and no folder is an error with a hint, at once', () => {
    mkdirSync(join(home, 'empty2'), { recursive: true });
    const r = run([], { HOME: join(home, 'empty2') }, line);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(join(home, 'empty2', '.claude', 'projects'));
    expect(r.stderr).toContain(join(home, 'empty2', '.config', 'claude', 'projects'));
    expect(r.stderr).toMatch(/- for standard input/);
  });
});
