// txpipe redact on the >=200 MB Claude Code session corpus: must keep up with the plain Node
// parse/stringify loop, because most lines hold nothing to redact and pass as their raw bytes.
export default {
  id: 'redact',
  summary: 'redact the session corpus (most lines pass as their original bytes after a prescan)',
  corpus: 'sessions',
  argv: ['redact'],
  targets: [{ baseline: 'node-loop', min: 2.0 }],
  maxRssMB: 150,
};
