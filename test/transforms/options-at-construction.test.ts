// Options of the wrong kind are refused when a factory is called, with a TxpipeError naming the
// option, not later as a TypeError when data flows (issue 12, "Library").
import { describe, expect, it } from 'vitest';
import { clip, type ClipOptions } from '../../src/transforms/clip.js';

describe('clip checks its options when made', () => {
  it.each([
    [
      { limit: {} },
      /^limit must be a size \(a number of bytes, or text such as 8KiB or none\), got \{\}$/,
    ],
    [{ maxLineBytes: [] }, /^maxLineBytes must be a size/],
    [{ fields: 42 }, /^fields must be an object of limits by field/],
    [{ fields: [1, 2] }, /^fields must be an object of limits by field/],
    [{ fields: { text: {} } }, /^limit of text must be a size/],
    [{ omitBinary: 'yes' }, /^omitBinary must be true or false, got yes$/],
  ])('%j', (options, message) => {
    let err: unknown;
    try {
      clip(options as unknown as ClipOptions);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ name: 'TxpipeError', code: 'ERR_TXPIPE_BAD_OPTION' });
    expect((err as Error).message).toMatch(message);
  });

  it('the options of the right kind are taken', () => {
    expect(() => clip({ limit: '8KiB', fields: { text: 100 }, omitBinary: true })).not.toThrow();
    expect(() => clip({ fields: ['text=1KiB'] })).not.toThrow();
  });
});
