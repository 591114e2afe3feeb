import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Line } from '../../src/stream/lines.js';
import { parse, parseLine, type OnInvalid } from '../../src/stream/parse.js';
import type { Rec } from '../../src/stream/rec.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { collect } from '../helpers.js';

const L = (text: string, line: number, unterminated = false): Line => ({
  text,
  line,
  source: 'f',
  ...(unterminated ? { unterminated } : {}),
});

describe('parseLine', () => {
  it.each([
    ['{"type":"user"}', { type: 'user' }],
    ['{"type":"some_future_type","x":[1]}', { type: 'some_future_type', x: [1] }],
    ['1', 1],
    ['"text"', 'text'],
    ['null', null],
    ['true', true],
    ['[1,{"a":2}]', [1, { a: 2 }]],
    ['  {"a":1}  ', { a: 1 }],
  ])('%s is a record whose value is its JSON', (text, value) => {
    expect(parseLine(L(text, 4))).toEqual({ raw: text, value, line: 4, source: 'f' });
  });

  it.each(['', ' ', '\t', ' \t \r'])('blank line %j is no record', (text) => {
    expect(parseLine(L(text, 1))).toBeUndefined();
  });

  it.each([
    ['{"a":', false, 'malformed'],
    ['not json', false, 'malformed'],
    ['{"a":1}}', false, 'malformed'],
    ['{"a":', true, 'truncated'],
  ] as const)('%s (unterminated %s) is %s', (text, unterminated, invalid) => {
    expect(parseLine(L(text, 2, unterminated))).toEqual({
      raw: text,
      line: 2,
      source: 'f',
      invalid,
    });
  });

  it('a whole last line without a newline is a record', () => {
    expect(parseLine(L('{"a":1}', 3, true))?.value).toEqual({ a: 1 });
  });
});

describe('parse: onInvalid', () => {
  const input: Line[] = [
    L('{"a":1}', 1),
    L('', 2),
    L('oops {', 3),
    L('{"b":2}', 4),
    L('{"c":', 5, true),
  ];

  async function run(onInvalid: OnInvalid) {
    const stage = parse({ onInvalid });
    const rejected: Rejection[] = [];
    stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
    const out = await collect<Rec>(Readable.from(input).pipe(stage));
    return { out, rejected };
  }

  it('skip: a malformed line mid-file is reported with its number and reading goes on', async () => {
    const { out, rejected } = await run('skip');
    expect(out.map((r) => r.value)).toEqual([{ a: 1 }, { b: 2 }]);
    expect(rejected).toEqual([
      { source: 'f', line: 3, reason: 'malformed', message: 'line is not JSON', raw: 'oops {' },
      {
        source: 'f',
        line: 5,
        reason: 'truncated',
        message: 'last line cut off (not JSON)',
        raw: '{"c":',
      },
    ]);
  });

  it('pass: invalid lines go on, marked, and nothing is reported yet', async () => {
    const { out, rejected } = await run('pass');
    expect(out.map((r) => [r.line, r.invalid ?? 'ok'])).toEqual([
      [1, 'ok'],
      [3, 'malformed'],
      [4, 'ok'],
      [5, 'truncated'],
    ]);
    expect(out[1]!.raw).toBe('oops {');
    expect(rejected).toEqual([]);
  });

  it('error: the stream fails at the malformed line, naming it', async () => {
    await expect(run('error')).rejects.toMatchObject({
      code: 'ERR_TXPIPE_INVALID_JSON',
      source: 'f',
      line: 3,
      message: 'f:3: line is not JSON',
    });
  });

  it('error: a truncated last line is reported, not an error', async () => {
    const stage = parse({ onInvalid: 'error' });
    const rejected: Rejection[] = [];
    stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
    const out = await collect<Rec>(
      Readable.from([L('{"a":1}', 1), L('{"c":', 2, true)]).pipe(stage),
    );
    expect(out).toHaveLength(1);
    expect(rejected.map((r) => r.reason)).toEqual(['truncated']);
  });

  it.each(['drop', '', 'PASS'])('rejects onInvalid %j at construction', (bad) => {
    expect(() => parse({ onInvalid: bad as OnInvalid })).toThrow(/onInvalid must be one of/);
  });
});
