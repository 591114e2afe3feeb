import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openInput } from '../../src/stream/input.js';
import { readRecords } from '../../src/stream/read-records.js';
import { openFileSplit, type SplitFileOptions } from '../../src/stream/split-file-sync.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import type { Rec } from '../../src/stream/rec.js';
import { fixture } from '../shared.js';

const dir = mkdtempSync(join(tmpdir(), 'txpipe-whole-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function jsonlBelow(d: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) out.push(...jsonlBelow(p));
    else if (/\.(jsonl|json)$/.test(name)) out.push(p);
  }
  return out;
}

/** The streaming reader's answer: records and rejections, as the CLI reads (`pass`). */
async function streamed(path: string, select?: readonly string[], maxLineBytes = 1 << 20) {
  const rejections: Rejection[] = [];
  const s = readRecords(openInput(path), { source: path, onInvalid: 'pass', select, maxLineBytes });
  s.on(REJECT_EVENT, (r: Rejection) => rejections.push(r));
  const recs: Rec[] = [];
  for await (const r of s) recs.push(r as Rec);
  return { recs, rejections };
}

// Made here: the edge cases of the reading rules (DESIGN §3) in small files.
const made: Record<string, string | Buffer> = {
  'bom-crlf.jsonl': '\uFEFF{"a":1,"usage":2}\r\n\r\n{"b":2}\r\n',
  'blank-and-bad.jsonl': '\n{"usage":1}\n{not json "usage"\n   \n{"x":"y"}\n',
  'truncated.jsonl': '{"usage":1}\n{"usage": 2, "cut',
  'unterminated-ok.jsonl': '{"usage":1}\n{"usage":2}',
  'long-line.jsonl': `{"usage":1}\n{"usage":"${'x'.repeat(300)}"}\n{"z":1}\n`,
  'multibyte.jsonl': '{"t":"héllo ✓ usage","usage":{"o":1}}\n{"t":"日本語"}\n',
  'empty.jsonl': '',
};
for (const [name, body] of Object.entries(made)) writeFileSync(join(dir, name), body);

/** A file's records and rejections, read synchronously to the end (what `usage` builds on). */
function readWhole(path: string, o: SplitFileOptions) {
  const recs: Rec[] = [];
  const run = openFileSplit(path, o, {
    record: (rec) => recs.push(rec),
  });
  if (run === undefined) return undefined;
  try {
    while (run.step());
    return { recs, rejections: run.takeTooLong() };
  } finally {
    run.close();
  }
}

/** The same, read ahead on the thread pool (`stepAhead`, what the CLI's batches use). */
async function readWholeAhead(path: string, o: SplitFileOptions) {
  const recs: Rec[] = [];
  const run = openFileSplit(path, o, {
    record: (rec) => recs.push(rec),
  });
  if (run === undefined) return undefined;
  try {
    while (await run.stepAhead());
    return { recs, rejections: run.takeTooLong() };
  } finally {
    await run.closeAhead();
  }
}

/** Chunk sizes swept (DESIGN §6): lines and multibyte characters split every way, and whole. */
const CHUNKS = [1, 2, 3, 7, 64, undefined];

describe('a file split synchronously gives exactly what readRecords reads', () => {
  const files = [...jsonlBelow(fixture()), ...Object.keys(made).map((n) => join(dir, n))];
  it.each(files.map((f) => [f.replace(/^.*fixtures\//, ''), f]))('%s', async (_n, file) => {
    const small = statSync(file).size < 20_000; // every chunk size on the small files
    for (const select of [undefined, ['"usage"', '"run_start"']]) {
      const maxLineBytes = file.endsWith('long-line.jsonl') ? 100 : 1 << 20;
      const want = await streamed(file, select, maxLineBytes);
      for (const chunkBytes of small ? CHUNKS : [4096, undefined]) {
        const got = readWhole(file, { source: file, select, maxLineBytes, chunkBytes });
        if (got === undefined) {
          // Only files that are not JSON Lines go to the streaming reader.
          expect(file).toMatch(/\.json$/);
          continue;
        }
        expect(got, `chunks of ${chunkBytes}`).toEqual(want);
        const ahead = await readWholeAhead(file, {
          source: file,
          select,
          maxLineBytes,
          chunkBytes,
        });
        expect(ahead, `chunks of ${chunkBytes}, read ahead`).toEqual(want);
      }
    }
  });

  it('leaves gzip and files that are not JSON Lines to the streaming reader, unless told', () => {
    const gz = join(dir, 'z.jsonl.gz');
    writeFileSync(gz, gzipSync('{"usage":1}\n'));
    const o = { source: 'x', maxLineBytes: 1 << 20 };
    expect(readWhole(gz, o)).toBeUndefined();
    expect(readWhole(dir, o)).toBeUndefined(); // not a regular file
    const pretty = join(dir, 'pretty.jsonl');
    writeFileSync(pretty, '{\n"usage": 1\n}\n');
    for (const chunkBytes of [1, undefined]) {
      expect(readWhole(pretty, { ...o, chunkBytes })).toBeUndefined();
      expect(
        readWhole(pretty, { ...o, chunkBytes, framing: 'jsonl' })?.recs.map((r) => r.invalid),
      ).toEqual(['malformed', 'malformed', 'malformed']);
    }
    expect(() => readWhole(join(dir, 'none.jsonl'), o)).toThrow(/ENOENT/);
  });
});

describe('openFileSplit', () => {
  it('read ahead: a run stopped early closes once its read under way has ended', async () => {
    const big = join(dir, 'big.jsonl');
    writeFileSync(big, '{"n":1}\n'.repeat(5000));
    const got: unknown[] = [];
    const run = openFileSplit(
      big,
      { source: big, maxLineBytes: 100, chunkBytes: 64 },
      { record: (rec) => got.push(rec.value) },
    )!;
    expect(await run.stepAhead()).toBe(true);
    expect(await run.stepAhead()).toBe(true);
    await run.closeAhead();
    expect(got).toEqual(Array(16).fill({ n: 1 }));
    expect(run.bytes).toBe(128);
  });

  it('watched parts: every byte split was shown first, once, in order, for every chunk size', async () => {
    const file = join(dir, 'watched.jsonl');
    const body = Array.from({ length: 3000 }, (_, i) => `{"n":${i},"t":"${'x'.repeat(i % 97)}"}\n`);
    writeFileSync(file, body.join(''));
    for (const chunkBytes of [1, 7, 64, 1000, undefined]) {
      const shown: Buffer[] = [];
      let shownBytes = 0;
      const late: number[] = [];
      const recs: unknown[] = [];
      const run = openFileSplit(
        file,
        { source: file, maxLineBytes: 1000, chunkBytes },
        {
          record(rec) {
            recs.push(rec.value);
            // The line's bytes (and its LF) were shown before it was split.
            if (Buffer.byteLength(body.slice(0, rec.line).join('')) > shownBytes)
              late.push(rec.line);
          },
        },
      )!;
      run.watchParts((part) => {
        shown.push(Buffer.from(part));
        shownBytes += part.length;
      });
      while (await run.stepAhead());
      await run.closeAhead();
      expect(Buffer.concat(shown).toString(), `chunks of ${chunkBytes}`).toBe(body.join(''));
      expect(late).toEqual([]);
      expect(recs).toHaveLength(3000);
    }
  });

  it('reads a file a chunk per step, and two files opened one after the other apart', () => {
    const one = join(dir, 'one.jsonl');
    const two = join(dir, 'two.jsonl');
    writeFileSync(one, '{"n":1}\n{"n":2}\n');
    writeFileSync(two, '{"m":3}\n');
    const got: Record<string, unknown[]> = { one: [], two: [] };
    const open = (file: string, key: string, chunkBytes?: number) =>
      openFileSplit(
        file,
        { source: file, maxLineBytes: 100, chunkBytes },
        { record: (rec) => got[key]!.push(rec.value) },
      )!;
    // `two` is opened (its first chunk read into the shared buffer) before `one` is split.
    const a = open(one, 'one');
    const b = open(two, 'two');
    while (a.step());
    while (b.step());
    a.close();
    b.close();
    expect(got).toEqual({ one: [{ n: 1 }, { n: 2 }], two: [{ m: 3 }] });
    const c = open(one, 'one', 4);
    let steps = 1;
    while (c.step()) steps++;
    c.close();
    // Four chunks of 4 bytes, then a read that finds the end (the size is never trusted).
    expect([steps, c.bytes]).toEqual([5, 16]);
  });
});
