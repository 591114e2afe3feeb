import { describe, expect, it } from 'vitest';
import { makeLimits, parseFieldRule, parseSize, pathKey } from '../../src/clip/limits.js';

describe('parseSize', () => {
  const rows: [string | number, number][] = [
    ['8192', 8192],
    ['8KiB', 8192],
    ['8k', 8192],
    ['8 KiB', 8192],
    ['8kB', 8000],
    ['1MiB', 1048576],
    ['2MB', 2000000],
    ['8 GiB', 8 * 2 ** 30],
    ['1g', 2 ** 30],
    ['3GB', 3e9],
    ['0', 0],
    ['none', Infinity],
    [4096, 4096],
    [Infinity, Infinity],
  ];
  it.each(rows)('%s is %d bytes', (text, n) => expect(parseSize(text)).toBe(n));

  it.each(['', 'x', '-1', '1.5KiB'])('refuses %j', (text) => {
    expect(() => parseSize(text)).toThrow(/cannot read/);
  });
  it.each([
    ['8 TiB', 'TiB'],
    ['1constructor', 'constructor'],
  ])('refuses %j naming its unit', (text, unit) => {
    expect(() => parseSize(text)).toThrow(`unknown unit "${unit}"`);
  });
  it.each([-1, 1.5, NaN])('refuses the number %d', (n) => {
    expect(() => parseSize(n)).toThrow(/whole number/);
  });
});

describe('parseFieldRule', () => {
  it('reads name=size and path=size', () => {
    expect(parseFieldRule('text=32KiB')).toEqual({ pattern: 'text', limit: 32768 });
    expect(parseFieldRule('a.*.b=none')).toEqual({ pattern: 'a.*.b', limit: Infinity });
  });
  it.each(['text', '=5', 'text=', 'a..b=5'])('refuses %j', (spec) => {
    expect(() => makeLimits([parseFieldRule(spec)], 1)).toThrow();
  });
});

describe('makeLimits', () => {
  const limits = makeLimits(
    [
      { pattern: 'message.content.*.content', limit: 10 },
      { pattern: 'message.content', limit: 20 },
      { pattern: 'title', limit: 30 },
      { pattern: '*.x', limit: 40 },
    ],
    50,
  );
  // [path, limit]
  const rows: [(string | number)[], number][] = [
    [['message', 'content', 0, 'content'], 10],
    [['message', 'content', 3, 'content', 1, 'text'], 10], // covers what is inside
    [['message', 'content', 0, 'text'], 20], // first match wins: the narrower rule came first
    [['message', 'content'], 20],
    [['title'], 30],
    [['deep', 'in', 'a', 'title'], 30], // a bare name matches at any depth
    [['a', 'x'], 40],
    [['a', 'b', 'x'], 50],
    [['message'], 50],
    [[], 50],
  ];
  it.each(rows)('%j has limit %d', (path, want) => expect(limits.limitAt(path)).toBe(want));

  it('knows its smallest limit', () => {
    expect(limits.smallest).toBe(10);
    expect(makeLimits([], 7).smallest).toBe(7);
  });

  it('writes paths dotted', () => {
    expect(pathKey(['message', 'content', 1, 'content'])).toBe('message.content.1.content');
  });
});
