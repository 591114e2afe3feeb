import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Rec } from '../../src/stream/rec.js';
import { stringify } from '../../src/stream/stringify.js';
import { collect } from '../helpers.js';

// Output batching of stringify (issue 2, speed): a fast stream must be written in few large
// chunks, yet a lone record must not wait for more input. Records are made up here: 1000 lines of
// about 40 bytes, the shape does not matter to batching.
const recs: Rec[] = Array.from({ length: 1000 }, (_, i) => ({
  raw: JSON.stringify({ type: 'user', n: i, text: 'x'.repeat(20) }),
  value: undefined,
  line: i + 1,
  source: 'made-up',
}));
const expected = recs.map((r) => r.raw + '\n').join('');

describe('stringify batching', () => {
  it.each([256, 1024, 64 * 1024])(
    'records piped one by one come out in batches of batchBytes (%i)',
    async (batchBytes) => {
      const chunks = await collect<Buffer>(Readable.from(recs).pipe(stringify({ batchBytes })));
      expect(Buffer.concat(chunks).toString()).toBe(expected);
      // Every chunk but the last is a full batch: not one write per record.
      for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(batchBytes);
      expect(chunks.length).toBeLessThanOrEqual(Math.ceil(expected.length / batchBytes) + 1);
    },
  );

  it('a lone record is pushed without waiting for more input or the end', async () => {
    const stage = stringify();
    const first = new Promise<Buffer>((resolve) => stage.once('data', resolve));
    stage.write(recs[0]);
    expect((await first).toString()).toBe(recs[0]!.raw + '\n');
    stage.end();
  });

  it('a record written after a pause comes out on its own, in order', async () => {
    const stage = stringify();
    const seen: string[] = [];
    stage.on('data', (c: Buffer) => seen.push(c.toString()));
    stage.write(recs[0]);
    await new Promise((r) => setTimeout(r, 5));
    stage.write(recs[1]);
    stage.end();
    await new Promise((r) => stage.on('end', r));
    expect(seen).toEqual([recs[0]!.raw + '\n', recs[1]!.raw + '\n']);
  });

  it('a small batch handed on is not overwritten by the next one (its buffer is reused)', async () => {
    const stage = stringify();
    const next = () => new Promise<Buffer>((resolve) => stage.once('data', resolve));
    const first = next();
    stage.write(recs[0]);
    const a = await first;
    const second = next();
    stage.write(recs[1]);
    const b = await second;
    expect([a.toString(), b.toString()]).toEqual([recs[0]!.raw + '\n', recs[1]!.raw + '\n']);
    stage.end();
  });

  it('destroying the stage with a batch pending pushes nothing more', async () => {
    const stage = stringify();
    const seen: Buffer[] = [];
    stage.on('data', (c: Buffer) => seen.push(c));
    stage.on('error', () => {});
    stage.write(recs[0]);
    stage.destroy();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([]);
  });
});

describe('stringify options', () => {
  it.each([0, -1, 1.5, Number.NaN])('rejects batchBytes %s at construction', (batchBytes) => {
    expect(() => stringify({ batchBytes })).toThrow(/batchBytes must be a positive integer/);
  });
});
