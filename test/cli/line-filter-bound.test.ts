import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, txpipe } from './run.js';

/**
 * `clip --line-filter --max-line-bytes N`: one line out per line in, and every line written is at
 * most N bytes, whatever `--on-invalid` says: a line that cannot be written through under the
 * bound is answered by its error object, itself made to fit (its message cut, then its fields),
 * and at the least by an empty line.
 */

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

const input = [
  JSON.stringify({ a: 'x'.repeat(500) }), // clipped under the bound
  `not json ${'y'.repeat(500)}`, // cannot be written through
  JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`key${i}`, i]))), // no string to cut
  '{"short":1}',
  '',
];

describe('clip --line-filter keeps --max-line-bytes on every line', () => {
  beforeAll(() => ensureBuilt());

  it.each([
    ['pass', 100],
    ['skip', 100],
    ['error', 100],
    ['pass', 40],
    ['pass', 10],
    ['skip', 1],
  ] as const)('--on-invalid %s --max-line-bytes %d', (mode, bound) => {
    const r = txpipe(
      ['clip', '--line-filter', '--on-invalid', mode, '--max-line-bytes', String(bound)],
      { input: `${input.join('\n')}\n` },
    );
    expect(r.code).toBe(0);
    const out = r.stdout.split('\n');
    expect(out.pop()).toBe(''); // ends with a line break
    expect(out.length).toBe(input.length);
    for (const line of out) expect(bytes(line)).toBeLessThanOrEqual(bound);
    if (bound >= 100) {
      // The errors still say what failed, as far as they fit.
      expect(JSON.parse(out[1]!)).toMatchObject({ error: { reason: 'over-limit' } });
      expect(JSON.parse(out[2]!)).toMatchObject({ error: { reason: 'over-limit' } });
      expect(out[3]).toBe('{"short":1}');
    }
    expect(r.stderr).toContain('over-limit');
  });
});
