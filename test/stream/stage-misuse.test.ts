// Issue 24, item 15: a stage used twice, or handed what is not a record, fails at once with a
// coded error instead of hanging (a second `pipeline()` never settled: exit 13) or throwing a raw
// TypeError from inside the redactor.
import { Readable, Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as txpipe from 'txpipe';
import { describe, expect, it } from 'vitest';

const sink = (): Writable =>
  new Writable({
    objectMode: true,
    write(_c, _e, done) {
      done();
    },
  });
const source = (): Readable => txpipe.readRecords(Readable.from([Buffer.from('{"a":1}\n')]));

/** The stage factories a library user pipes records through. */
const factories: readonly [string, () => Transform][] = [
  ['cat', () => txpipe.cat()],
  ['redact', () => txpipe.redact()],
  ['clip', () => txpipe.clip()],
  ['dedupUsage', () => txpipe.dedupUsage()],
  ['convert', () => txpipe.convert({ to: 'txpipe' })],
];

/** Settles within `ms`, or fails the test saying it hung. */
function settles<T>(p: Promise<T>, ms = 3000): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_r, reject) => setTimeout(() => reject(new Error('never settled')), ms)),
  ]);
}

describe('a stage used in a second pipeline', () => {
  it.each(factories)(
    '%s: the second pipeline fails with "stage already ended"',
    async (_n, make) => {
      const stage = make();
      await pipeline(source(), stage, txpipe.stringify(), sink());
      await expect(
        settles(pipeline(source(), stage, txpipe.stringify(), sink())),
      ).rejects.toMatchObject({
        code: 'ERR_TXPIPE_STAGE_ENDED',
        message: expect.stringMatching(/stage already ended/),
      });
    },
  );
});

describe('a plain object written to a stage', () => {
  it.each(factories)('%s: fails with a coded error naming what it takes', async (_n, make) => {
    const secret = `sk-ant-api03-${'x'.repeat(93)}AA`;
    await expect(
      settles(pipeline(Readable.from([{ a: secret }]), make(), txpipe.stringify(), sink())),
    ).rejects.toMatchObject({
      code: 'ERR_TXPIPE_NOT_A_RECORD',
      message: expect.stringMatching(/not a record .*readRecords/),
    });
  });
});
