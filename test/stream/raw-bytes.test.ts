import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { lines, type Line } from '../../src/stream/lines.js';
import { parse } from '../../src/stream/parse.js';
import { readRecords } from '../../src/stream/read-records.js';
import { withRaw, withValue, type Rec } from '../../src/stream/rec.js';
import { recordTransform } from '../../src/stream/record-transform.js';
import { stringify } from '../../src/stream/stringify.js';
import { collect } from '../helpers.js';
import { fixture } from '../shared.js';

// Issue 2 (speed): an untouched record is written from the bytes it was read from, and a line that
// spans input chunks carries its own bytes. These tests pin the behaviour that must not change:
// output identical for every chunk size, and a record a stage changed is never written from the
// old bytes.

/** The input cut into pieces of `size` bytes (0: whole). */
function chunks(buf: Buffer, size: number): Buffer[] {
  if (size === 0) return [buf];
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}

async function run(buf: Buffer, size: number, stages: () => Writable[] = () => []) {
  const out: Buffer[] = [];
  await pipeline([
    Readable.from(chunks(buf, size)),
    lines(),
    parse({ onInvalid: 'pass' }),
    ...stages(),
    stringify({ onInvalid: 'pass', batchBytes: 100 }),
    new Writable({
      write(c: Buffer, _e, done) {
        out.push(c);
        done();
      },
    }),
  ] as unknown as [Readable, Writable]);
  return Buffer.concat(out).toString('utf8');
}

// Made up: a BOM, CRLF, multibyte characters (split by small chunks), a blank line, a line that
// is not JSON, a line longer than every chunk size below, and a last line without a newline.
const long = JSON.stringify({ type: 'user', text: 'é🦀'.repeat(40) + 'x'.repeat(200) });
const input = Buffer.from(
  '\uFEFF{"a":"日本"}\r\n\n{"b":[1, 2]}\nnot json 🦀\r\n' + long + '\n{"c":true}',
);
const expected = '{"a":"日本"}\n{"b":[1, 2]}\nnot json 🦀\n' + long + '\n{"c":true}\n';
const SIZES = [1, 2, 3, 7, 64, 0];

describe('untouched records are written from their bytes', () => {
  it.each(SIZES)('output is the same for chunks of %i bytes (0: whole)', async (size) => {
    expect(await run(input, size)).toBe(expected);
  });

  it.each(SIZES)(
    'a changed record is serialised, never its old bytes (chunks of %i)',
    async (size) => {
      const change = () => [
        recordTransform((rec: Rec) => {
          if (rec.invalid) return withRaw(rec, 'rewritten');
          const v = rec.value as Record<string, unknown>;
          if ('a' in v) return withValue(rec, { a: 'changed' });
          if ('c' in v) return { ...rec, raw: '{"c":"spread"}' }; // a stage that copies by hand
          return rec;
        }),
      ];
      expect(await run(input, size, change)).toBe(
        '{"a":"changed"}\n{"b":[1, 2]}\nrewritten\n' + long + '\n{"c":"spread"}\n',
      );
    },
  );
});

describe('Line.bytes', () => {
  it('is given, equal to the text, for a line that spans chunks; not for one inside a chunk', async () => {
    const text = '{"k":"vé"}\n{"long":"' + 'y'.repeat(50) + '"}\r\n';
    const got = await collect<Line>(
      Readable.from([Buffer.from(text.slice(0, 12)), Buffer.from(text.slice(12))]).pipe(lines()),
    );
    expect(got[0]!.bytes).toBeUndefined(); // whole in the first chunk
    expect(got[1]!.bytes?.toString('utf8')).toBe(got[1]!.text); // CR not included
  });
});

/** Every .jsonl file below a folder. */
function jsonlBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? jsonlBelow(p) : n.endsWith('.jsonl') ? [p] : [];
  });
}

describe('real Claude Code sessions (shared fixtures) come out byte for byte', () => {
  // These files are clean JSON Lines ending with a newline, so cat's output must equal them.
  it.each(jsonlBelow(fixture('claude-code')))('%s', async (file) => {
    const bytes = readFileSync(file);
    const out = await collect<Buffer>(
      readRecords(Readable.from(chunks(bytes, 4096)), { source: file }).pipe(stringify()),
    );
    expect(Buffer.concat(out).equals(bytes)).toBe(true);
  });
});
