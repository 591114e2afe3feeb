import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lines, type Line } from '../../src/stream/lines.js';
import { collect } from '../helpers.js';

// lines({ select }) is what lets `usage` skip decoding and parsing lines that cannot hold usage.
const text = [
  '{"type":"user","message":{"content":"héllo wörld ✓"}}',
  '{"type":"assistant","message":{"usage":{"output_tokens":3}}}',
  '',
  '{"type":"progress","data":"no counts here, but \\"usage\\" escaped"}',
  '{"type":"run_start","data":{"run_id":"r1"}}\r',
  '{"type":"assistant","message":{"content":"✓✓","usage":{"output_tokens":9}}}',
  '{"type":"usage","data":{"input_tokens":1}}', // last line, no newline
].join('\n');

function chunked(buf: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}

const needles = ['"usage"', '"run_start"'];
const expected = text
  .split('\n')
  .map((t, i) => ({ text: t.replace(/\r$/, ''), line: i + 1 }))
  .filter((l) => needles.some((n) => l.text.includes(n)));

describe('lines({ select })', () => {
  it.each([1, 2, 3, 7, 64, Infinity])(
    'emits exactly the lines holding a needle, numbered as in the input (chunks of %s bytes)',
    async (size) => {
      const buf = Buffer.from(text);
      const chunks = size === Infinity ? [buf] : chunked(buf, size);
      const out = await collect<Line>(Readable.from(chunks).pipe(lines({ select: needles })));
      expect(out.map((l) => ({ text: l.text, line: l.line }))).toEqual(expected);
      expect(out.at(-1)?.unterminated).toBe(true);
    },
  );

  it('drops an unselected last line without a newline', async () => {
    const out = await collect<Line>(
      Readable.from([Buffer.from('{"usage":1}\n{"other":2}')]).pipe(lines({ select: ['"usage"'] })),
    );
    expect(out.map((l) => l.text)).toEqual(['{"usage":1}']);
  });

  it('without select, every line comes out', async () => {
    const out = await collect<Line>(Readable.from([Buffer.from(text)]).pipe(lines()));
    expect(out).toHaveLength(7);
  });
});
