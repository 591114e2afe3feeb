import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openInput } from '../../src/stream/input.js';
import { readRecords } from '../../src/stream/read-records.js';
import { readWholeBytesSync, splitWhole } from '../../src/stream/read-whole-file.js';
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

interface WholeOptions {
  readonly source: string;
  readonly maxBytes: number;
  readonly maxLineBytes: number;
  readonly select?: readonly string[];
  readonly framing?: 'auto' | 'jsonl';
}

/** A whole file's records and rejections, read and split in one go (what `usage` builds on). */
function readWhole(path: string, o: WholeOptions) {
  const buf = readWholeBytesSync(path, o);
  if (buf === undefined) return undefined;
  const recs: Rec[] = [];
  const rejections = splitWhole(buf, o, {
    record: (rec) => recs.push(rec),
    pruned: () => expect.unreachable(),
  });
  return { recs, rejections };
}

describe('a whole file split in one go gives exactly what readRecords reads', () => {
  const files = [...jsonlBelow(fixture()), ...Object.keys(made).map((n) => join(dir, n))];
  it.each(files.map((f) => [f.replace(/^.*fixtures\//, ''), f]))('%s', async (_n, file) => {
    for (const select of [undefined, ['"usage"', '"run_start"']]) {
      const maxLineBytes = file.endsWith('long-line.jsonl') ? 100 : 1 << 20;
      const whole = readWhole(file, {
        source: file,
        select,
        maxBytes: 1 << 23,
        maxLineBytes,
      });
      if (whole === undefined) {
        // Only files that are not JSON Lines go to the streaming reader.
        expect(file).toMatch(/\.json$/);
        continue;
      }
      expect(whole).toEqual(await streamed(file, select, maxLineBytes));
    }
  });

  it('leaves gzip, large files and forced-JSON-Lines framing as said', () => {
    const gz = join(dir, 'z.jsonl.gz');
    writeFileSync(gz, gzipSync('{"usage":1}\n'));
    const o = { source: 'x', maxBytes: 1 << 20, maxLineBytes: 1 << 20 };
    expect(readWhole(gz, o)).toBeUndefined();
    expect(readWhole(join(dir, 'bom-crlf.jsonl'), { ...o, maxBytes: 3 })).toBeUndefined();
    const pretty = join(dir, 'pretty.jsonl');
    writeFileSync(pretty, '{\n"usage": 1\n}\n');
    expect(readWhole(pretty, o)).toBeUndefined();
    expect(readWhole(pretty, { ...o, framing: 'jsonl' })?.recs.map((r) => r.invalid)).toEqual([
      'malformed',
      'malformed',
      'malformed',
    ]);
    expect(() => readWhole(join(dir, 'none.jsonl'), o)).toThrow(/ENOENT/);
  });
});
