import { describe, expect, it } from 'vitest';
import type { UsageEntry } from '../../../src/usage/extractor.js';
import { decodeEntries, EntryEncoder } from '../../../src/usage/cache/entry-codec.js';

const tokens = { input: 1, output: 2.5, cacheWrite: 3, cacheRead: 4, cacheWrite1h: 0 };
const entries: UsageEntry[] = [
  { key: 'msg_1:req_1', session: 's', model: 'm', time: '2025-09-01T00:00:00Z', tokens },
  { session: 's', model: 'other', tokens: { ...tokens, input: 1e15 } },
  { key: 'k', session: 's2', model: 'm', tokens, copy: true },
  { key: 'k', session: 's2', model: 'm', tokens, copy: false },
];

describe('usage cache entries', () => {
  it('come back field for field, through JSON', () => {
    const e = new EntryEncoder();
    for (const x of entries) expect(e.add(x)).toBe(true);
    const kept = JSON.parse(JSON.stringify({ names: e.names, rows: e.rows })) as never;
    expect(decodeEntries(kept)).toEqual(entries);
  });

  it('go on after those already kept, and the last ones can be taken back', () => {
    const a = new EntryEncoder();
    a.add(entries[0]!);
    const b = new EntryEncoder({ names: a.names, rows: a.rows });
    for (const x of entries.slice(1)) b.add(x);
    b.dropLast(1);
    expect(decodeEntries(b)).toEqual(entries.slice(0, 3));
  });

  it.each([
    ['a count that is not a number', { ...entries[0]!, tokens: { ...tokens, output: '2' } }],
    ['a session that is not a string', { ...entries[0]!, session: 3 }],
    ['a copy that is not a boolean', { ...entries[0]!, copy: 'yes' }],
  ])('refuse %s (the file is then not cached)', (_what, bad) => {
    const e = new EntryEncoder();
    expect(e.add(bad as unknown as UsageEntry)).toBe(false);
    expect(e.rows).toEqual([]);
  });

  it.each([
    ['rows cut short', { names: [], rows: [null, 0] }],
    ['a string where a count goes', { names: ['s'], rows: [null, 0, 0, null, 'x', 0, 0, 0, 0, 0] }],
    ['no names', { rows: [] }],
  ])('are not read from a malformed record (%s)', (_what, bad) => {
    expect(decodeEntries(bad as never)).toBeUndefined();
  });
});
