import { readFileSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lines, type Line } from '../../src/stream/lines.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { CHUNK_SIZES, chunked, collect } from '../helpers.js';
import { fixture } from '../shared.js';

type Row = [text: string, line: number, unterminated: boolean];
const rows = (out: Line[]): Row[] => out.map((l) => [l.text, l.line, l.unterminated ?? false]);

/** What the splitter must give, worked out the slow, obvious way from the whole text. */
function expectedLines(input: string): Row[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  if (text === '') return [];
  const parts = text.split('\n');
  const last = parts.pop()!;
  const out: Row[] = parts.map((p, i) => [p.replace(/\r$/, ''), i + 1, false]);
  if (last !== '') out.push([last.replace(/\r$/, ''), parts.length + 1, true]);
  return out;
}

async function split(buf: Buffer, size: number, opts = {}): Promise<Line[]> {
  return collect<Line>(chunked(buf, size).pipe(lines(opts)));
}

const cases: Record<string, string> = {
  empty: '',
  'one line, no newline': '{"a":1}',
  'LF only': '{"a":1}\n{"b":2}\n',
  CRLF: '{"a":1}\r\n{"b":2}\r\n',
  'mixed LF and CRLF, blank lines': 'a\r\n\nb\n\r\n   \nc',
  'a lone CR inside a line is kept': 'a\rb\n',
  'BOM at the start': '\uFEFF{"a":1}\n{"b":2}\n',
  'BOM alone on the first line': '\uFEFF\n{"b":2}\n',
  'a BOM later is text': '{"a":1}\n\uFEFF{"b":2}\n',
  multibyte: '{"t":"é ü 日本語 🦀 👩‍👩‍👧"}\n{"t":"∑≠∞"}\r\n{"t":"ß"}',
  'only newlines': '\n\n\n',
  'trailing CR without LF': 'a\nb\r',
};

describe('lines: the same lines at every chunk size', () => {
  for (const [name, input] of Object.entries(cases)) {
    it.each(CHUNK_SIZES.map((n) => [n]))(`${name}, chunks of %s bytes`, async (n) => {
      const out = await split(Buffer.from(input), n);
      expect(rows(out)).toEqual(expectedLines(input));
      for (const l of out) expect(l.source).toBe('-');
    });
  }

  it.each(CHUNK_SIZES.map((n) => [n]))('a real session, chunks of %s bytes', async (n) => {
    const buf = readFileSync(fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl'));
    const out = await split(buf, n, { source: 'x.jsonl' });
    expect(rows(out)).toEqual(expectedLines(buf.toString('utf8')));
    expect(out.every((l) => l.source === 'x.jsonl')).toBe(true);
  });

  it('decodes a multibyte character split at every byte boundary', async () => {
    const input = Buffer.from('{"t":"🦀"}\n{"t":"日"}\n');
    for (let cut = 1; cut < input.length; cut++) {
      const src = Readable.from([input.subarray(0, cut), input.subarray(cut)], {
        objectMode: false,
      });
      const out = await collect<Line>(src.pipe(lines()));
      expect(out.map((l) => l.text)).toEqual(['{"t":"🦀"}', '{"t":"日"}']);
    }
  });
});

describe('lines: maxLineBytes', () => {
  const input = Buffer.from('short\n' + 'x'.repeat(100) + '\nafter\n' + 'y'.repeat(50));

  it.each(CHUNK_SIZES.map((n) => [n]))(
    'skips and reports a longer line, keeps counting (chunks of %s)',
    async (n) => {
      const stage = lines({ maxLineBytes: 40, source: 'f' });
      const rejected: Rejection[] = [];
      stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
      const out = await collect<Line>(chunked(input, n).pipe(stage));
      expect(rows(out)).toEqual([
        ['short', 1, false],
        ['after', 3, false],
      ]);
      expect(rejected).toEqual([
        {
          source: 'f',
          line: 2,
          reason: 'line-too-long',
          message: 'line is 100 bytes, over maxLineBytes 40',
        },
        {
          source: 'f',
          line: 4,
          reason: 'line-too-long',
          message: 'line is 50 bytes, over maxLineBytes 40',
        },
      ]);
    },
  );

  it('a line of exactly maxLineBytes is kept', async () => {
    const out = await split(Buffer.from('abcd\nabcde\n'), 3, { maxLineBytes: 4 });
    expect(out.map((l) => l.text)).toEqual(['abcd']);
  });

  it.each(CHUNK_SIZES.map((n) => [n]))(
    "onLongLine 'error' fails with the line number (chunks of %s)",
    async (n) => {
      const run = split(input, n, { maxLineBytes: 40, onLongLine: 'error', source: 'f' });
      await expect(run).rejects.toMatchObject({
        code: 'ERR_TXPIPE_LINE_TOO_LONG',
        line: 2,
        message: 'f:2: line is 100 bytes, over maxLineBytes 40',
      });
    },
  );

  it('a first line over the limit does not make a later line lose a leading BOM-like text', async () => {
    const out = await split(Buffer.from('x'.repeat(10) + '\n\uFEFFa\n'), 4, { maxLineBytes: 5 });
    expect(out.map((l) => l.text)).toEqual(['\uFEFFa']);
  });

  it.each([0, -1, 1.5, NaN, Infinity])('rejects maxLineBytes %s at construction', (bad) => {
    expect(() => lines({ maxLineBytes: bad })).toThrow(
      expect.objectContaining({ code: 'ERR_TXPIPE_BAD_OPTION' }),
    );
  });
});

describe('lines: long lines are linear', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Feeds `total` bytes of one line in `chunk`-byte pieces, then `\n`, counting the copying. */
  async function oneLongLine(total: number, chunk: number, opts = {}) {
    const concat = vi.spyOn(Buffer, 'concat');
    const src = new PassThrough();
    const stage = lines(opts);
    const got: Line[] = [];
    stage.on('data', (l: Line) => got.push(l));
    const rejected: Rejection[] = [];
    stage.on(REJECT_EVENT, (r: Rejection) => rejected.push(r));
    const done = new Promise((resolve, reject) => stage.on('end', resolve).on('error', reject));
    src.pipe(stage);
    const piece = Buffer.alloc(chunk, 0x61);
    for (let sent = 0; sent < total; sent += chunk) {
      if (!src.write(piece.subarray(0, Math.min(chunk, total - sent)))) {
        await new Promise((r) => src.once('drain', r));
      }
    }
    src.end('\n');
    await done;
    const copied = concat.mock.calls.reduce(
      (sum, [list]) => sum + (list as Buffer[]).reduce((s, b) => s + b.length, 0),
      0,
    );
    return { got, rejected, concats: concat.mock.calls.length, copied };
  }

  it('a 16 MB line arrives whole, copied once', async () => {
    const MB16 = 16 * 1024 * 1024;
    const { got, concats, copied } = await oneLongLine(MB16, 64 * 1024);
    expect(got).toHaveLength(1);
    expect(got[0]!.text.length).toBe(MB16);
    expect(got[0]!.text.startsWith('aaaa')).toBe(true);
    expect(concats).toBeLessThanOrEqual(1);
    expect(copied).toBeLessThanOrEqual(MB16);
  });

  it('a 64 MB line in 64 KiB chunks: the bytes copied grow with the line, not its square', async () => {
    const small = await oneLongLine(1024 * 1024, 64 * 1024);
    const big = await oneLongLine(64 * 1024 * 1024, 64 * 1024);
    expect(big.got[0]!.text.length).toBe(64 * 1024 * 1024);
    // 64x the bytes may cost 64x the copying, never more (a rescanning splitter costs ~4096x).
    expect(big.copied).toBeLessThanOrEqual(64 * Math.max(small.copied, 1024 * 1024));
    expect(big.concats).toBeLessThanOrEqual(small.concats);
  });

  it('a 64 MB line over maxLineBytes is never held: nothing is joined', async () => {
    const { got, rejected, copied } = await oneLongLine(64 * 1024 * 1024, 64 * 1024, {
      maxLineBytes: 1024 * 1024,
    });
    expect(got).toEqual([]);
    expect(rejected.map((r) => [r.line, r.reason])).toEqual([[1, 'line-too-long']]);
    expect(copied).toBeLessThanOrEqual(1024 * 1024);
  });
});
