import { describe, expect, it } from 'vitest';
import { FRAGMENT_MAX, removedParts, stringChanges } from './string-changes.js';

// The helper of real-sessions.test.ts: what a mark took the place of, string by string.
const PARTS: [what: string, before: string, after: string, removed: string[]][] = [
  ['one mark in the middle', 'basic configuration.', 'basic [redacted]', ['configuration.']],
  ['two marks', 'a=x1 b=y2 c', 'a=[redacted] b=[redacted] c', ['x1', 'y2']],
  ['a mark at the start', 'secret tail', '[redacted] tail', ['secret']],
  [
    'the whole string withheld',
    'API_KEY=hunter2',
    '[withheld: a secret file]',
    ['API_KEY=hunter2'],
  ],
  ['a typed mark', 'mail me@x.io now', 'mail [redacted:email] now', ['me@x.io']],
  ['text changed other than by a mark: all of it', 'abc', 'xyz', ['abc']],
  ['around a mark, text that is not in the original', 'k=v end', 'k=[redacted] END', ['k=v end']],
];

describe('removedParts', () => {
  it.each(PARTS)('%s', (_what, before, after, removed) => {
    expect(removedParts(before, after)).toEqual(removed);
  });
});

describe('stringChanges', () => {
  it('names each changed string by its JSON path, once per copy', () => {
    const before = JSON.stringify({ m: { c: ['ok', 'pw=abc'] }, t: 'pw=abc', n: 1 });
    const after = JSON.stringify({ m: { c: ['ok', 'pw=[redacted]'] }, t: 'pw=[redacted]', n: 1 });
    expect(stringChanges(before, after)).toEqual([
      { path: '$.m.c[1]', removed: ['abc'] },
      { path: '$.t', removed: ['abc'] },
    ]);
  });

  it('a key that went, a line that is not JSON, a line re-serialised, and a long part cut', () => {
    expect(stringChanges('{"ghp_x":1}', '{"[redacted]":1}')).toEqual([
      { path: '$.ghp_x', removed: ['ghp_x'] },
    ]);
    expect(stringChanges('pw=abc not json', 'pw=[redacted] not json')).toEqual([
      { path: '$', removed: ['abc'] },
    ]);
    expect(stringChanges('{"a":1.0}', '{"a":1}')).toEqual([
      { path: '$ (re-serialised)', removed: [] },
    ]);
    const long = 'x'.repeat(FRAGMENT_MAX + 5);
    expect(stringChanges(JSON.stringify(long), '"[redacted]"')[0]!.removed).toEqual([
      `${'x'.repeat(FRAGMENT_MAX)}…`,
    ]);
    expect(stringChanges('{"a":"same"}', '{"a":"same"}')).toEqual([]);
  });
});
