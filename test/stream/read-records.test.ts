import { readFileSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { framingSettled, sniffFraming, SNIFF_BYTES } from '../../src/stream/framing.js';
import { openInput } from '../../src/stream/input.js';
import type { OnInvalid } from '../../src/stream/parse.js';
import type { Rec } from '../../src/stream/rec.js';
import { readRecords, type ReadRecordsOptions } from '../../src/stream/read-records.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { stringify } from '../../src/stream/stringify.js';
import { CHUNK_SIZES, bytesOf, chunked, collect } from '../helpers.js';
import { fixture } from '../shared.js';

/** Reads and writes `input` the way `txpipe cat` does; gives the output and the rejections. */
async function roundTrip(input: Readable, opts: ReadRecordsOptions & { write?: OnInvalid } = {}) {
  const { write, ...reading } = opts;
  const recs = readRecords(input, { source: 'in', onInvalid: 'pass', ...reading });
  const out = stringify({ onInvalid: write ?? 'skip' });
  const rejected: Rejection[] = [];
  recs.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
  out.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
  const sink = new PassThrough();
  const text = bytesOf(sink);
  await pipeline(recs, out, sink);
  return { out: (await text).toString('utf8'), rejected, bytes: await text };
}

const session = readFileSync(fixture('claude-code', 'marot-spotter', 'short.jsonl'));
/** A real session with the hard cases spliced in: CRLF, BOM, blanks, bad lines, non-objects. */
const messy = Buffer.concat([
  Buffer.from('\uFEFF'),
  session.subarray(0, session.indexOf(0x0a) + 1),
  Buffer.from('\r\n   \n{"type":"some_future_type","é":"🦀"}\r\n1\n"s"\nnull\n[1,2]\nnot json\n'),
  session.subarray(session.indexOf(0x0a) + 1),
  Buffer.from('{"type":"user","cut":'),
]);
const sessionLines = session.toString('utf8').split('\n').filter(Boolean);
const messyExpected =
  [
    sessionLines[0],
    '{"type":"some_future_type","é":"🦀"}',
    '1',
    '"s"',
    'null',
    '[1,2]',
    ...sessionLines.slice(1),
  ].join('\n') + '\n';

describe('readRecords + stringify (what cat does)', () => {
  it.each(CHUNK_SIZES.map((n) => [n]))(
    'gives the same bytes at every chunk size (%s), reporting the bad lines',
    async (n) => {
      const { out, rejected } = await roundTrip(chunked(messy, n));
      expect(out).toBe(messyExpected);
      expect(rejected.map((r) => [r.line, r.reason, r.raw])).toEqual([
        [9, 'malformed', 'not json'],
        [9 + sessionLines.length, 'truncated', '{"type":"user","cut":'],
      ]);
    },
  );

  it.each(CHUNK_SIZES.map((n) => [n]))('reads gzip the same at chunk size %s', async (n) => {
    const { out } = await roundTrip(chunked(gzipSync(messy), n));
    expect(out).toBe(messyExpected);
  });

  it.each(CHUNK_SIZES.map((n) => [n]))(
    'invalid UTF-8 in a JSON string is read as U+FFFD at every chunk size (%s)',
    async (n) => {
      // The bad line comes second: the first line is read whole while the framing is sniffed.
      const bad = Buffer.concat([
        Buffer.from('{"s":"a'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('b' + 'x'.repeat(100) + '"}\n'),
      ]);
      const input = Buffer.concat([Buffer.from('{"a":1}\n'), bad]);
      const { bytes } = await roundTrip(chunked(input, n));
      // Compared as bytes: decoding the output would turn the original bytes into U+FFFD too.
      const expected = Buffer.from('{"a":1}\n{"s":"a\uFFFD\uFFFDb' + 'x'.repeat(100) + '"}\n');
      expect(bytes.equals(expected)).toBe(true);
    },
  );

  it('passes malformed lines through with onInvalid pass', async () => {
    const { out } = await roundTrip(chunked(Buffer.from('{"a":1}\nbad\n'), 3), { write: 'pass' });
    expect(out).toBe('{"a":1}\nbad\n');
  });

  it('empty input and blank-only input give nothing, and report nothing', async () => {
    for (const input of ['', '\n\n', '  \r\n']) {
      const { out, rejected } = await roundTrip(chunked(Buffer.from(input), 1));
      expect({ out, rejected }).toEqual({ out: '', rejected: [] });
    }
  });

  it('a real gzip file read from disk', async () => {
    const recs = await collect<Rec>(readRecords(chunked(gzipSync(session), 64)));
    expect(recs.map((r) => r.raw)).toEqual(sessionLines);
  });

  it('a corrupt gzip fails with an input error naming the source', async () => {
    const bad = gzipSync(session).subarray(0, 200);
    bad[100] = bad[100]! ^ 0xff;
    await expect(collect(readRecords(chunked(bad, 64), { source: 'x.jsonl.gz' }))).rejects.toThrow(
      /^x\.jsonl\.gz: not valid gzip/,
    );
  });

  it('a missing file fails naming it', async () => {
    await expect(
      collect(readRecords(openInput('/nonexistent/x.jsonl'), { source: '/nonexistent/x.jsonl' })),
    ).rejects.toMatchObject({
      code: 'ERR_TXPIPE_INPUT',
      message: '/nonexistent/x.jsonl: no such file',
    });
  });

  it("onInvalid 'error' fails at the line, naming it", async () => {
    const input = chunked(Buffer.from('{"a":1}\nbad\n{"b":1}\n'), 2);
    await expect(collect(readRecords(input, { source: 'f', onInvalid: 'error' }))).rejects.toThrow(
      'f:2: line is not JSON',
    );
  });

  it('maxLineBytes reports a long line and goes on', async () => {
    const input = Buffer.from(`{"a":1}\n{"big":"${'x'.repeat(5000)}"}\n{"b":2}\n`);
    const { out, rejected } = await roundTrip(chunked(input, 64), { maxLineBytes: 1000 });
    expect(out).toBe('{"a":1}\n{"b":2}\n');
    expect(rejected.map((r) => [r.line, r.reason, r.raw])).toEqual([
      [2, 'line-too-long', undefined],
    ]);
  });
});

describe('framing beyond JSON Lines', () => {
  const rupuArray = readFileSync(fixture('rupu', 'transcript_events.json'));
  const rupuValues = JSON.parse(rupuArray.toString()) as unknown[];

  it.each(CHUNK_SIZES.map((n) => [n]))(
    'a JSON array file is one record per element (chunks of %s)',
    async (n) => {
      const recs = await collect<Rec>(readRecords(chunked(rupuArray, n), { source: 'a.json' }));
      expect(recs.map((r) => r.value)).toEqual(rupuValues);
      expect(recs.map((r) => r.line)).toEqual(rupuValues.map((_, i) => i + 1));
      expect(recs.map((r) => r.raw)).toEqual(rupuValues.map((v) => JSON.stringify(v)));
    },
  );

  /** AWF-style: pretty-printed values one after another (made from the rupu events). */
  const pretty = Buffer.from(rupuValues.map((v) => JSON.stringify(v, null, 2)).join('\n'));

  it.each(CHUNK_SIZES.map((n) => [n]))(
    'pretty-printed concatenated values are one record each (chunks of %s)',
    async (n) => {
      const { out } = await roundTrip(chunked(pretty, n));
      expect(out).toBe(rupuValues.map((v) => JSON.stringify(v) + '\n').join(''));
    },
  );

  it('streams record by record: the first record comes out before the input ends', async () => {
    for (const [open, sep] of [
      ['[', ',\n'],
      ['', '\n'],
    ] as const) {
      const src = new PassThrough();
      const recs = readRecords(src, { source: 's' });
      const first = new Promise<Rec>((resolve) => recs.once('data', resolve));
      // A pretty first value, then more than the sniffing window, and the input still open.
      src.write(open + JSON.stringify({ n: 0, pad: 'p' }, null, 2) + sep);
      const filler = JSON.stringify({ n: 1, pad: 'x'.repeat(SNIFF_BYTES) }, null, 2) + sep;
      src.write(filler);
      expect(await first).toMatchObject({ value: { n: 0, pad: 'p' }, line: 1 });
      src.destroy();
      recs.destroy();
    }
  });

  it.each([
    ['{"type":"user","n":1}\n', 'a JSON Lines record'],
    ['\n\n  {"n":1}\r\n', 'a record after blank lines'],
    ['[1,2]\n[3]\n', 'two array records'],
    ['not json\n', 'a malformed line'],
  ])(
    'a slow producer: %j comes out before more input arrives (%s)',
    { timeout: 10_000 },
    async (first) => {
      const src = new PassThrough();
      const recs = readRecords(src, { source: 's', onInvalid: 'pass' });
      const got = new Promise<Rec>((resolve) => recs.once('data', resolve));
      src.write(first);
      expect((await got).line).toBeGreaterThan(0);
      src.end();
      recs.resume();
    },
  );

  it('a corrupt pretty-printed file fails naming the source', async () => {
    const bad = Buffer.from('{\n  "a": 1\n}\n{\n  "b": \n');
    await expect(collect(readRecords(chunked(bad, 3), { source: 'p.json' }))).rejects.toThrow(
      /^p\.json: /,
    );
  });

  it.each([
    ['', 'jsonl'],
    ['\n\n', 'jsonl'],
    ['{"a":1}\n{"b":2}\n', 'jsonl'],
    ['[1,2]\n[3]\n', 'jsonl'],
    ['[{"a":1},{"b":2}]', 'array'],
    ['  [{"a":1}]\n', 'array'],
    ['[\n  {"a": 1}\n]', 'array'],
    ['{\n  "a": 1\n}\n{\n}', 'concatenated'],
    ['{"a":\n1}', 'jsonl'],
    ['{"a": [\n1]}', 'concatenated'],
    ['not json\n', 'jsonl'],
    ['1\n2\n', 'jsonl'],
    ['{"cut": "no newline', 'jsonl'],
  ])('sniffFraming(%j) is %s', (head, framing) => {
    expect(sniffFraming(Buffer.from(head))).toBe(framing);
  });

  it.each([
    ['', false],
    ['  \n', false],
    ['{"a":1', false],
    ['{"a":1}\n', true],
    ['{\n', true],
    ['x', true],
    ['7\n', true],
    ['[\n', true],
    ['[1,2]\n', false],
    ['[1,2]\n  \n', false],
    ['[1,2]\n[3]', true],
    ['[1,\n', true],
  ])('framingSettled(%j) is %s', (head, settled) => {
    expect(framingSettled(Buffer.from(head))).toBe(settled);
  });

  it('a first line longer than the sniffing window is JSON Lines', () => {
    expect(sniffFraming(Buffer.from('{"a":"' + 'x'.repeat(SNIFF_BYTES)))).toBe('jsonl');
  });

  it('framing can be forced', async () => {
    const recs = await collect<Rec>(
      readRecords(chunked(Buffer.from('[1,2]\n'), 1), { framing: 'jsonl' }),
    );
    expect(recs.map((r) => r.value)).toEqual([[1, 2]]);
  });
});

describe('readRecords: nothing lost before a failure, nothing deep lost silently', () => {
  /** Reads `input` until the end or an error; gives the records, rejections and the error. */
  async function readAll(input: Readable, opts: ReadRecordsOptions = {}) {
    const stream = readRecords(input, { source: 'in', ...opts });
    const rejected: Rejection[] = [];
    stream.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
    const recs: Rec[] = [];
    let error: unknown;
    try {
      for await (const r of stream) recs.push(r as Rec);
    } catch (err) {
      error = err;
    }
    return { recs, rejected, error };
  }

  const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
  const deepObject = (n: number): string => '{"x":'.repeat(n) + '1' + '}'.repeat(n);

  it.each([
    ['an array', (vs: string[]) => '[' + vs.join(',\n') + ']\n', 'array'],
    ['concatenated values', (vs: string[]) => vs.join('\n') + '\n', 'concatenated'],
  ] as const)(
    'in %s, a deeply nested value is read whole, without recursion, and reading goes on',
    async (_name, frame, framing) => {
      for (const bad of [deep(5000), deepObject(5000), deep(50_000)]) {
        const input = Buffer.from(frame(['{"a":1}', bad, '{"b":2}']));
        for (const n of [7, 4096, Infinity]) {
          const { recs, rejected, error } = await readAll(chunked(input, n), {
            framing: framing === 'array' ? 'auto' : framing,
          });
          expect(error).toBeUndefined();
          expect(recs.map((r) => [r.line, r.raw])).toEqual([
            [1, '{"a":1}'],
            [2, bad],
            [3, '{"b":2}'],
          ]);
          expect(rejected).toEqual([]);
        }
      }
    },
  );

  it.each(CHUNK_SIZES.map((n) => [n]))('a BOM before a JSON array (chunks of %s)', async (n) => {
    const input = Buffer.from('\uFEFF[{"a":1},\n{"b":2}]\n');
    const { recs, rejected, error } = await readAll(chunked(input, n));
    expect([recs.map((r) => r.raw), rejected, error]).toEqual([
      ['{"a":1}', '{"b":2}'],
      [],
      undefined,
    ]);
  });

  it.each([
    [3, 1],
    [3, Infinity],
    [300, 7],
    [12_088, 4096],
    [12_088, Infinity],
  ])(
    'an array of %s records then garbage (chunks of %s): every record, then an error naming the record',
    async (count, n) => {
      const values = Array.from(
        { length: count },
        (_, i) => `{"i":${i},"pad":"${'x'.repeat(40)}"}`,
      );
      const input = Buffer.from('[' + values.join(',\n') + ',\ngarbage');
      const { recs, error } = await readAll(chunked(input, n));
      expect(recs.length).toBe(count);
      expect(recs[count - 1]!.raw).toBe(values[count - 1]);
      expect((error as Error).message).toMatch(
        new RegExp(`^in: not valid JSON at record ${count + 1} \\(in the first \\d+ bytes\\)`),
      );
    },
  );

  it('[{"a":1},{"b":2},{bad}]: the two records, then the error at record 3', async () => {
    const { recs, error } = await readAll(chunked(Buffer.from('[{"a":1},{"b":2},{bad}]'), 5), {
      framing: 'array',
    });
    expect(recs.map((r) => r.raw)).toEqual(['{"a":1}', '{"b":2}']);
    expect((error as Error).message).toMatch(/^in: not valid JSON at record 3 /);
  });
});

describe('readRecords: options', () => {
  it('names its source by the path of a file stream', async () => {
    const path = fixture('rupu', 'run_smoke.jsonl');
    const recs = await collect<Rec>(readRecords(openInput(path)));
    expect(recs[0]!.source).toBe(path);
  });

  it.each([
    [{ framing: 'nope' }, /framing must be one of auto, jsonl, array, concatenated, got nope/],
    [{ onInvalid: 'drop' }, /onInvalid must be one of/],
    [{ maxLineBytes: 0 }, /maxLineBytes must be a positive integer/],
    [{ source: 42 }, /source must be a string/],
  ])('rejects %j when called, before any data', (options, message) => {
    expect(() => readRecords(Readable.from([]), options as ReadRecordsOptions)).toThrow(message);
  });
});

describe('readRecords: framing whatever the chunk sizes', () => {
  // Found by the property tests: `[]` then a line starting with a BOM was read as an array (and
  // failed) when the sniffing head ended just after that BOM, and as JSON Lines otherwise.
  it.each(CHUNK_SIZES.map((n) => [n]))('[] then a BOM-led line (chunks of %s)', async (n) => {
    const input = Buffer.from([
      0xef,
      0xbb,
      0xbf,
      ...Buffer.from('[]\r\n'),
      0xef,
      0xbb,
      0xbf,
      ...Buffer.from('{}\n""'),
    ]);
    const out = await bytesOf(readRecords(chunked(input, n)).pipe(stringify()));
    expect(out.toString()).toBe('[]\n""\n');
  });
});
