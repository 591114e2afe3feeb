// Issue 2: `txpipe cat` on the >= 200 MiB Claude Code corpus. Untouched lines are written as their
// original bytes (never re-serialised), so cat must beat a parse+stringify loop, and memory stays
// bounded by backpressure whatever the input size.
export default {
  id: 'cat-sessions',
  summary: 'txpipe cat on the Claude Code session corpus',
  corpus: 'sessions',
  argv: ['cat'],
  targets: [
    { baseline: 'node-loop', min: 2.8 },
    { baseline: 'jq', min: 3 },
  ],
  maxRssMB: 150,
};
