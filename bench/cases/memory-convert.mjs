// Issue 12: txpipe convert --to txpipe over a 2 GiB input (bench/lib/big-input.mjs, made outside the repository)
// with peak RSS under 200 MB: streaming holds a bounded amount whatever the input's size.
import { makeBigInput } from '../lib/big-input.mjs';

export const makeCorpus = (_dir, opts) => makeBigInput(opts);

export default {
  id: 'memory-convert',
  summary: 'txpipe convert --to txpipe over 2 GiB: peak RSS < 200 MB',
  corpus: 'big-2gib',
  makeCorpus,
  argv: ['convert', '--to', 'txpipe'],
  baselines: [],
  targets: [],
  maxRssMB: 200,
};
