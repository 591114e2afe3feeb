// Issue 24, item 18: a source that fails or is destroyed is an input error (ERR_TXPIPE_INPUT)
// naming the source and what it said, not a parse error ("not valid JSON (boom)") of the bytes
// it gave before; the records read before it still come first. A parse error stays one.
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../src/index.js';

async function read(input: Readable, source = 'in.jsonl') {
  const values: unknown[] = [];
  try {
    for await (const rec of readRecords(input, { source })) values.push(rec.value);
  } catch (err) {
    return { values, err: err as Error & { code?: string } };
  }
  return { values, err: undefined };
}

/** A source that gives `head`, then fails as `end` says. */
function source(head: Buffer | string, end: (s: Readable) => void): Readable {
  let given = false;
  return new Readable({
    read() {
      if (given) return;
      given = true;
      this.push(head);
      setTimeout(() => end(this), 5);
    },
  });
}

const jsonl = '{"a":1}\n{"b":2}\n{"c":';
const array = '[\n{"a":1},\n{"b":2},\n{"c":';
const failures: [string, (s: Readable) => void, RegExp][] = [
  [
    'an error of its own',
    (s) => s.destroy(new Error('disk went away')),
    /^in\.jsonl: read failed \(disk went away\)$/,
  ],
  [
    'an I/O error',
    (s) => s.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })),
    /^in\.jsonl: i\/o error$/,
  ],
  ['destroyed without an error', (s) => s.destroy(), /^in\.jsonl: closed before its end/],
];

describe('a source that fails is an input error', () => {
  it.each(
    failures.flatMap(([name, end, message]) =>
      [
        ['JSON Lines', jsonl],
        ['an array', array],
        ['gzip', gzipSync(jsonl).subarray(0, 30)],
      ].map(([framing, head]) => [`${name}, ${framing as string}`, head, end, message] as const),
    ),
  )('%s', async (_name, head, end, message) => {
    const { values, err } = await read(source(head as string | Buffer, end));
    expect(err).toMatchObject({ name: 'TxpipeError', code: 'ERR_TXPIPE_INPUT' });
    expect(err?.message).toMatch(message);
    expect(err?.message).not.toMatch(/not valid JSON/);
    if (typeof head === 'string') expect(values).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('bytes that are not JSON in an array are still a parse error', async () => {
    const { values, err } = await read(Readable.from(['[\n{"a":1},\n{bad}\n]']));
    expect(err).toMatchObject({ code: 'ERR_TXPIPE_INVALID_JSON' });
    expect(values).toEqual([{ a: 1 }]);
  });
});
