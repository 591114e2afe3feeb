import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { ensureBuilt, env } from './cli/run.js';
import { repoRoot } from './shared.js';

/** Runs an ES module snippet with node from the repository root, as a user of the package would. */
function node(code: string) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
}

beforeAll(ensureBuilt);

describe('the package imported by its own name', () => {
  it("import('txpipe') gives the public API, the same names as src/index.ts", () => {
    const r = node(
      "const m = await import('txpipe'); console.log(JSON.stringify(Object.keys(m).sort()))",
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(Object.keys(api).sort());
  });

  it('the factories are there and work', async () => {
    const r = node(
      [
        "import { Readable } from 'node:stream';",
        "const { readRecords, stringify, cat } = await import('txpipe');",
        'const out = Readable.from([Buffer.from(\'{"a":1}\\nbad\\n\')]);',
        'const chunks = [];',
        'for await (const c of readRecords(out).pipe(cat()).pipe(stringify())) chunks.push(String(c));',
        'process.stdout.write(chunks.join(""));',
      ].join('\n'),
    );
    expect([r.stdout, r.stderr]).toEqual(['{"a":1}\n', '']);
  });

  it.each([
    'txpipe/dist/src/stream/lines.js',
    'txpipe/src/index.ts',
    'txpipe/dist/src/index.js',
    'txpipe/dist/bin/txpipe.js',
  ])('the exports map is closed: %s cannot be imported', (deep) => {
    const r = node(`await import(${JSON.stringify(deep)})`);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('package.json is exported', () => {
    const r = node(
      "import { createRequire } from 'node:module'; console.log(createRequire(import.meta.url)('txpipe/package.json').name)",
    );
    expect(r.stdout.trim()).toBe('txpipe');
  });

  it('npx txpipe --help works in a checkout (the bin entry)', () => {
    // npm's own cache in a folder of this run: HOME=/tmp would share /tmp/.npm with whoever made it
    // first, and npx exits 243 when that was another user.
    const cache = mkdtempSync(join(tmpdir(), 'txpipe-npm-cache-'));
    const r = spawnSync('npx', ['--no-install', 'txpipe', '--help'], {
      cwd: repoRoot,
      env: {
        ...env,
        npm_config_cache: cache,
        npm_config_update_notifier: 'false',
        npm_config_fund: 'false',
      },
      encoding: 'utf8',
    });
    rmSync(cache, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^txpipe <command> \[options\] \[files\.\.\.\]/);
  });

  it('every value the barrel exports is defined', () => {
    for (const [name, value] of Object.entries(api)) expect(value, name).toBeDefined();
    expect(typeof api.lines).toBe('function');
    expect(api.formatIds).toContain('claude-code');
  });
});
