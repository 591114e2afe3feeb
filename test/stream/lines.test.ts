import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lines, type Line } from '../../src/stream/lines.js';
import { collect } from '../helpers.js';

describe('lines', () => {
  it('splits LF and CRLF and keeps a last line without a newline', async () => {
    const out = await collect<Line>(Readable.from([Buffer.from('a\r\nb\nc')]).pipe(lines()));
    expect(out.map((l) => [l.text, l.line, l.unterminated ?? false])).toEqual([
      ['a', 1, false],
      ['b', 2, false],
      ['c', 3, true],
    ]);
  });
});
