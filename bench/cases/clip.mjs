// Issue 4: `txpipe clip` on the >= 200 MiB Claude Code corpus at no less than the plain Node
// parse/stringify loop. A line no longer than the smallest limit (8 KiB) is passed on as its own
// bytes without being walked; only long lines are walked and, where cut, serialised again.
export default {
  id: 'clip',
  summary: 'txpipe clip (default limits) on the Claude Code session corpus',
  corpus: 'sessions',
  argv: ['clip'],
  targets: [{ baseline: 'node-loop', min: 2.5 }],
  maxRssMB: 150,
};
