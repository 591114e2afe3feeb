// No module of the package awaits at its top level (so CommonJS can require() it): a stage
// built at once after the import, before the formats' facets are loaded, waits for them before
// its first record, and writes what the same stage built after loading them writes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot } from '../shared.js';

beforeAll(ensureBuilt);

const session = join(repoRoot, 'samples', 'session.jsonl');

/** The output of `stage` over the sample session, built at once (`now`) or after every facet is loaded. */
function run(stage: string, when: 'now' | 'loaded'): { stdout: string; stderr: string } {
  const code = [
    "import { createReadStream } from 'node:fs';",
    "import { pipeline } from 'node:stream/promises';",
    `const t = await import(${JSON.stringify(join(repoRoot, 'dist', 'src', 'index.js'))});`,
    when === 'loaded' ? "await t.loadFacets('codec', 'redaction', 'clip', 'usage', 'replay');" : '',
    `const stage = t.${stage};`,
    `await pipeline(t.readRecords(createReadStream(${JSON.stringify(session)})), stage, ...(stage.readableObjectMode ? [t.stringify()] : []), process.stdout);`,
  ].join('\n');
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { stdout: r.stdout, stderr: r.stderr };
}

describe('a stage built before the facets it uses are loaded', () => {
  it.each([
    ['redact()'],
    ['clip({ limit: 64 })'],
    ["clip({ format: 'claude-code', limit: 64 })"],
    ['dedupUsage()'],
    ["usage({ format: 'json' })"],
    ["convert({ to: 'txpipe' })"],
    ["convert({ to: 'flockdeck', from: 'claude-code' })"],
    ['replay()'],
  ])('%s writes what it writes once they are', (stage) => {
    const now = run(stage, 'now');
    expect(now.stderr).toBe('');
    expect(now.stdout.length).toBeGreaterThan(100);
    expect(now).toEqual(run(stage, 'loaded'));
  });

  it('a format that cannot be written fails the stream once the writers are loaded', () => {
    const r = run("convert({ to: 'claude-stream-json' })", 'now');
    expect(r.stderr).toMatch(/format claude-stream-json cannot be written/);
  });
});
