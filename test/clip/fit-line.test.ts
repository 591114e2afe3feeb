import { describe, expect, it } from 'vitest';
import { recordClipper } from '../../src/clip/clip-record.js';
import { capFor, fitLine } from '../../src/clip/fit-line.js';
import { genericProfile } from '../../src/clip/generic-profile.js';
import { runRecordProfile } from '../../src/formats/run-record/clip.js';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

describe('capFor', () => {
  // [sizes, bytes to remove, cap]
  const rows: [number[], number, number][] = [
    [[100], 30, 70],
    [[100, 50], 50, 50],
    [[100, 50], 60, 45], // both cut to 45: 55 + 5
    [[100, 50, 10], 130, 10],
    [[100, 50, 10], 1000, 0],
    [[], 5, 0],
  ];
  it.each(rows)('%j less %d: cap %d', (sizes, need, cap) => {
    expect(capFor(sizes, need)).toBe(cap);
    const removed = sizes.reduce((n, s) => n + Math.max(0, s - cap), 0);
    if (cap > 0) expect(removed).toBeGreaterThanOrEqual(need);
  });
});

describe('fitLine', () => {
  const { clip } = recordClipper(genericProfile, [], 8192);

  it('clips the largest strings first until the line fits', () => {
    const value = { big: 'b'.repeat(5000), mid: 'm'.repeat(1000), small: 's'.repeat(50) };
    const first = { value, text: JSON.stringify(value) };
    for (const max of [5500, 3000, 1000, 600]) {
      const fit = fitLine(value, clip, max, first);
      expect(fit.ok).toBe(true);
      if (!fit.ok) continue;
      expect(bytes(fit.text)).toBeLessThanOrEqual(max);
      expect(fit.text).toBe(JSON.stringify(fit.value));
      const v = fit.value as Record<string, string> & { clipped: Record<string, number> };
      expect(v.small).toBe(value.small); // small strings are the last to go
      expect(v.clipped.big).toBe(5000);
    }
  });

  it('does not cut a string whose marker and map entry would cost more than the cut saves', () => {
    // Found on marot-spotter/ae4a77f8...jsonl (a toolUseResult.structuredPatch of many short
    // lines): cutting every string to the cap made the line longer, and it could not fit.
    // Short strings under long keys: cutting one to a few bytes adds a marker (21 bytes) and a
    // map entry longer than what it removes.
    const small = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`a_rather_long_key_${i}`, 'x'.repeat(25)]),
    );
    const value = { big: 'b'.repeat(3000), ...small };
    const text = JSON.stringify(value);
    const max = bytes(text) - 2950;
    const fit = fitLine(value, clip, max, { value, text });
    expect(fit.ok).toBe(true);
    if (!fit.ok) return;
    expect(bytes(fit.text)).toBeLessThanOrEqual(max);
    const out = fit.value as Record<string, unknown>;
    for (const k of Object.keys(small)) expect(out[k]).toBe(small[k]);
  });

  it('returns the record as it was when it already fits', () => {
    const value = { a: 'x' };
    const first = { value, text: '{"a":"x"}' };
    expect(fitLine(value, clip, 100, first)).toEqual({ ok: true, value, text: first.text });
  });

  it('fails, with the smallest size reached, when the line cannot be brought under', () => {
    const value = { a: 'x'.repeat(500), keys: Array.from({ length: 50 }, (_, i) => `k${i}`) };
    const fit = fitLine(value, clip, 100, { value, text: JSON.stringify(value) });
    expect(fit.ok).toBe(false);
    if (!fit.ok) expect(fit.bytes).toBeGreaterThan(100);
  });

  it('fits a run record without adding a map', () => {
    const rr = recordClipper(runRecordProfile, [], 8192).clip;
    const value = { prompt: 'p'.repeat(3000), tool_invocations: [] };
    const fit = fitLine(value, rr, 1000, { value, text: JSON.stringify(value) });
    expect(fit.ok && bytes(fit.text) <= 1000 && !('clipped' in (fit.value as object))).toBe(true);
  });
});
