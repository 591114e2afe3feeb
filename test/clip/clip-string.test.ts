import { describe, expect, it } from 'vitest';
import { clipMarker, clipString, findMarker, utf8Prefix } from '../../src/clip/clip-string.js';
import { CHARS, randomString, rng } from './random.js';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

describe('clipMarker', () => {
  it('is one ellipsis character then [clipped N bytes]', () => {
    expect(clipMarker(16384)).toBe('\u2026[clipped 16384 bytes]');
    expect(bytes(clipMarker(7))).toBe(3 + '[clipped 7 bytes]'.length);
  });
});

describe('clipString', () => {
  // [name, input, limit, expected text, expected original bytes, clipped]
  const rows: [string, string, number, string, number, boolean][] = [
    ['fits', 'abc', 3, 'abc', 3, false],
    ['one byte over', 'abcd', 3, 'abc' + clipMarker(1), 4, true],
    ['2-byte char across the limit', 'aé', 2, 'a' + clipMarker(2), 3, true],
    ['2-byte char ending at the limit', 'aéb', 3, 'aé' + clipMarker(1), 4, true],
    ['3-byte char across the limit', 'a€', 3, 'a' + clipMarker(3), 4, true],
    ['3-byte char one byte short', 'ab€c', 4, 'ab' + clipMarker(4), 6, true],
    ['4-byte char across the limit', 'a😀', 4, 'a' + clipMarker(4), 5, true],
    ['4-byte char ending at the limit', 'a😀b', 5, 'a😀' + clipMarker(1), 6, true],
    ['limit 0 keeps only the marker', 'abc', 0, clipMarker(3), 3, true],
    ['empty string', '', 0, '', 0, false],
    ['lone surrogate counts 3 bytes', 'a\ud800b', 3, 'a' + clipMarker(4), 5, true],
  ];
  it.each(rows)('%s', (_name, input, limit, text, original, clipped) => {
    const r = clipString(input, limit);
    expect(r).toEqual({ text, bytes: original, clipped });
    if (!clipped) expect(r.text).toBe(input);
  });

  it('follows the spec example: 24576 bytes at 8 KiB keep 8192 and say 16384 removed', () => {
    const r = clipString('x'.repeat(24576), 8192);
    expect(r.text).toBe('x'.repeat(8192) + '\u2026[clipped 16384 bytes]');
    expect(r.bytes).toBe(24576);
  });

  it('recognises a string that already ends with a marker and reports the implied length', () => {
    const once = 'x'.repeat(8192) + clipMarker(16384);
    const r = clipString(once, 8192);
    expect(r.text).toBe(once); // the same string, not cut again
    expect(r).toEqual({ text: once, bytes: 24576, clipped: true });
    // A short string ending with a marker is recognised too, and left as it is.
    expect(clipString('ab' + clipMarker(10), 100)).toEqual({
      text: 'ab' + clipMarker(10),
      bytes: 12,
      clipped: true,
    });
  });

  it('cuts an already clipped string again under a smaller limit, counting from the original', () => {
    const once = clipString('é'.repeat(100), 100).text; // 50 é kept, 100 bytes removed
    const twice = clipString(once, 11);
    expect(twice).toEqual({ text: 'é'.repeat(5) + clipMarker(190), bytes: 200, clipped: true });
    expect(clipString(twice.text, 11).text).toBe(twice.text);
  });

  it('does not take text that only looks like a marker for one', () => {
    for (const s of ['x…[clipped 01 bytes]', 'x…[clipped -1 bytes]', 'x[clipped 5 bytes]']) {
      expect(findMarker(s)).toBeUndefined();
      expect(clipString(s + 'y'.repeat(50), 10).clipped).toBe(true);
      expect(clipString(s, 100)).toEqual({ text: s, bytes: bytes(s), clipped: false });
    }
  });

  it('has the properties on random strings with 1- to 4-byte characters at the boundary', () => {
    const next = rng(20261130);
    for (let round = 0; round < 3000; round++) {
      const s = randomString(next, Math.floor(next() * 40));
      const limit = Math.floor(next() * (bytes(s) + 4));
      const r = clipString(s, limit);
      const original = bytes(s);
      expect(r.bytes).toBe(original);
      if (original <= limit) {
        expect(r).toEqual({ text: s, bytes: original, clipped: false });
        continue;
      }
      const found = findMarker(r.text)!;
      const kept = r.text.slice(0, found.at);
      // The kept text is a prefix of s made of whole characters, within the limit...
      expect(s.startsWith(kept)).toBe(true);
      expect(Buffer.from(kept, 'utf8').toString('utf8')).toBe(kept);
      expect(bytes(kept)).toBeLessThanOrEqual(limit);
      // ...as long as it can be: one more character would pass the limit.
      const more = [...s.slice(kept.length)][0]!;
      expect(bytes(kept) + bytes(more)).toBeGreaterThan(limit);
      // N is the bytes removed, and the output is bounded by limit + marker.
      expect(found.removed).toBe(original - bytes(kept));
      expect(bytes(r.text)).toBe(bytes(kept) + bytes(clipMarker(found.removed)));
      // Idempotent, byte for byte.
      expect(clipString(r.text, limit)).toEqual(r);
    }
  });
});

describe('utf8Prefix', () => {
  it('never ends between the halves of a surrogate pair, for every limit', () => {
    const s = CHARS.join('');
    for (let limit = 0; limit <= bytes(s); limit++) {
      const { end, bytes: b } = utf8Prefix(s, limit);
      const prefix = s.slice(0, end);
      expect(bytes(prefix)).toBe(b);
      expect(b).toBeLessThanOrEqual(limit);
      const last = prefix.charCodeAt(prefix.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
  });
});
