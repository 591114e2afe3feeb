import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffFraming } from '../../src/stream/framing.js';
import { lines, type Line } from '../../src/stream/lines.js';
import { parse } from '../../src/stream/parse.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import type { Rec } from '../../src/stream/rec.js';
import { stringify } from '../../src/stream/stringify.js';
import { collect } from '../helpers.js';

// The long-line path the benchmark's long-lines corpus exercises: lines far longer than a chunk
// come out whole and unchanged, a line over maxLineBytes is dropped as it arrives and reported
// (or fails the stream), and the other lines are untouched. Inputs are made up.

function pieces(buf: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}

describe('long lines', () => {
  it('a 16 MiB line in 64 KiB chunks comes out whole, byte for byte', async () => {
    const big = JSON.stringify({ type: 'user', data: 'QUJD'.repeat(4 * 1024 * 1024) });
    const input = Buffer.from(`{"a":1}\n${big}\n{"b":2}\n`);
    const out = await collect<Buffer>(
      Readable.from(pieces(input, 64 * 1024))
        .pipe(lines())
        .pipe(parse())
        .pipe(stringify()),
    );
    expect(Buffer.concat(out).equals(input)).toBe(true);
  });

  it.each([1, 3, 7, 64, 1000])(
    'a line over maxLineBytes is reported with its number (chunks of %i)',
    async (size) => {
      const input = Buffer.from(
        `{"a":1}\n{"long":"${'x'.repeat(100)}"}\n{"b":2}\n{"tail":"${'y'.repeat(100)}"}`,
      );
      const stage = lines({ maxLineBytes: 50, source: 'made-up' });
      const rejected: Rejection[] = [];
      stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
      const out = await collect<Line>(Readable.from(pieces(input, size)).pipe(stage));
      expect(out.map((l) => [l.line, l.text])).toEqual([
        [1, '{"a":1}'],
        [3, '{"b":2}'],
      ]);
      expect(rejected.map((r) => [r.line, r.reason, r.source])).toEqual([
        [2, 'line-too-long', 'made-up'],
        [4, 'line-too-long', 'made-up'],
      ]);
    },
  );

  it.each([1, 7, 1000])('onLongLine error fails the stream (chunks of %i)', async (size) => {
    const input = Buffer.from(`{"a":1}\n{"long":"${'x'.repeat(100)}"}\n`);
    const stage = lines({ maxLineBytes: 50, onLongLine: 'error' });
    await expect(collect(Readable.from(pieces(input, size)).pipe(stage))).rejects.toMatchObject({
      code: 'ERR_TXPIPE_LINE_TOO_LONG',
      line: 2,
    });
  });

  it.each([0, -1, 2.5])('rejects maxLineBytes %s at construction', (maxLineBytes) => {
    expect(() => lines({ maxLineBytes })).toThrow(/maxLineBytes/);
  });
});

describe('parse onInvalid', () => {
  const input = () => Readable.from([Buffer.from('{"a":1}\nnope\n{"b":2}\n')]).pipe(lines());

  it('skip: drops and reports the malformed line', async () => {
    const stage = parse({ onInvalid: 'skip' });
    const rejected: Rejection[] = [];
    stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
    const out = await collect<Rec>(input().pipe(stage));
    expect(out.map((r) => r.line)).toEqual([1, 3]);
    expect(rejected.map((r) => [r.line, r.reason])).toEqual([[2, 'malformed']]);
  });

  it('error: fails with the line number', async () => {
    await expect(collect(input().pipe(parse({ onInvalid: 'error' })))).rejects.toMatchObject({
      code: 'ERR_TXPIPE_INVALID_JSON',
      line: 2,
    });
  });

  it('rejects an unknown policy at construction', () => {
    expect(() => parse({ onInvalid: 'maybe' as 'skip' })).toThrow(/onInvalid must be one of/);
  });
});

describe('sniffFraming', () => {
  it.each([
    ['', 'jsonl'],
    ['{"a":1}\n{"b":2}\n', 'jsonl'],
    ['[1,2]\n', 'array'],
    ['[1,2]\n[3]\n', 'jsonl'],
    ['[\n  {"a": 1},\n', 'array'],
    ['{\n  "a": 1\n}\n{\n', 'concatenated'],
    ['{"a":\n', 'jsonl'],
    ['not json\n', 'jsonl'],
    ['  \n\t{"a":1}\n', 'jsonl'],
    ['{"a":"' + 'x'.repeat(SNIFF_BYTES) + '"}', 'jsonl'],
  ])('%j is %s', (head, framing) => {
    expect(sniffFraming(Buffer.from(head))).toBe(framing);
  });
});
