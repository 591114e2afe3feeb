// Issue 12, item 10: numbers a stage did not change come out as their input text, in JSON Lines
// and in array / concatenated framing, whether the record was changed or not.
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  inexactNumbers,
  isExactNumber,
  stringifyKeepingNumbers,
} from '../../src/stream/exact-numbers.js';
import { readRecords } from '../../src/stream/read-records.js';
import type { Rec } from '../../src/stream/rec.js';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { CHUNK_SIZES, chunked, collect } from '../helpers.js';

describe('isExactNumber', () => {
  it.each([
    ['0', true],
    ['-1', true],
    ['1.5', true],
    ['9007199254740991', true],
    ['1e+21', true],
    ['9007199254740993', false],
    ['1e400', false],
    ['-1e400', false],
    ['2.50', false],
    ['1.0', false],
    ['-0', false],
    ['1E5', false],
    ['1e5', false],
    ['0.1e1', false],
  ])('%s -> %s', (text, exact) => expect(isExactNumber(text)).toBe(exact));
});

describe('inexactNumbers', () => {
  it('none in the common case (strings with digits are skipped)', () => {
    expect(inexactNumbers('{"a":1,"t":"2025-09-03T00:52:31.217Z","s":"1.0 \\" 2.50"}')).toBe(
      undefined,
    );
  });
  it('by path, of duplicate keys the last, keys with escapes decoded', () => {
    const texts = inexactNumbers(
      '{"a":[1,2.50,{"b":1e400}],"d":1.0,"d":2,"e\\u0041":-0,"s":"\\\\","f":9007199254740993}',
    );
    expect(texts).toEqual(
      new Map<string | number, unknown>([
        [
          0,
          new Map<string | number, unknown>([
            [
              'a',
              new Map<string | number, unknown>([
                [1, '2.50'],
                [2, new Map([['b', '1e400']])],
              ]),
            ],
            ['eA', '-0'],
            ['f', '9007199254740993'],
          ]),
        ],
      ]),
    );
  });
  it('finds every number that is not exact, integers included (each text alone and among others)', () => {
    const texts = ['0', '-0', '7', '-7', '0.5', '-0.0', '1.0', '12e1', '12E1', '1e21'];
    for (let d = 13; d <= 22; d++)
      texts.push('9'.repeat(d), `-${'9'.repeat(d)}`, `1${'0'.repeat(d)}`);
    texts.push('9007199254740991', '9007199254740993', '123456789012345', '1234567890123456');
    for (const t of texts) {
      const exact = isExactNumber(t);
      for (const json of [`[${t}]`, `{"a":1,"b":[${t}],"c":-2}`, `{"k":${t}}`]) {
        expect(inexactNumbers(json) !== undefined, json).toBe(!exact);
      }
    }
  });
  it('any depth, without recursion', () => {
    const d = 100_000;
    expect(inexactNumbers('['.repeat(d) + '1.0' + ']'.repeat(d))).toBeDefined();
  });
});

describe('stringifyKeepingNumbers', () => {
  const raw = '{"big":9007199254740993,"inf":1e400,"p":2.50,"t":"secret","n":[1.0,-0,3]}';
  const value = JSON.parse(raw) as Record<string, unknown>;
  it.each<[string, unknown, string]>([
    [
      'unchanged numbers keep their text',
      { ...value, t: '[redacted]' },
      raw.replace('secret', '[redacted]'),
    ],
    [
      'a number the stage changed is written as its new value',
      { ...value, p: 3, n: [1, 0, 3] },
      '{"big":9007199254740993,"inf":1e400,"p":3,"t":"secret","n":[1.0,0,3]}',
    ],
    [
      'a number moved to another path is written as its value',
      { moved: value.big, t: 'x' },
      '{"moved":9007199254740992,"t":"x"}',
    ],
    ['a top-level number', Infinity, 'null'],
  ])('%s', (_name, changed, want) => {
    expect(stringifyKeepingNumbers(changed, raw)).toBe(want);
  });
  it('a top-level inexact number, unchanged', () => {
    expect(stringifyKeepingNumbers(Infinity, '1e400')).toBe('1e400');
  });
  it('no inexact number: JSON.stringify', () => {
    const v = { a: 1, b: [2, 'x'] };
    expect(stringifyKeepingNumbers(v, '{"a":1,"b":[2,"y"]}')).toBe(JSON.stringify(v));
  });
});

describe('array and concatenated framing: raw is the value with numbers as read', () => {
  const cases: [string, string, string[]][] = [
    [
      'array',
      '[ {"a": 9007199254740993, "b": 1e400},\n  {"c": 2.50, "d": [1.0, -0], "e": "x\\u00e9"}, 7 ]',
      ['{"a":9007199254740993,"b":1e400}', '{"c":2.50,"d":[1.0,-0],"e":"xé"}', '7'],
    ],
    [
      'concatenated',
      '{\n "a": 1E5\n}\n{"__proto__": {"x": 1.10}, "k": [true, false, null]}\n',
      ['{"a":1E5}', '{"__proto__":{"x":1.10},"k":[true,false,null]}'],
    ],
  ];
  it.each(cases)('%s, at every chunk size', async (_name, text, want) => {
    for (const size of CHUNK_SIZES) {
      const recs = await collect<Rec>(readRecords(chunked(Buffer.from(text), size)));
      expect(recs.map((r) => r.raw)).toEqual(want);
      for (const r of recs) expect(r.value).toEqual(JSON.parse(r.raw));
    }
  });
  it('__proto__ is an own key, as JSON.parse makes it', async () => {
    const [rec] = await collect<Rec>(
      readRecords(Readable.from([Buffer.from('[{"__proto__":{"x":1}}]')])),
    );
    expect(Object.getPrototypeOf(rec!.value)).toBe(Object.prototype);
    expect(Object.keys(rec!.value as object)).toEqual(['__proto__']);
  });
});

describe('the built CLI writes untouched numbers as read (issue 12 item 10)', () => {
  beforeAll(ensureBuilt);
  const token = 'sk-ant-api03-' + 'a'.repeat(93) + 'AA';
  const line = `{"id":9007199254740993,"x":1e400,"p":2.50,"t":"${token}","long":"${'y'.repeat(40)}"}`;
  it.each([
    ['redact', ['redact'], '"t":"[redacted]"'],
    ['clip', ['clip', '--limit', '8'], '"long":"yyyyyyyy…[clipped 32 bytes]"'],
  ])('%s of a changed JSON line', (_name, args, changedPart) => {
    const r = txpipe(args, { input: `${line}\n` });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"id":9007199254740993,"x":1e400,"p":2.50');
    expect(r.stdout).toContain(changedPart);
  });
  it('clip --max-line-bytes measures the line as it is written (numbers as read)', () => {
    const input = `{"x":1e400,"y":1e400,"z":1e400,"s":"${'a'.repeat(300)}"}\n`;
    const r = txpipe(['clip', '--max-line-bytes', '100'], { input });
    expect(r.stdout).toMatch(/^\{"x":1e400,"y":1e400,"z":1e400,"s":"a+…\[clipped \d+ bytes\]"/);
    expect(Buffer.byteLength(r.stdout)).toBeLessThanOrEqual(101);
  });
  it('cat of a JSON array keeps its numbers', () => {
    const r = txpipe(['cat'], { input: `[${line}, {"n": 1.0}]` });
    expect(r.stdout).toBe(`${line}\n{"n":1.0}\n`);
  });
  it('redact of a JSON array: changed and unchanged records keep their numbers', () => {
    const r = txpipe(['redact'], { input: `[${line}, {"n": 1.0}]` });
    const out = r.stdout.split('\n');
    expect(out[0]).toContain('"id":9007199254740993,"x":1e400,"p":2.50,"t":"[redacted]"');
    expect(out[1]).toBe('{"n":1.0}');
  });
});

describe('stringifyKeepingNumbers with a raw that is not JSON', () => {
  it.each(['1.0]]', '}}{"a\\x":1.0', '[1.0', '"\\', '-', '{"a":-}'])(
    '%j: JSON.stringify',
    (raw) => {
      expect(stringifyKeepingNumbers({ a: 1 }, raw)).toBe('{"a":1}');
    },
  );
});
