// Issue 26: `txpipe usage` with a warm cache (a run before it read the tree) over the `usage`
// case's ~200 MB projects tree, against ccusage 20.0.24, which reads every file on every run.
import usageCase from './usage.mjs';
import { cacheBaselines, warmTree } from '../lib/usage-cache-corpus.mjs';

// The cache folder is known once the corpus is made (the runner reads argv after that).
const argv = ['usage', '--json', '--cache-dir', ''];

export async function makeCorpus(dir, opts) {
  const { projects, cacheDir } = await warmTree(dir, opts);
  argv[3] = cacheDir;
  return projects;
}

export default {
  id: 'usage-warm',
  summary: 'txpipe usage --json with a warm cache over the ~200 MB projects tree',
  corpus: 'usage-warm',
  makeCorpus,
  argv,
  baselines: [],
  extraBaselines: cacheBaselines(usageCase.extraBaselines.ccusage),
  targets: [{ baseline: 'ccusage', min: 5 }], // issue 26
};
