import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { recordTransform } from '../../src/stream/record-transform.js';
import type { Rec } from '../../src/stream/rec.js';
import { collect } from '../helpers.js';

// recordTransform is on the hot path of every command (cat is recordTransform(rec => rec)): the
// same record object must come out (so stringify writes its input bytes), and every other shape of
// logic result must be honoured. Records are made up.
const recs: Rec[] = [1, 2, 3].map((n) => ({
  raw: `{"n":${n}}`,
  value: { n },
  line: n,
  source: 's',
}));

describe('recordTransform', () => {
  it('passes the same record objects on when the logic returns them', async () => {
    const out = await collect<Rec>(Readable.from(recs).pipe(recordTransform((r) => r)));
    expect(out.length).toBe(3);
    out.forEach((r, i) => expect(r).toBe(recs[i]));
  });

  it.each([
    ['nothing', () => undefined, []],
    ['several', (r: Rec) => [r, r], [1, 1, 2, 2, 3, 3]],
  ] as const)('honours a logic that returns %s', async (_name, logic, lines) => {
    const out = await collect<Rec>(Readable.from(recs).pipe(recordTransform(logic)));
    expect(out.map((r) => r.line)).toEqual(lines);
  });

  it('lets the logic push, reject and flush held records', async () => {
    const held: Rec[] = [];
    const rejected: Rejection[] = [];
    const stage = recordTransform({
      transform(rec, ctx) {
        if (rec.line === 2) {
          ctx.reject({ source: rec.source, line: rec.line, reason: 'format', message: 'no' });
          return undefined;
        }
        held.push(rec);
        return undefined;
      },
      flush(ctx) {
        for (const r of held) ctx.push(r);
      },
    });
    stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
    const out = await collect<Rec>(Readable.from(recs).pipe(stage));
    expect(out.map((r) => r.line)).toEqual([1, 3]);
    expect(rejected.map((r) => r.line)).toEqual([2]);
  });

  it('fails the stream with an error the logic throws, in transform or flush', async () => {
    const boom = recordTransform(() => {
      throw new Error('boom');
    });
    await expect(collect(Readable.from(recs).pipe(boom))).rejects.toThrow('boom');
    const late = recordTransform({
      transform: (r) => r,
      flush() {
        throw new Error('late');
      },
    });
    await expect(collect(Readable.from(recs).pipe(late))).rejects.toThrow('late');
  });
});
