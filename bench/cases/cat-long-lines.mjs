// Issue 2: `txpipe cat` on a file of a few 5-50 MiB lines. Line splitting must be linear in line
// length (split2 re-scans the pending text on every chunk). node-loop is left out: it is as
// quadratic as split2 here and takes minutes per round.
export default {
  id: 'cat-long-lines',
  summary: 'txpipe cat on lines of 5-50 MiB',
  corpus: 'long-lines',
  argv: ['cat'],
  targets: [{ baseline: 'split2', min: 10 }],
  baselines: ['split2', 'jq'],
};
