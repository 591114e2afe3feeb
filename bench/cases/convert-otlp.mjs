// Issue 27: `txpipe convert --to otlp` on the Claude Code session corpus: every line decoded into
// events, each session gathered into model calls and tool runs (ids, times, counts; no content
// without --otlp-content) and written as one OTLP/JSON line at its end.
export default {
  id: 'convert-otlp',
  summary: 'txpipe convert --to otlp on the Claude Code session corpus',
  corpus: 'sessions',
  argv: ['convert', '--to', 'otlp'],
  targets: [{ baseline: 'node-loop', min: 1.5 }],
  maxRssMB: 150,
};
