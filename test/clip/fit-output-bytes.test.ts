import { beforeAll, describe, expect, it } from 'vitest';
import { findMarker } from '../../src/clip/clip-string.js';
import { txpipe } from '../cli/run.js';
import { ensureBuilt } from '../shared.js';

/**
 * `clip --max-line-bytes N` sizes its cuts from the bytes it writes, not from the line as read:
 * escapes in the input (`\u00e9` is six bytes read, two written) do not count, escapes in the
 * output (`"` is written `\"`) do. A line that fits once rewritten is written whole; one that does
 * not keeps as much as fits (within a few bytes of N).
 */

const BOUND = 500;
/** How far under the bound a squeezed line may end (a marker's digits, one written character). */
const SLACK = 16;
const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

const cases: [string, string, string | undefined][] = [
  [
    '200 é written as \\u00e9 (1,208 bytes read, 408 written): written whole, rewritten',
    `{"a":"${'\\u00e9'.repeat(200)}"}`,
    `{"a":"${'é'.repeat(200)}"}`,
  ],
  ['400 é written as \\u00e9: cut to fit, no more', `{"a":"${'\\u00e9'.repeat(400)}"}`, undefined],
  [
    '400 quotes (each \\" when written): cut to fit, no more',
    `{"a":"${'\\"'.repeat(400)}"}`,
    undefined,
  ],
  [
    'tabs and plain text in two fields: cut to fit, no more',
    `{"a":"${'\\t'.repeat(300)}","b":"${'x'.repeat(300)}"}`,
    undefined,
  ],
];

describe('clip --max-line-bytes measures what it writes', () => {
  beforeAll(() => ensureBuilt());

  it.each(cases)('%s', (_name, line, whole) => {
    const r = txpipe(['clip', '--max-line-bytes', String(BOUND)], { input: `${line}\n` });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = r.stdout.replace(/\n$/, '');
    expect(bytes(out)).toBeLessThanOrEqual(BOUND);
    if (whole !== undefined) {
      expect(out).toBe(whole);
      return;
    }
    expect(bytes(out)).toBeGreaterThanOrEqual(BOUND - SLACK);
    // The map and markers still describe the original strings.
    const before = JSON.parse(line) as Record<string, string>;
    const after = JSON.parse(out) as Record<string, unknown>;
    const map = after.clipped as Record<string, number>;
    for (const [k, v] of Object.entries(before)) {
      const s = after[k] as string;
      const m = findMarker(s);
      if (!m) {
        expect(s).toBe(v);
        continue;
      }
      expect(bytes(s.slice(0, m.at)) + m.removed).toBe(bytes(v));
      expect(map[k]).toBe(bytes(v));
    }
  });
});
