// One record per session, written at the end of input: the case that holds the most.
export default {
  id: 'convert-run-record',
  summary: 'txpipe convert --to run-record on the Claude Code session corpus',
  corpus: 'sessions',
  argv: ['convert', '--to', 'run-record'],
  targets: [{ baseline: 'node-loop', min: 1.5 }],
  maxRssMB: 150,
};
