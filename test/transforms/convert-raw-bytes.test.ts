// convert and an encoder that makes its records as bytes (RawJsonBytes of a Buffer, as run-record
// does): written from those bytes, with the text and the value there for a stage that reads them.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RawJsonBytes, type FormatAdapter } from '../../src/formats/adapter.js';
import { registerFormat } from '../../src/formats/registry.js';
import { rawBytes } from '../../src/stream/raw-bytes.js';
import type { Rec } from '../../src/stream/rec.js';
import { collect } from '../helpers.js';

const TEXT = '{"say":"caf\u00e9 \ud83d\ude00","n":[1,2.5]}';

{
  const bytesOut: FormatAdapter = {
    id: 'bytes-out',
    summary: 'stand-in target writing bytes',
    reference: '-',
    detect: () => false,
    load: () =>
      Promise.resolve({
        encoder: () => ({
          encode: () => [],
          end: () => [new RawJsonBytes(Buffer.from(TEXT))],
        }),
      }),
  };
  await registerFormat(bytesOut);
}

const { convert } = await import('../../src/transforms/convert.js');

const input = (): Rec[] => [
  { raw: '{"type":"user"}', value: { type: 'user' }, line: 1, source: 'a' },
];

describe('convert: records made as bytes', () => {
  it('keeps the bytes for the writer, and gives the text and value when read', async () => {
    const [out] = await collect<Rec>(
      Readable.from(input()).pipe(convert({ to: 'bytes-out', from: 'claude-code' })),
    );
    expect(rawBytes(out!)?.toString('utf8')).toBe(TEXT);
    expect(out!.changed).toBeUndefined();
    expect(out!.raw).toBe(TEXT);
    expect(out!.value).toEqual(JSON.parse(TEXT));
    expect(out!.value).toBe(out!.value); // parsed once
  });

  it('--pretty writes the value pretty-printed', async () => {
    const [out] = await collect<Rec>(
      Readable.from(input()).pipe(convert({ to: 'bytes-out', from: 'claude-code', pretty: true })),
    );
    expect(out!.raw).toBe(JSON.stringify(JSON.parse(TEXT), null, 2));
    expect(rawBytes(out!)).toBeUndefined();
  });
});
