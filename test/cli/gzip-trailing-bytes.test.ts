// A gzip file followed by bytes that are not gzip (`garbage!` appended): every record that
// decompresses is written, then the trailing bytes are reported once, naming where they start, as
// `zcat` gives every line and warns "trailing garbage ignored" (issue 24, item 2).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { readRecords } from '../../src/stream/read-records.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { collect } from '../helpers.js';
import { ensureBuilt, txpipe } from './run.js';

let tmp: string;
const at = (name: string): string => join(tmp, name);
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-gz-tail-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const session = (from: number, n: number): string =>
  Array.from(
    { length: n },
    (_, k) =>
      `{"type":"user","sessionId":"s","uuid":"u${from + k}","timestamp":"2025-09-03T00:52:31.217Z","message":{"role":"user","content":"hi ${from + k} ${'p'.repeat(k % 40)}"}}\n`,
  ).join('');

const garbage = Buffer.from('garbage!');

/** The inputs: gzip members (each holding `lines`), then what follows them. */
const cases = [
  { name: 'one member, then garbage!', members: [session(0, 5000)], tail: garbage },
  {
    name: 'two members, then garbage!',
    members: [session(0, 2500), session(2500, 2500)],
    tail: garbage,
  },
  { name: 'one member, then a lone 0x1f', members: [session(0, 3000)], tail: Buffer.from([0x1f]) },
];

const report = (file: string, lines: number, offset: number, bytes: number): string =>
  `txpipe: 1 line not written:\n  ${file}:${lines + 1}: trailing-bytes: ${bytes} bytes after the gzip data (from byte ${offset}) are not gzip; not read\n`;

describe('a gzip file followed by bytes that are not gzip', () => {
  it.each(cases)('$name: every record is written, then the bytes are reported', (c) => {
    const gz = Buffer.concat(c.members.map((m) => gzipSync(m)));
    const plain = c.members.join('');
    const lines = plain.split('\n').length - 1;
    const file = at(`${c.name.replace(/\W/g, '')}.jsonl.gz`);
    writeFileSync(file, Buffer.concat([gz, c.tail]));
    for (const argv of [['cat'], ['redact'], ['clip'], ['dedup-usage']]) {
      const r = txpipe([...argv, file]);
      expect([r.code, r.stderr], argv.join(' ')).toEqual([
        EXIT.ok,
        report(file, lines, gz.length, c.tail.length),
      ]);
      expect(r.stdout, argv.join(' ')).toBe(plain);
    }
    const strict = txpipe(['cat', '--strict', '-'], { input: Buffer.concat([gz, c.tail]) });
    expect([strict.code, strict.stdout, strict.stderr]).toEqual([
      EXIT.rejected,
      plain,
      report('-', lines, gz.length, c.tail.length),
    ]);
  });

  it('zero bytes after the gzip data (padding) are read as nothing, not reported', () => {
    const plain = session(0, 100);
    const file = at('padded.jsonl.gz');
    writeFileSync(file, Buffer.concat([gzipSync(plain), Buffer.alloc(512)]));
    const r = txpipe(['cat', '--strict', file]);
    expect([r.code, r.stdout, r.stderr]).toEqual([EXIT.ok, plain, '']);
  });

  it('readRecords gives every record, then reports the trailing bytes', async () => {
    const plain = session(0, 5000);
    const gz = gzipSync(plain);
    const s = readRecords(Readable.from([Buffer.concat([gz, garbage])]), { source: 'g.gz' });
    const rejections: Rejection[] = [];
    s.on(REJECT_EVENT, (r: Rejection) => rejections.push(r));
    const recs = await collect(s);
    expect(recs).toHaveLength(5000);
    expect(rejections).toEqual([
      {
        source: 'g.gz',
        line: 5001,
        reason: 'trailing-bytes',
        message: `8 bytes after the gzip data (from byte ${gz.length}) are not gzip; not read`,
      },
    ]);
  });
});
