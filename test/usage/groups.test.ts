import { describe, expect, it } from 'vitest';
import { DayOf, Groups } from '../../src/usage/groups.js';

describe('DayOf', () => {
  it('gives the first ten characters of each time, whatever came before', () => {
    const day = new DayOf();
    const times = [
      '2025-01-02T03:04:05Z',
      '2025-01-02T23:59:59Z',
      '2025-01-03T00:00:00Z',
      '2025',
      '2025-01-03T01:00:00Z',
      '2025-01-0',
      '2025-01-03',
      undefined,
      '2025-01-03T02:00:00Z',
      'garbage-but-long',
    ];
    expect(times.map((t) => day.of(t))).toEqual(times.map((t) => t?.slice(0, 10) ?? 'unknown'));
  });
});

describe('Groups', () => {
  it('keeps one sum per key, the last one looked up or not', () => {
    const g = new Groups();
    const a = g.at('a');
    a.replies++;
    expect(g.at('a')).toBe(a);
    const b = g.at('b');
    expect(b).not.toBe(a);
    expect(g.at(['a'].join(''))).toBe(a); // an equal string that is another object
    expect([...g.byKey.keys()]).toEqual(['a', 'b']);
    expect(g.at('a').replies).toBe(1);
  });
});
