// encodeBatch writes a large record's own bytes as they are (issue 24: a 16.7 MB run record was
// copied into its batch's buffer, twice the memory at once): the chunks hold that very Buffer,
// and joined they are the bytes stringify writes, for every mix of small and large records.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { encodeBatch } from '../../src/stream/batch-write.js';
import { keepRawBytes, rawBytes } from '../../src/stream/raw-bytes.js';
import type { Rec } from '../../src/stream/rec.js';
import { stringify } from '../../src/stream/stringify.js';

/** A record made as bytes (as convert makes a run record), `size` bytes long. */
function madeAsBytes(size: number, line: number): Rec {
  const text = `{"n":${line},"t":"${'é'.repeat(Math.max(0, (size - 20) >> 1))}"}`;
  const bytes = Buffer.from(text);
  const rec: Rec = { raw: text, line, source: 'made' };
  keepRawBytes(rec, bytes);
  return rec;
}
const small = (line: number): Rec => ({
  raw: `{"s":${line}}`,
  value: { s: line },
  line,
  source: 'in',
});
const changed = (line: number): Rec => ({
  raw: '',
  value: { c: line },
  line,
  source: 'in',
  changed: true,
});

async function stringified(recs: readonly Rec[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _e, done) {
      parts.push(chunk);
      done();
    },
  });
  await pipeline(Readable.from(recs), stringify(), sink);
  return Buffer.concat(parts);
}

describe('encodeBatch', () => {
  const shapes: [string, (number | 'small' | 'changed')[]][] = [
    ['one large record alone', [200_000]],
    ['large between small', ['small', 100_000, 'small']],
    ['two large in a row', [70_000, 300_000]],
    ['large first and last', [65_560, 'changed', 'small', 90_000]],
    ['just under the size', [65_400, 'small']],
    ['only small ones', ['small', 'changed', 1_000]],
  ];
  it.each(shapes)('%s: the bytes stringify writes, large records not copied', async (_n, shape) => {
    const recs = shape.map((s, i) =>
      s === 'small' ? small(i + 1) : s === 'changed' ? changed(i + 1) : madeAsBytes(s, i + 1),
    );
    const { chunks, error } = encodeBatch(recs, 'skip', () => {});
    expect(error).toBeUndefined();
    expect(Buffer.concat(chunks).equals(await stringified(recs))).toBe(true);
    for (const rec of recs) {
      const own = rawBytes(rec);
      if (own === undefined) continue;
      // 64 KiB and more: written as the record's own Buffer (the same memory), not a copy.
      expect(chunks.includes(own), `record ${rec.line}`).toBe(own.length >= 64 * 1024);
    }
  });
});
