import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is in test/). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The shared folder with specs and fixtures written by others: `TXPIPE_SHARED` if set, else
 * `../shared` beside the checkout (as CI lays it out), else `/work/shared` (a worktree elsewhere).
 */
export const sharedDir: string = (() => {
  const candidates = [process.env.TXPIPE_SHARED, join(repoRoot, '..', 'shared'), '/work/shared'];
  for (const c of candidates) if (c && existsSync(join(c, 'fixtures'))) return c;
  throw new Error('shared/ not found: set TXPIPE_SHARED to the folder with specs/ and fixtures/');
})();

/** A path inside shared/fixtures. */
export function fixture(...parts: string[]): string {
  return join(sharedDir, 'fixtures', ...parts);
}

/** A path inside shared/specs. */
export function spec(...parts: string[]): string {
  return join(sharedDir, 'specs', ...parts);
}

/** The built CLI. */
export const bin = join(repoRoot, 'dist', 'bin', 'txpipe.js');

/**
 * Builds the CLI once when `dist` is missing (`npm test` builds before vitest; a lone
 * `npx vitest run` may not have). For a `beforeAll` of tests that spawn the built bin.
 */
export function ensureBuilt(): void {
  if (existsSync(bin)) return;
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/**
 * Copies fixtures (a file or a folder) as `cpSync` does, then makes the copy's folders writable:
 * cpSync keeps the modes of shared/ (read-only where CI mounts it so), and a user who is not root
 * could then neither add to nor remove the copy.
 */
export function copyFixtures(src: string, dest: string, filter?: (path: string) => boolean): void {
  cpSync(src, dest, { recursive: true, ...(filter ? { filter } : {}) });
  writable(dest);
}

function writable(path: string): void {
  if (!statSync(path).isDirectory()) return;
  chmodSync(path, 0o755);
  for (const e of readdirSync(path, { withFileTypes: true }))
    if (e.isDirectory()) writable(join(path, e.name));
}
