// Issue 6: `txpipe convert --to flockdeck` on the >= 200 MiB Claude Code corpus. Every line is
// decoded into canonical events and every conversation line written again as Flockdeck v2 (the
// writer serialises each line once, to measure it for the 16 MiB cap, and hands that text on), so
// the floor is a plain parse + stringify loop; the target leaves room for the event layer.
export default {
  id: 'convert-flockdeck',
  summary: 'txpipe convert --to flockdeck on the Claude Code session corpus',
  corpus: 'sessions',
  argv: ['convert', '--to', 'flockdeck'],
  targets: [{ baseline: 'node-loop', min: 1.5 }],
  maxRssMB: 150,
};
