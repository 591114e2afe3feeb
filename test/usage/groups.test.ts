import { describe, expect, it } from 'vitest';
import { Groups } from '../../src/usage/groups.js';

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
