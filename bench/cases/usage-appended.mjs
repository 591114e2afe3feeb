// Issue 26: `txpipe usage` after 1% new lines were appended to 10 files of a ~200 MB projects
// tree whose cache a run made before the appends, against ccusage 20.0.24 on the same tree. Each
// round puts the cache back as it was before the appends (a `cp` of it, counted in txpipe's time).
import { join } from 'node:path';
import usageCase from './usage.mjs';
import { appendedTree, cacheBaselines, CACHE_FILE } from '../lib/usage-cache-corpus.mjs';

const argv = ['usage', '--json', '--cache-dir', ''];
let warm = '';

export async function makeCorpus(dir, opts) {
  const t = await appendedTree(dir, opts);
  argv[3] = t.cacheDir;
  warm = t.warm;
  return t.projects;
}

export default {
  id: 'usage-appended',
  summary: 'txpipe usage --json after 1% new lines in 10 files, the cache made before them',
  corpus: 'usage-appended',
  makeCorpus,
  argv,
  // The cache as it was before the appends, then txpipe (the runner's txpipe command for this case).
  command: (projects, { node, txpipe }) => [
    '/bin/sh',
    '-c',
    'cp "$1" "$2" && exec "$3" "$4" usage --json --cache-dir "$5" "$6"',
    'sh',
    warm,
    join(argv[3], CACHE_FILE),
    node,
    txpipe,
    argv[3],
    projects,
  ],
  baselines: [],
  extraBaselines: cacheBaselines(usageCase.extraBaselines.ccusage),
  targets: [{ baseline: 'ccusage', min: 5 }], // issue 26
};
