import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Rec } from '../../src/stream/rec.js';
import { withRaw, withValue } from '../../src/stream/rec.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { recText, stringify, type StringifyOptions } from '../../src/stream/stringify.js';
import { bytesOf } from '../helpers.js';

const rec = (raw: string, line: number, extra: Partial<Rec> = {}): Rec => {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  return { raw, value, line, source: 'f', ...extra };
};

async function write(recs: Rec[], opts: StringifyOptions = {}) {
  const stage = stringify(opts);
  const rejected: Rejection[] = [];
  stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
  const out = (await bytesOf(Readable.from(recs).pipe(stage))).toString('utf8');
  return { out, rejected };
}

describe('stringify', () => {
  it('writes an unchanged record byte for byte, a changed one serialised, one line each', async () => {
    const odd = rec('{ "b" : 2 ,  "a":1 }', 1);
    const esc = rec('{"s":"\\u00e9\\/"}', 2);
    const changed = withValue(rec('{"a":1,  "x":"y"}', 3), { a: 2, x: 'y' });
    const { out } = await write([odd, esc, changed, rec('7', 4), rec('null', 5)]);
    expect(out).toBe('{ "b" : 2 ,  "a":1 }\n{"s":"\\u00e9\\/"}\n{"a":2,"x":"y"}\n7\nnull\n');
  });

  it('recText: raw unless changed', () => {
    const r = rec('{"a" :1}', 1);
    expect(recText(r)).toBe('{"a" :1}');
    expect(recText(withValue(r, [1]))).toBe('[1]');
    expect(withRaw(r, r.raw)).toBe(r);
    expect(withRaw(r, 'x').raw).toBe('x');
  });

  it('empty input writes nothing', async () => {
    expect((await write([])).out).toBe('');
  });

  const invalid = [
    rec('{"a":1}', 1),
    rec('bad {', 2, { invalid: 'malformed' }),
    rec('{"b":', 3, { invalid: 'truncated' }),
  ];

  it('pass: a malformed line is written as it is; a truncated one is skipped and reported', async () => {
    const { out, rejected } = await write(invalid, { onInvalid: 'pass' });
    expect(out).toBe('{"a":1}\nbad {\n');
    expect(rejected.map((r) => [r.line, r.reason, r.raw])).toEqual([[3, 'truncated', '{"b":']]);
  });

  it('skip: invalid lines are dropped and reported verbatim', async () => {
    const { out, rejected } = await write(invalid, { onInvalid: 'skip' });
    expect(out).toBe('{"a":1}\n');
    expect(rejected.map((r) => [r.line, r.reason, r.raw, r.message])).toEqual([
      [2, 'malformed', 'bad {', 'line is not JSON'],
      [3, 'truncated', '{"b":', 'last line cut off (not JSON)'],
    ]);
  });

  it('error: fails at the malformed line', async () => {
    await expect(write(invalid, { onInvalid: 'error' })).rejects.toMatchObject({
      code: 'ERR_TXPIPE_INVALID_JSON',
      line: 2,
    });
  });

  it('batches never change the bytes', async () => {
    const recs = Array.from({ length: 500 }, (_, i) =>
      rec(`{"i":${i},"pad":"${'x'.repeat(i % 13)}"}`, i + 1),
    );
    const expected = recs.map((r) => r.raw + '\n').join('');
    for (const batchBytes of [1, 10, 100, 65536]) {
      expect((await write(recs, { batchBytes })).out).toBe(expected);
    }
  });

  it('a slow producer: each line is written out before the next arrives', async () => {
    const src = new PassThrough({ objectMode: true });
    const stage = stringify();
    src.pipe(stage);
    const next = () =>
      new Promise<string>((resolve) => stage.once('data', (c: Buffer) => resolve(c.toString())));
    for (let i = 1; i <= 5; i++) {
      const got = next();
      src.write(rec(`{"i":${i}}`, i));
      expect(await got).toBe(`{"i":${i}}\n`);
    }
    src.end();
  });
});

describe('stringify: what came before an error is written first', () => {
  it.each([
    [3, 64 * 1024],
    [3000, 64 * 1024],
    [30_000, 64 * 1024],
    [3000, 100],
  ])('%s good lines, then a bad one (batches of %s bytes)', async (good, batchBytes) => {
    const recs = Array.from({ length: good }, (_, i) => rec(`{"i":${i}}`, i + 1));
    recs.push(rec('bad {', good + 1, { invalid: 'malformed' }), rec('{"after":1}', good + 2));
    const stage = stringify({ onInvalid: 'error', batchBytes });
    const got: Buffer[] = [];
    const failed = new Promise<unknown>((resolve) => {
      stage.on('error', resolve);
      stage.on('data', (b: Buffer) => got.push(b));
    });
    Readable.from(recs).pipe(stage);
    expect(await failed).toMatchObject({ code: 'ERR_TXPIPE_INVALID_JSON', line: good + 1 });
    const out = Buffer.concat(got).toString('utf8');
    expect(out).toBe(
      recs
        .slice(0, good)
        .map((r) => r.raw + '\n')
        .join(''),
    );
  });
});
