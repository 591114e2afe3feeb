// Benchmark case: `txpipe usage` over ONE ~200 MB Claude Code session (the `usage` case's tree
// joined into a single file), against ccusage 20.0.24 on the same tree. Real sessions reach
// hundreds of MB; this measures the chunked reading of a file far over the 8 MiB read at a time.
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import usageCase, { jsonlBelow, makeCorpus as makeTree } from './usage.mjs';

/** `<dir>/one-session/projects/p1/<id>.jsonl`: every file of the `usage` case's tree, joined. */
export async function makeCorpus(dir, { quick = false } = {}) {
  const root = join(dir, 'one-session', 'projects');
  const done = join(root, '.complete');
  const made = await stat(done).then(
    () => true,
    () => false,
  );
  if (made) return root;
  // The `usage` case's tree, where the runner keeps it (beside this case's folder), made if need be.
  const tree = await makeTree(join(dirname(dir), 'usage'), { quick });
  const file = join(root, 'p1', '0a5e5510-0000-4000-8000-000000000001.jsonl');
  await mkdir(dirname(file), { recursive: true });
  const out = createWriteStream(file);
  for (const p of (await jsonlBelow(tree)).sort()) {
    const text = await readFile(p);
    if (!out.write(text)) await new Promise((r) => out.once('drain', r));
    if (text.length > 0 && text[text.length - 1] !== 0x0a) out.write('\n');
  }
  await new Promise((r, e) => out.end((err) => (err ? e(err) : r())));
  await writeFile(done, '');
  return root;
}

export default {
  id: 'usage-one-session',
  summary: 'txpipe usage --json over one ~200 MB session file (the usage tree joined)',
  corpus: 'usage-one-session',
  makeCorpus,
  // --no-cache: every round reads every file, as ccusage does (the cache has its own cases,
  // usage-warm and usage-appended).
  argv: ['usage', '--json', '--no-cache'],
  baselines: ['node-loop'],
  extraBaselines: { ccusage: usageCase.extraBaselines.ccusage },
  targets: [
    { baseline: 'ccusage', min: 1.0 },
    { baseline: 'node-loop', min: 1.0 },
  ],
  maxRssMB: 200,
};
