import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../shared.js';
import { ensureBuilt, txpipe } from './run.js';

/**
 * The CLI's bundle is read with V8's code cache (bin/load-cli.ts): a file per command under
 * `<TMPDIR>/txpipe-code-cache-<uid>/`, written by a run that had none. These tests pin what a
 * user sees: the same output with the cache, without it, and with a cache that is garbage.
 */
beforeAll(ensureBuilt);

const dir = mkdtempSync(join(tmpdir(), 'txpipe-cache-test-'));
const input = join(dir, 'in.jsonl');
writeFileSync(input, '{"a":1,"b":"x"}\n{"a":2}\n');
const array = join(dir, 'in.json');
writeFileSync(array, '[\n  {"a": 1}\n]\n');

/** The cache files a fresh TMPDIR holds after the given runs, and the runs' results. */
function runIn(tmp: string, runs: readonly string[][], extra: Record<string, string> = {}) {
  const results = runs.map((args) => txpipe(args, { env: { TMPDIR: tmp, ...extra } }));
  const cacheDirs = readdirSync(tmp).filter((f) => f.startsWith('txpipe-code-cache-'));
  const files = cacheDirs.flatMap((d) => readdirSync(join(tmp, d)));
  return { results, files, cacheDir: cacheDirs[0] ? join(tmp, cacheDirs[0]) : undefined };
}

describe('the code cache of the CLI', () => {
  it.each([
    ['cat', ['cat', input]],
    ['clip', ['clip', input]],
    ['redact', ['redact', input]],
    ['cat of a JSON array (stream-json, a package imported by the bundle)', ['cat', array]],
    ['an unknown flag (yargs, a package imported by the bundle)', ['cat', '--nope', input]],
  ])(
    '%s: the first run writes its command cache, the second reads it, both give the same output',
    (_, args) => {
      const tmp = mkdtempSync(join(dir, 'tmp-'));
      const { results, files } = runIn(tmp, [args, args]);
      const [first, second] = results;
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`^${args[0]}-.+\\.cache$`));
      expect(second).toEqual(first);
      const off = txpipe(args, { env: { TXPIPE_CODE_CACHE: '0' } });
      expect(first).toEqual(off);
    },
  );

  it('a TMPDIR that does not exist is not made: the run works and leaves no folder behind', () => {
    const missing = join(dir, 'no-such-tmp', 'below');
    const r = txpipe(['cat', input], { env: { TMPDIR: missing } });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '{"a":1,"b":"x"}\n{"a":2}\n', '']);
    expect(() => statSync(join(dir, 'no-such-tmp'))).toThrow(/ENOENT/);
  });

  it('TXPIPE_CODE_CACHE=0 writes no cache', () => {
    const tmp = mkdtempSync(join(dir, 'tmp-'));
    const { results, files } = runIn(tmp, [['cat', input]], { TXPIPE_CODE_CACHE: '0' });
    expect(results[0]?.code).toBe(0);
    expect(files).toEqual([]);
  });

  it('a cache V8 refuses (garbage) is compiled past and written again', () => {
    const tmp = mkdtempSync(join(dir, 'tmp-'));
    const { files, cacheDir } = runIn(tmp, [['cat', input]]);
    const path = join(cacheDir ?? '', files[0] ?? '');
    writeFileSync(path, Buffer.alloc(4096, 7));
    const run = txpipe(['cat', input], { env: { TMPDIR: tmp } });
    expect(run).toEqual({ code: 0, stdout: '{"a":1,"b":"x"}\n{"a":2}\n', stderr: '' });
    expect(readdirSync(cacheDir ?? '')).toEqual(files);
    const again = txpipe(['cat', input], { env: { TMPDIR: tmp } });
    expect(again).toEqual(run);
  });

  it('a cache folder others may write to is neither read nor written (a code cache is code)', () => {
    const tmp = mkdtempSync(join(dir, 'tmp-'));
    const { files, cacheDir } = runIn(tmp, [['cat', input]]);
    expect(files).toHaveLength(1);
    const folder = cacheDir ?? '';
    chmodSync(folder, 0o777);
    rmSync(join(folder, files[0] ?? ''));
    const run = txpipe(['cat', input], { env: { TMPDIR: tmp } });
    expect(run).toEqual({ code: 0, stdout: '{"a":1,"b":"x"}\n{"a":2}\n', stderr: '' });
    expect(readdirSync(folder)).toEqual([]);
  });

  it("a new build's cache replaces the last build's (the bundle's time changed)", () => {
    const tmp = mkdtempSync(join(dir, 'tmp-'));
    const first = runIn(tmp, [['cat', input]]);
    const bundle = join(repoRoot, 'dist', 'bin', 'cli.js');
    const { atime, mtime } = statSync(bundle);
    try {
      utimesSync(bundle, atime, new Date(mtime.getTime() + 60_000));
      const second = runIn(tmp, [['cat', input]]);
      expect(second.results[0]).toEqual(first.results[0]);
      expect(second.files).toHaveLength(1);
      expect(second.files).not.toEqual(first.files);
    } finally {
      utimesSync(bundle, atime, mtime);
    }
  });

  it('a command line that is not a command name shares one cache, "cli"', () => {
    const tmp = mkdtempSync(join(dir, 'tmp-'));
    const { results, files } = runIn(tmp, [['--help']]);
    expect(results[0]?.code).toBe(0);
    expect(files.map((f) => f.split('-')[0])).toEqual(['cli']);
  });
});
