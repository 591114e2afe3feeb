// The native part's C++ under AddressSanitizer and UndefinedBehaviorSanitizer: builds
// sanitize-driver.cc with g++ (with and without the SSE2 paths) and runs it on random, damaged and
// hostile lines. Needs g++; where CI requires the native part (TXPIPE_REQUIRE_NATIVE=1) it must run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../shared.js';

const gpp = spawnSync('g++', ['--version']).status === 0;
const required = process.env.TXPIPE_REQUIRE_NATIVE === '1';
const dir = mkdtempSync(join(tmpdir(), 'txpipe-sanitize-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the native C++ under sanitizers', () => {
  it('has g++ where the native part is required', () => {
    if (required) expect(gpp).toBe(true);
  });

  it.runIf(gpp).each([
    ['with SSE2', []],
    ['without SIMD (the paths other CPUs take)', ['-DTXPIPE_NO_SIMD']],
  ])(
    '%s: no memory or undefined-behaviour error, pruning idempotent, search exact',
    (name, flags) => {
      const exe = join(dir, name.replace(/\W+/g, '-'));
      const build = spawnSync(
        'g++',
        [
          '-std=c++17',
          '-O1',
          '-g',
          '-fsanitize=address,undefined',
          '-fno-sanitize-recover=all',
          ...flags,
          join(repoRoot, 'test', 'native', 'sanitize-driver.cc'),
          '-o',
          exe,
        ],
        { encoding: 'utf8' },
      );
      expect(build.stderr).toBe('');
      expect(build.status).toBe(0);
      const run = spawnSync(exe, ['7', '150000'], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const [, pruned, refused] = run.stdout.trim().split(' ').map(Number);
      // Both outcomes are exercised many times.
      expect(pruned).toBeGreaterThan(10000);
      expect(refused).toBeGreaterThan(10000);
    },
    60_000,
  );
});
