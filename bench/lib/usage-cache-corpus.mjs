// Corpora of the usage cache cases (usage-warm, usage-appended): the `usage` case's ~200 MB
// projects tree, and the txpipe usage cache made from it beforehand (a warm cache), as a user
// who ran `txpipe usage` once has it.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, rm, stat, writeFile, appendFile, copyFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonlBelow, makeCorpus as makeTree } from '../cases/usage.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TXPIPE = join(repoRoot, 'dist', 'bin', 'txpipe.js');
export const CACHE_FILE = 'usage-cache.json';

const exists = (p) =>
  stat(p).then(
    () => true,
    () => false,
  );

/** Runs `txpipe usage` once over `projects` with `cacheDir`: the cache a later run finds. */
export function warmCache(projects, cacheDir) {
  execFileSync(process.execPath, [TXPIPE, 'usage', '--json', '--cache-dir', cacheDir, projects], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The usage tree (shared with the `usage` case) and a warm cache of it in `dir/cache`. */
export async function warmTree(dir, { quick = false } = {}) {
  const projects = await makeTree(join(dirname(dir), 'usage'), { quick });
  const cacheDir = join(dir, 'cache');
  await rm(cacheDir, { recursive: true, force: true });
  warmCache(projects, cacheDir);
  return { projects, cacheDir };
}

/**
 * A copy of the usage tree in `dir/projects`, its warm cache kept as `dir/warm-cache.json`, and
 * then 1% new lines appended to its 10 largest files (each file's own usage lines, with new
 * message ids: new replies). A run then finds the cache as it was before the appends.
 */
export async function appendedTree(dir, { quick = false } = {}) {
  const projects = join(dir, 'projects');
  const cacheDir = join(dir, 'cache');
  const warm = join(dir, 'warm-cache.json');
  if (!(await exists(join(dir, '.complete')))) {
    const tree = await makeTree(join(dirname(dir), 'usage'), { quick });
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await cp(tree, projects, { recursive: true });
    warmCache(projects, cacheDir);
    await copyFile(join(cacheDir, CACHE_FILE), warm);
    const files = await Promise.all(
      (await jsonlBelow(projects)).map(async (p) => ({ p, size: (await stat(p)).size })),
    );
    files.sort((a, b) => b.size - a.size || (a.p < b.p ? -1 : 1));
    for (const { p } of files.slice(0, 10)) {
      const lines = (await readFile(p, 'utf8')).split('\n').filter((l) => l !== '');
      const usage = lines.filter((l) => l.includes('"usage"'));
      const want = Math.max(1, Math.round(lines.length / 100));
      const added = [];
      for (let i = 0; i < want; i++)
        added.push(usage[i % usage.length].replace(/"(msg_[A-Za-z0-9]+)"/g, `"$1-new${i}"`));
      await appendFile(p, added.join('\n') + '\n');
    }
    await writeFile(join(dir, '.complete'), '');
  }
  return { projects, cacheDir, warm };
}

/** The baselines of the cache cases: txpipe reading every file (`--no-cache`), and ccusage. */
export function cacheBaselines(ccusage) {
  return {
    'txpipe usage --no-cache': (projects, { node, txpipe }) => [
      node,
      txpipe,
      'usage',
      '--json',
      '--no-cache',
      projects,
    ],
    ccusage,
  };
}
