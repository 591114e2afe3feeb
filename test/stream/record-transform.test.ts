import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Rec } from '../../src/stream/rec.js';
import { isObjectRec, withValue } from '../../src/stream/rec.js';
import { recordTransform } from '../../src/stream/record-transform.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { collect } from '../helpers.js';

const recs: Rec[] = [1, 2, 3, 4].map((i) => ({
  raw: `{"i":${i}}`,
  value: { i },
  line: i,
  source: 's',
}));

describe('recordTransform', () => {
  it('passes the same object on when the logic returns it', async () => {
    const out = await collect<Rec>(Readable.from(recs).pipe(recordTransform((r) => r)));
    expect(out).toHaveLength(4);
    out.forEach((r, i) => expect(r).toBe(recs[i]));
  });

  it('a record may become none, one changed, or several', async () => {
    const stage = recordTransform((r) => {
      const i = (r.value as { i: number }).i;
      if (i === 1) return undefined;
      if (i === 2) return withValue(r, { i: 20 });
      if (i === 3) return [r, r];
      return r;
    });
    const out = await collect<Rec>(Readable.from(recs).pipe(stage));
    expect(out.map((r) => [r.line, r.changed ?? false])).toEqual([
      [2, true],
      [3, false],
      [3, false],
      [4, false],
    ]);
    expect(out[0]!.value).toEqual({ i: 20 });
  });

  it('logic with state pushes and rejects through its context, and flushes at the end', async () => {
    const held: Rec[] = [];
    const stage = recordTransform({
      transform(r, ctx) {
        if (r.line === 2) ctx.reject({ source: r.source, line: 2, reason: 'format', message: 'm' });
        else held.push(r);
      },
      flush(ctx) {
        for (const r of held.reverse()) ctx.push(r);
      },
    });
    const rejected: Rejection[] = [];
    stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
    const out = await collect<Rec>(Readable.from(recs).pipe(stage));
    expect(out.map((r) => r.line)).toEqual([4, 3, 1]);
    expect(rejected.map((r) => r.line)).toEqual([2]);
  });

  it('an error thrown by the logic fails the stream, not the process', async () => {
    const stage = recordTransform((r) => {
      if (r.line === 3) throw new Error('boom at 3');
      return r;
    });
    await expect(collect(Readable.from(recs).pipe(stage))).rejects.toThrow('boom at 3');
  });

  it('an error thrown while flushing fails the stream', async () => {
    const stage = recordTransform({
      transform: (r) => r,
      flush() {
        throw new Error('flush failed');
      },
    });
    await expect(collect(Readable.from(recs).pipe(stage))).rejects.toThrow('flush failed');
  });

  it('isObjectRec', () => {
    expect(isObjectRec(recs[0]!)).toBe(true);
    for (const value of [null, [1], 3, 'x', undefined]) {
      expect(isObjectRec({ raw: '', value, line: 1, source: 's' })).toBe(false);
    }
  });
});
