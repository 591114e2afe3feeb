// Issue 12, item 2: one depth limit (MAX_DEPTH) for every walker; a line nested deeper is rejected
// as too-deep with its line number, and the lines after it are still written.
import { beforeAll, describe, expect, it } from 'vitest';
import { clipValue } from '../../src/clip/clip-value.js';
import { omitBinary } from '../../src/clip/omit-binary.js';
import { withholdStrings } from '../../src/redact/withhold.js';
import { redactValue } from '../../src/redact/redact-value.js';
import { createRedactor } from '../../src/redact/redactor.js';
import { checkValueDepth, MAX_DEPTH, TooDeepError } from '../../src/stream/depth.js';
import { ensureBuilt, txpipe } from '../cli/run.js';

/** `depth` nested arrays around a string (depth 1: `["…"]`). */
const arrayText = (depth: number, leaf = 'x'.repeat(200)): string =>
  '['.repeat(depth) + JSON.stringify(leaf) + ']'.repeat(depth);
const arrays = (depth: number): unknown => JSON.parse(arrayText(depth));
/** `depth` nested objects `{"input":…}` around a string. */
const objects = (depth: number, leaf = 'x'.repeat(200)): string =>
  '{"input":'.repeat(depth) + JSON.stringify(leaf) + '}'.repeat(depth);

const redactor = createRedactor({ pii: true });
const walkers: [string, (v: unknown) => unknown][] = [
  ['clipValue', (v) => clipValue(v, { smallest: 16, limitAt: () => 16 }, [])],
  ['omitBinary', (v) => omitBinary(v)],
  [
    'redactValue',
    (v) => redactValue(v, { text: redactor.text, names: [], allow: new Set(), count: () => {} }),
  ],
  ['withholdStrings', (v) => withholdStrings(v)],
  ['checkValueDepth', (v) => checkValueDepth(v)],
];

describe('MAX_DEPTH: every walker walks it, and throws TooDeepError one level past it', () => {
  it.each(walkers)('%s', (_name, walk) => {
    expect(() => walk(arrays(MAX_DEPTH))).not.toThrow();
    expect(() => walk(JSON.parse(objects(MAX_DEPTH)))).not.toThrow();
    expect(() => walk(arrays(MAX_DEPTH + 1))).toThrow(TooDeepError);
    expect(() => walk(JSON.parse(objects(MAX_DEPTH + 1)))).toThrow(TooDeepError);
    // Far deeper than the stack would take: still the same error, not a RangeError.
    expect(() => walk(arrays(50_000))).toThrow(TooDeepError);
  });
});

describe('a too-deep line is rejected with its number and the run goes on (built CLI)', () => {
  beforeAll(ensureBuilt);
  const token = 'sk-ant-api03-' + 'a'.repeat(93) + 'AA';
  const good = (n: number): string =>
    JSON.stringify({
      type: 'user',
      sessionId: 's1',
      uuid: `u${n}`,
      timestamp: '2025-09-03T00:52:31.217Z',
      message: { role: 'user', content: `hello ${n} bob@example.com` },
    });
  // Depths 5,000 and 20,000: both overflowed the stack of clip, redact and convert.
  const deepA = arrayText(5000, `${token} alice@example.com ${'y'.repeat(300)}`);
  const deepO = objects(20_000, `${token} alice@example.com ${'y'.repeat(300)}`);
  const input = [good(1), deepA, deepO, good(4)].join('\n') + '\n';

  const commands: string[][] = [
    ['clip', '--limit', '16'],
    ['clip', '--omit-binary'],
    ['clip', '--max-line-bytes', '100000'],
    ['redact'],
    ['redact', '--pii'],
    ['convert', '--to', 'txpipe'],
    ['convert', '--to', 'awf'],
    ['convert', '--to', 'rupu'],
    ['convert', '--to', 'run-record'],
    ['replay'],
    ['awf-tree'],
  ];
  it.each(commands.map((c) => [c.join(' '), c] as const))('%s', (_name, args) => {
    const r = txpipe([...args, '--strict'], { input });
    expect(r.stderr).toContain('-:2: too-deep');
    expect(r.stderr).toContain('-:3: too-deep');
    expect(r.stderr).not.toContain('Maximum call stack');
    expect(r.code).toBe(3);
    if (args[0] === 'clip' || args[0] === 'redact') {
      const out = r.stdout.trim().split('\n');
      expect(out.map((l) => (JSON.parse(l) as { uuid: string }).uuid)).toEqual(['u1', 'u4']);
    }
  });

  it('normalize: a too-deep line is rejected, not a stack overflow', () => {
    const r = txpipe(['normalize', '--agent', 'claude', '--strict'], { input });
    expect(r.stderr).toContain('-:2: too-deep');
    expect(r.stderr).not.toContain('Maximum call stack');
  });

  it('cat and dedup-usage pass a deep line through untouched (they do not walk it)', () => {
    for (const cmd of ['cat', 'dedup-usage']) {
      const r = txpipe([cmd, '--strict'], { input });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(input);
    }
  });
});
