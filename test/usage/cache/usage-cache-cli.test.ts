// `txpipe usage` with its cache, the built binary spawned as a user runs it: the report is the
// one --no-cache gives; a grown file is read from where it was left; a cache that cannot be used
// is set aside with one line on standard error; runs at once leave a whole cache.
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_CACHE_FILE } from '../../../src/usage/cache/cache-store.js';
import { bin, ensureBuilt } from '../../shared.js';
import { claudeConfigDir } from '../claude-tree.js';

const run = promisify(execFile);
let tree: string;
let projects: string;
const dirs: string[] = [];

beforeAll(() => {
  ensureBuilt();
  tree = claudeConfigDir();
  projects = join(tree, 'projects');
});
afterAll(() => {
  rmSync(tree, { recursive: true, force: true });
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'txpipe-usage-cache-cli-'));
  dirs.push(d);
  return d;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function usage(args: string[], env: Record<string, string> = {}): Promise<Run> {
  try {
    const r = await run(process.execPath, [bin, 'usage', '--json', ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 1 << 26,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const jsonlBelow = (d: string): string[] =>
  readdirSync(d, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => join(e.parentPath, e.name))
    .sort();

describe('txpipe usage with its cache', () => {
  it('gives the --no-cache report cold and warm, and keeps no message text', async () => {
    const cache = tempDir();
    const plain = await usage(['--no-cache', projects]);
    const cold = await usage(['--cache-dir', cache, projects]);
    const warm = await usage(['--cache-dir', cache, projects]);
    expect(cold).toEqual(plain);
    expect(warm).toEqual(plain);
    const kept = readFileSync(join(cache, USAGE_CACHE_FILE), 'utf8');
    const doc = JSON.parse(kept) as { files: Record<string, unknown> };
    expect(Object.keys(doc.files).sort()).toEqual(jsonlBelow(projects));
    // Every text an assistant wrote (and every user prompt) is absent from the cache.
    const texts = new Set<string>();
    for (const f of jsonlBelow(projects))
      for (const l of readFileSync(f, 'utf8').split('\n')) {
        const m = /"text":"([^"\\]{12,60})/.exec(l);
        if (m) texts.add(m[1]!);
      }
    expect(texts.size).toBeGreaterThan(10);
    for (const t of texts) expect(kept.includes(t), t).toBe(false);
  });

  it('lives in TXPIPE_CACHE_DIR, else $XDG_CACHE_HOME/txpipe, else ~/.cache/txpipe', async () => {
    const table: [Record<string, string>, (d: string) => string][] = [
      [{ TXPIPE_CACHE_DIR: 'own' }, (d) => join(d, 'own')],
      [{ TXPIPE_CACHE_DIR: '', XDG_CACHE_HOME: 'xdg' }, (d) => join(d, 'xdg', 'txpipe')],
      [
        { TXPIPE_CACHE_DIR: '', XDG_CACHE_HOME: '', HOME: 'home' },
        (d) => join(d, 'home', '.cache', 'txpipe'),
      ],
    ];
    for (const [env, where] of table) {
      const d = tempDir();
      const abs = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v && join(d, v)]));
      expect((await usage([projects], abs)).code).toBe(0);
      expect(existsSync(join(where(d), USAGE_CACHE_FILE)), JSON.stringify(env)).toBe(true);
    }
    const off = tempDir();
    await usage(['--no-cache', projects], { TXPIPE_CACHE_DIR: off });
    expect(readdirSync(off)).toEqual([]);
  });

  it('reads a file that grew from where it was left, and one rewritten whole', async () => {
    const d = tempDir();
    const file = join(d, 'projects', 'p', 'session.jsonl');
    const big = jsonlBelow(projects).find((f) => statSync(f).size > 64 * 1024) as string;
    const lines = readFileSync(big, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"output_tokens":'));
    // A report in the middle of the file (far from its first bytes and from its end).
    const middle = Math.floor(lines.length / 2);
    const body = lines.map((l, i) =>
      i === middle ? l.replace(/"output_tokens":\d+/, '"output_tokens":1000000') : l,
    );
    rmSync(join(d, 'projects'), { recursive: true, force: true });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(d, 'projects', 'p'), { recursive: true });
    writeFileSync(file, body.join('\n') + '\n');
    const cache = ['--cache-dir', join(d, 'cache')];
    const first = await usage([...cache, file]);
    // The middle report changed in place, same size, and a line added: only the new line is read.
    writeFileSync(
      file,
      (body.join('\n') + '\n').replace('"output_tokens":1000000', '"output_tokens":2000000'),
    );
    appendFileSync(file, lines[0]!.replace(/msg_[A-Za-z0-9]+/, 'msg_appended') + '\n');
    const grown = await usage([...cache, file]);
    const whole = await usage(['--no-cache', file]);
    const out = (r: Run) => (JSON.parse(r.stdout) as { totals: { output: number } }).totals.output;
    const added = out(whole) - out(first) - 1_000_000;
    expect(added).toBeGreaterThanOrEqual(0);
    expect(out(grown)).toBe(out(first) + added);
    // Its first bytes changed: read whole again.
    writeFileSync(file, ' ' + readFileSync(file, 'utf8'));
    expect(await usage([...cache, file])).toEqual(await usage(['--no-cache', file]));
  });

  it.each([
    ['corrupt', 'not json {', /usage cache .* is corrupt: ignored, and written again/],
    ['of another shape', '{"files":3}', /usage cache .* is corrupt: ignored, and written again/],
    [
      'from another version',
      JSON.stringify({ cache: 'txpipe-usage', version: '0;old', settings: '', files: {} }),
      /usage cache .* is from another version: ignored, and written again/,
    ],
  ])(
    'sets aside a cache %s with one line on stderr, then rebuilds it',
    async (_what, text, said) => {
      const cache = tempDir();
      writeFileSync(join(cache, USAGE_CACHE_FILE), text);
      const plain = await usage(['--no-cache', projects]);
      const r = await usage(['--cache-dir', cache, projects]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(plain.stdout);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(said);
      expect(await usage(['--cache-dir', cache, projects])).toEqual(plain);
    },
  );

  it.each([
    // Under a regular file: neither read nor written.
    [
      'under a file',
      (d: string) => join(d, 'a-file', 'cache'),
      /cannot be read \(ENOTDIR\): ignored/,
    ],
    // A folder no one may create files in (root included): read, never written.
    ['in /proc', () => '/proc', /cannot be written \(\w+\): the report is made without it/],
  ])(
    'makes the report when the cache dir is unusable (%s), with one line on stderr',
    async (_w, dir, said) => {
      const d = tempDir();
      writeFileSync(join(d, 'a-file'), '');
      const plain = await usage(['--no-cache', projects]);
      const r = await usage(['--cache-dir', dir(d), projects]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(plain.stdout);
      expect(r.stderr).toMatch(new RegExp(`^txpipe: usage cache \\S+ ${said.source}\\n$`));
    },
  );

  it('is left whole by runs at once, and a deleted file drops out of it', async () => {
    const cache = tempDir();
    const plain = await usage(['--no-cache', projects]);
    const runs = await Promise.all([1, 2, 3, 4].map(() => usage(['--cache-dir', cache, projects])));
    for (const r of runs) expect(r).toEqual(plain);
    expect(readdirSync(cache)).toEqual([USAGE_CACHE_FILE]);
    expect(await usage(['--cache-dir', cache, projects])).toEqual(plain);
    const gone = jsonlBelow(projects)[0] as string;
    const copy = tempDir();
    const { cpSync } = await import('node:fs');
    cpSync(projects, join(copy, 'projects'), { recursive: true });
    await usage(['--cache-dir', cache, join(copy, 'projects')]);
    const goneCopy = join(copy, 'projects', gone.slice(projects.length));
    rmSync(goneCopy);
    await usage(['--cache-dir', cache, join(copy, 'projects')]);
    const doc = JSON.parse(readFileSync(join(cache, USAGE_CACHE_FILE), 'utf8')) as {
      files: Record<string, unknown>;
    };
    expect(Object.keys(doc.files)).not.toContain(goneCopy);
    expect(Object.keys(doc.files)).toContain(gone);
  });

  it('a cached file that can no longer be stat-ed (its folder now a file, or one this user may not enter) drops out; the report is made', async () => {
    // Found as a user other than the one who wrote the cache: a cached path below a folder that
    // user cannot enter (EACCES) made usage fail with "-: permission denied". As root the same
    // stat error comes from a path whose folder became a file (ENOTDIR).
    const cache = tempDir();
    const copy = tempDir();
    const { cpSync } = await import('node:fs');
    cpSync(projects, join(copy, 'projects'), { recursive: true });
    await usage(['--cache-dir', cache, join(copy, 'projects')]);
    rmSync(join(copy, 'projects'), { recursive: true, force: true });
    writeFileSync(join(copy, 'projects'), 'now a file\n');
    const plain = await usage(['--no-cache', projects]);
    expect(await usage(['--cache-dir', cache, projects])).toEqual(plain);
    const doc = JSON.parse(readFileSync(join(cache, USAGE_CACHE_FILE), 'utf8')) as {
      files: Record<string, unknown>;
    };
    expect(Object.keys(doc.files).filter((f) => f.startsWith(copy))).toEqual([]);
  });
});
