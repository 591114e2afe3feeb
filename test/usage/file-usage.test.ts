// The whole-file reader of `usage` (readFileUsage, what the CLI uses for files) against the
// streaming reader (readRecords with the same select, what it uses for standard input): for every
// file, the same report and the same rejected lines.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openInput } from '../../src/stream/input.js';
import { readRecords } from '../../src/stream/read-records.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { usage, usageFormats } from '../../src/transforms/usage.js';
import { readFileUsage, type FileUsageOptions } from '../../src/usage/file-usage.js';
import type { UsageReport } from '../../src/usage/usage-totals.js';
import { collect } from '../helpers.js';
import { repoRoot, sharedDir } from '../shared.js';
import { entry } from './records.js';

const dir = mkdtempSync(join(tmpdir(), 'txpipe-file-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const formats = usageFormats();
const usageNeedles = formats.needles;

const OPTIONS: FileUsageOptions = {
  formats,
  sample: 50,
  maxLineBytes: 1 << 20,
  framing: 'auto',
};

function jsonlBelow(d: string): string[] {
  return readdirSync(d, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(jsonl|ndjson)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

interface Outcome {
  readonly report: UsageReport;
  readonly rejections: Rejection[];
}

/** Runs chunks through a `usage()` stage: its report and what it rejected. */
async function run(chunks: readonly unknown[], stage: Transform = usage()): Promise<Outcome> {
  const rejections: Rejection[] = [];
  stage.on(REJECT_EVENT, (r: Rejection) => rejections.push(r));
  const out = await collect<Buffer>(Readable.from(chunks, { objectMode: true }).pipe(stage));
  return { report: JSON.parse(Buffer.concat(out).toString()) as UsageReport, rejections };
}

/** The streaming path: every file's selected records, as the CLI reads standard input. */
async function streamed(files: readonly string[], maxLineBytes = OPTIONS.maxLineBytes) {
  const chunks: unknown[] = [];
  const rejections: Rejection[] = [];
  for (const source of files) {
    const recs = readRecords(openInput(source), {
      source,
      onInvalid: 'pass',
      select: usageNeedles,
      maxLineBytes,
    });
    recs.on(REJECT_EVENT, (r: Rejection) => rejections.push(r));
    chunks.push(...(await collect(recs)));
  }
  const out = await run(chunks);
  return { report: out.report, rejections: [...rejections, ...out.rejections] };
}

/** What `readFileUsage` gives a file, its parts put together (undefined: left to streaming). */
function usageOf(file: string, o: FileUsageOptions = OPTIONS) {
  const parts = readFileUsage(file, o);
  if (parts === undefined) return undefined;
  const all = [...parts];
  return {
    parts: all.length,
    entries: all.flatMap((p) => p.entries),
    rejections: all.flatMap((p) => p.rejections),
    bytes: all.reduce((n, p) => n + p.bytes, 0),
  };
}

/** The files through a `usage()` stage, each as the parts `readFileUsage` gives. */
async function whole(files: readonly string[], o: FileUsageOptions = OPTIONS) {
  return run(files.flatMap((f) => [...(readFileUsage(f, o) ?? [])]));
}

const byPlace = (a: Rejection, b: Rejection) => a.source.localeCompare(b.source) || a.line - b.line;

describe('readFileUsage reads what the streaming reader reads', () => {
  const groups: Record<string, string[]> = {
    'claude-code sessions and subagents': jsonlBelow(join(sharedDir, 'fixtures', 'claude-code')),
    'rupu, flockdeck, eval records and others': [
      ...jsonlBelow(join(sharedDir, 'fixtures', 'rupu')),
      ...jsonlBelow(join(sharedDir, 'fixtures', 'flockdeck')),
      ...jsonlBelow(join(sharedDir, 'fixtures', 'eval-magic')),
      ...jsonlBelow(join(sharedDir, 'fixtures', 'awf')),
    ],
    'test/fixtures/usage': jsonlBelow(join(repoRoot, 'test', 'fixtures', 'usage')),
  };
  it.each(Object.entries(groups))('%s: the same report', async (_name, files) => {
    expect(files.length).toBeGreaterThan(0);
    const w = await whole(files);
    const s = await streamed(files);
    expect(w.report).toEqual(s.report);
    expect(w.rejections.sort(byPlace)).toEqual(s.rejections.sort(byPlace));
  });

  it.each(Object.entries(groups))(
    '%s: the same entries read in small chunks (lines across chunks) as in one read',
    (_name, files) => {
      for (const f of files.slice(0, 12)) {
        const once = usageOf(f, OPTIONS);
        for (const chunkBytes of [700, 4096]) {
          expect(usageOf(f, { ...OPTIONS, chunkBytes }), `${f} ${chunkBytes}`).toStrictEqual(once);
        }
      }
    },
  );

  it('the shared Claude Code sessions give usage at all (the comparison is not of empties)', async () => {
    const w = await whole(groups['claude-code sessions and subagents'] as string[]);
    expect(w.report.totals.replies).toBeGreaterThan(100);
  });
});

/** shared/fixtures/rupu/transcript_events.json as JSON Lines, then a second run. */
const rupuEvents = [
  ...(
    JSON.parse(
      readFileSync(join(sharedDir, 'fixtures', 'rupu', 'transcript_events.json'), 'utf8'),
    ) as unknown[]
  ).map((e) => JSON.stringify(e)),
  '{"type":"run_start","data":{"run_id":"run-02","started_at":"2026-08-21T00:00:00Z","x":[1]}}',
  '{"type":"usage","data":{"model":"m","input_tokens":5,"cached_tokens":9,"time":"t","data":{"usage":1}}}',
  '{"type":"usage","data":"no usage object"}',
].join('\n');

describe('the usage() stage given whole files and records', () => {
  it("ends a file's last reply when the file ends, whatever comes next", async () => {
    // x.jsonl's reply msg_b, then all of y.jsonl (reply msg_a), then x.jsonl's copy of msg_a.
    const file = join(dir, 'y.jsonl');
    writeFileSync(file, `${JSON.stringify(entry('msg_a', 5))}\n`);
    const rec = (id: string, line: number) => {
      const raw = JSON.stringify(entry(id, 5));
      return { raw, value: JSON.parse(raw) as unknown, line, source: 'x.jsonl' };
    };
    const out = await run([
      rec('msg_b', 1),
      ...(readFileUsage(file, OPTIONS) ?? []),
      rec('msg_a', 2),
    ]);
    // y's msg_a was counted when y ended, so x's copy of it is a duplicate, not more of y's reply.
    expect(out.report.totals.replies).toBe(2);
    expect(out.report.duplicates).toBe(1);
  });
});

describe('readFileUsage on damaged and unusual files', () => {
  const a = JSON.stringify(entry('msg_a', 5));
  const b = JSON.stringify(entry('msg_b', 7));
  const long = JSON.stringify(entry('msg_long', 11, { pad: 'x'.repeat(300) }));
  const cases: Record<string, string> = {
    'a malformed line with usage': `${a}\n{"type":"assistant","usage": nope\n${b}\n`,
    'a last line cut off': `${a}\n${b}\n{"type":"assistant","message":{"usage":{"inp`,
    'a BOM, CRLF and blank lines': `\uFEFF${a}\r\n\r\n  \n${b}\r\n`,
    'a line over maxLineBytes': `${a}\n${long}\n${b}\n`,
    'only lines without usage': `{"type":"user"}\n{"type":"summary"}\n`,
    'rupu events': rupuEvents,
    // After a first entry that shows the format: odd lines, read as JSON.parse reads them.
    'odd Claude Code lines': [
      a,
      '{"type":"assistant","message":{"id":"msg_n","usage":null}}',
      '{"type":"assistant","message":"text with usage\\" in it"}',
      '{"\\u0074ype":"assistant","message":{"id":"msg_esc","usage":{"output_tokens":4}}}',
      '{"type":"assistant","message":{"id":"m1","usage":{"output_tokens":1}},"message":{"id":"m2","usage":{"output_tokens":9}}}',
      '{"type":"assistant","message":{"id":"msg_big","usage":{"input_tokens":1e400,"output_tokens":-0,"cache_creation":[1]}}}',
      '{"type":"progress","data":{"type":"agent_progress","message":"usage\\""},"sessionId":"s"}',
      '{"type":"progress","sessionId":"s9","data":{"type":"agent_progress","message":{"type":"assistant","requestId":"r","message":{"id":"msg_p","model":"m","usage":{"output_tokens":3,"cache_creation":{"ephemeral_1h_input_tokens":2}}}}}}',
      ' {"type" : "assistant" , "requestId":"r2", "message" : { "usage" : {"output_tokens":5} , "id" : "msg_s" } } ',
      b,
    ].join('\n'),
    empty: '',
  };
  it.each(Object.entries(cases))('%s: the same report and rejections', async (name, text) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.jsonl`);
    writeFileSync(file, text);
    const s = await streamed([file], 256);
    // Small chunks split lines across reads; small parts split a reply's reports across parts.
    const ways: [number | undefined, number | undefined][] = [
      [1, 1],
      [7, 2],
      [64, undefined],
      [undefined, undefined],
    ];
    for (const [chunkBytes, partEntries] of ways) {
      const w = await whole([file], { ...OPTIONS, maxLineBytes: 256, chunkBytes, partEntries });
      expect(w.report, `chunks of ${chunkBytes}, parts of ${partEntries}`).toEqual(s.report);
      expect(w.rejections.sort(byPlace)).toEqual(s.rejections.sort(byPlace));
    }
  });

  it('reports a malformed line with usage, its line number and text', async () => {
    const file = join(dir, 'malformed.jsonl');
    writeFileSync(file, `${a}\n\n{"type":"assistant","usage": nope\n${b}\n`);
    const got = usageOf(file, OPTIONS);
    expect(got?.rejections).toEqual([
      {
        source: file,
        line: 3,
        reason: 'malformed',
        message: 'line is not JSON',
        raw: '{"type":"assistant","usage": nope',
      },
    ]);
    expect(got?.entries.map((e) => e.key)).toEqual(['msg_a', 'msg_b']);
  });

  it('leaves gzip and JSON arrays to the streaming reader', () => {
    const text = `${a}\n${b}\n`;
    const gz = join(dir, 'x.jsonl.gz');
    writeFileSync(gz, gzipSync(text));
    const array = join(dir, 'array.json');
    writeFileSync(array, `[${a},\n${b}]\n`);
    const plain = join(dir, 'plain.jsonl');
    writeFileSync(plain, text);
    expect(usageOf(gz, OPTIONS)).toBeUndefined();
    expect(usageOf(array, OPTIONS)).toBeUndefined();
    expect(usageOf(plain, OPTIONS)?.entries).toHaveLength(2);
    expect(usageOf(array, { ...OPTIONS, framing: 'jsonl' })?.rejections).toHaveLength(2);
  });

  it('reads files one after another into its reused buffer without mixing them', () => {
    const big = join(dir, 'big.jsonl');
    const small = join(dir, 'small.jsonl');
    writeFileSync(big, `${a}\n${long}\n${long}\n${b}\n`);
    writeFileSync(small, `${b}\n`);
    expect(usageOf(big, OPTIONS)?.entries).toHaveLength(4);
    expect(usageOf(small, OPTIONS)?.entries.map((e) => e.key)).toEqual(['msg_b']);
    expect(usageOf(small, OPTIONS)?.bytes).toBe(Buffer.byteLength(b) + 1);
  });

  it('reads a file over the 8 MiB it keeps a buffer for, and small ones after it', async () => {
    const big = join(dir, 'nine-mib.jsonl');
    const line = JSON.stringify(entry('msg_big', 3, { pad: 'y'.repeat(1000) }));
    const copies = Math.ceil((9 * 1024 * 1024) / (line.length + 1));
    writeFileSync(big, `${line}\n`.repeat(copies) + `${b}\n`);
    const small = join(dir, 'after-big.jsonl');
    writeFileSync(small, `${a}\n`);
    const w = await whole([big, small]);
    expect(w.report).toEqual((await streamed([big, small])).report);
    expect(w.report.totals.replies).toBe(3);
    expect(usageOf(big, OPTIONS)?.entries).toHaveLength(copies + 1);
  });

  it('gives a large file in parts; a reply whose reports straddle two parts is counted once', async () => {
    const file = join(dir, 'parts.jsonl');
    // msg_r's three reports (output 1, 2, 3) fall into different parts of one entry each.
    const lines = [a, ...[1, 2, 3].map((n) => JSON.stringify(entry('msg_r', n))), b];
    writeFileSync(file, lines.join('\n') + '\n');
    const o = { ...OPTIONS, chunkBytes: 16, partEntries: 1 };
    const parts = [...(readFileUsage(file, o) ?? [])];
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.map((p) => p.continues === true)).toEqual(parts.map((_p, i) => i > 0));
    expect(parts.reduce((n, p) => n + p.bytes, 0)).toBe(statSync(file).size);
    const w = await whole([file], o);
    expect(w.report).toEqual((await whole([file])).report);
    expect(w.report.totals.replies).toBe(3);
    expect(w.report.totals.output).toBe(5 + 3 + 7); // msg_r's last report, not their sum
  });

  it('throws the error of a file that cannot be read', () => {
    expect(() => usageOf(join(dir, 'none.jsonl'), OPTIONS)).toThrow(/ENOENT/);
  });
});
