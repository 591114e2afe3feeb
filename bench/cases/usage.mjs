// Benchmark case for issue 5: `txpipe usage` over a ~200 MB Claude Code projects tree, against
// ccusage 20.0.24 on the same tree (bench/usage-vs-ccusage.mjs runs the two side by side).
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const TARGET_BYTES = 200 * 1024 * 1024;

/** Every `.jsonl` file below a folder. */
export async function jsonlBelow(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await jsonlBelow(p)));
    else if (e.name.endsWith('.jsonl')) out.push(p);
  }
  return out;
}

function sharedFixtures() {
  const candidates = [
    process.env.TXPIPE_SHARED,
    join(here, '..', '..', '..', 'shared'),
    '/work/shared',
  ];
  return candidates.filter(Boolean).map((c) => join(c, 'fixtures', 'claude-code'));
}

/**
 * `<dir>/usage-projects/projects/c<n>-<fixture dir>/...`: shared/fixtures/claude-code copied until
 * the tree holds >= 200 MB (4 copies with `quick`), each copy with its own session ids (file and folder names) and its own
 * message and request ids, so no copy is a duplicate of another. Returns the projects folder.
 */
export async function makeCorpus(dir, { quick = false } = {}) {
  const root = join(dir, quick ? 'usage-projects-quick' : 'usage-projects', 'projects');
  const isDir = (p) =>
    stat(p).then(
      (s) => s.isDirectory(),
      () => false,
    );
  const made = await stat(join(root, '.complete')).then(
    () => true,
    () => false,
  );
  if (made) return root;
  let src;
  for (const c of sharedFixtures()) if (!src && (await isDir(c))) src = c;
  if (!src) throw new Error('shared/fixtures/claude-code not found (set TXPIPE_SHARED)');
  const files = await Promise.all(
    (await jsonlBelow(src)).map(async (p) => ({
      rel: relative(src, p),
      text: await readFile(p, 'utf8'),
    })),
  );
  const size = files.reduce((a, f) => a + Buffer.byteLength(f.text), 0);
  const copies = quick ? 4 : Math.ceil(TARGET_BYTES / size);
  for (let n = 0; n < copies; n++) {
    const tag = n.toString(36).padStart(3, '0');
    const vary = (s) =>
      s
        .replace(/\b(msg_|req_)([A-Za-z0-9]+)/g, `$1$2${tag}`)
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (u) => u + tag);
    for (const f of files) {
      const out = join(root, `c${tag}-${vary(f.rel)}`);
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, vary(f.text));
    }
  }
  await writeFile(join(root, '.complete'), '');
  return root;
}

export default {
  id: 'usage',
  summary: 'txpipe usage --json over a ~200 MB ~/.claude/projects tree (ids varied per copy)',
  corpus: 'usage-projects',
  makeCorpus,
  // --no-cache: every round reads every file, as ccusage does (the cache has its own cases,
  // usage-warm and usage-appended).
  argv: ['usage', '--json', '--no-cache'],
  // ccusage 20.0.24 (installed outside package.json by scripts/ccusage.sh) on the same tree, in
  // the same interleaved rounds: the target. Its daily report reads every file as ours does.
  extraBaselines: {
    // The floor of any reader that JSON.parses the lines carrying usage (and skips the rest).
    'floor: read + needle + JSON.parse': (projects, { node, repoRoot }) => [
      node,
      join(repoRoot, 'bench', 'baselines', 'usage-floor.mjs'),
      projects,
    ],
    ccusage: (projects, { repoRoot }) => [
      '/usr/bin/env',
      `CLAUDE_CONFIG_DIR=${dirname(projects)}`,
      join(repoRoot, 'scripts', 'ccusage.sh'),
      'claude',
      'daily',
      '--json',
      '--offline',
      '-z',
      'UTC',
    ],
  },
  targets: [
    { baseline: 'ccusage', min: 1.1 }, // issue 15 (issue 5 asked for 1.0)
    { baseline: 'node-loop', min: 1.0 },
  ],
};
