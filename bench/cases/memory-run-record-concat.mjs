// Issue 24: txpipe convert --to run-record over the real Claude Code sessions concatenated as they
// are (bench/lib/concat-sessions.mjs, ~200 MiB): a few run records of many megabytes, made and
// written one at a time, with peak RSS under 150 MB (it was 166 MiB while a record's bytes were
// copied into its batch's buffer).
import { makeConcatSessions } from '../lib/concat-sessions.mjs';

export const makeCorpus = (dir, opts) => makeConcatSessions(dir, opts);

export default {
  id: 'memory-run-record-concat',
  summary:
    'txpipe convert --to run-record over real sessions concatenated (~200 MiB): peak RSS < 150 MB',
  corpus: 'concat-sessions',
  makeCorpus,
  argv: ['convert', '--to', 'run-record'],
  baselines: [],
  targets: [],
  maxRssMB: 150,
};
