export default {
  id: 'dedup-usage',
  summary: 'txpipe dedup-usage on the Claude Code session corpus',
  corpus: 'sessions',
  argv: ['dedup-usage'],
  targets: [{ baseline: 'node-loop', min: 2.0 }],
  maxRssMB: 150,
};
