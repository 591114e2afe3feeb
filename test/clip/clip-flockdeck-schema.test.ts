// Issue 12, item 11: clip on Flockdeck lines keeps every line valid against Flockdeck's schema
// (the fixed texts of recording_started / stopped are never cut), at any limit, and reports a
// string clipped before by the length it stood for.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../src/stream/read-records.js';
import type { Rec } from '../../src/stream/rec.js';
import { recText } from '../../src/stream/stringify.js';
import { clip, type ClipOptions } from '../../src/transforms/clip.js';
import { jsonlFiles, runConvert } from '../convert/run-convert.js';
import { validator } from '../convert/schemas.js';
import { collect } from '../helpers.js';
import { fixture } from '../shared.js';

const valid = validator('flockdeck-recording-line.schema.json');

/** Flockdeck lines: every Claude Code fixture session converted by txpipe's Flockdeck writer. */
async function flockdeckLines(): Promise<string> {
  const files = [...jsonlFiles(fixture('flockdeck')), ...jsonlFiles(fixture('claude-code'))];
  const outs: string[] = [];
  for (const f of files) outs.push(await runConvert([f], { to: 'flockdeck' }));
  return outs.join('');
}
let fdText: Promise<string> | undefined;

async function clipped(text: string, options: ClipOptions): Promise<Record<string, unknown>[]> {
  const recs = readRecords(Readable.from([Buffer.from(text)]));
  const out = await collect<Rec>(recs.pipe(clip(options)));
  return out.map((r) => JSON.parse(recText(r)) as Record<string, unknown>);
}

describe('clip on Flockdeck lines', () => {
  it.each<[string, ClipOptions]>([
    ['--limit 0', { limit: 0 }],
    ['--limit 1', { limit: 1 }],
    ['--limit 16', { limit: 16 }],
    ['--limit 100', { limit: 100 }],
    ['--limit 8KiB', {}],
    ['--field text=1', { fields: ['text=1'] }],
    ['--max-line-bytes 600', { limit: 200, maxLineBytes: 600 }],
  ])('every line stays schema-valid: %s', async (_name, options) => {
    const text = await (fdText ??= flockdeckLines());
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(100);
    for (const l of lines) expect(valid(JSON.parse(l))).toEqual([]);
    const out = await clipped(text, { format: 'flockdeck', ...options });
    const bad = out.map((v) => [v.seq, v.type, valid(v)]).filter((r) => (r[2] as []).length > 0);
    expect(bad).toEqual([]);
    for (const v of out) {
      if (v.type === 'recording_started') expect(v.text).toBe('start of the transcript');
      if (v.type === 'recording_stopped') expect(v.text).toBe('end of the transcript');
    }
  });

  const base = {
    v: 2,
    seq: 3,
    time: '2026-10-01T09:00:00Z',
    session: '20261001T090000Z-11111111',
    agent: 'claude',
    conversation: '11111111-2222-3333-4444-555555555555',
  };

  it('a string clipped before: clipped.output is the bytes before the marker + N', async () => {
    const line = {
      ...base,
      type: 'tool_result',
      output: `${'a'.repeat(40)}…[clipped 1000 bytes]`,
      isError: false,
      interrupted: false,
    };
    const [v] = await clipped(JSON.stringify(line), { format: 'flockdeck', limit: 16 });
    expect(v!.output).toBe(`${'a'.repeat(16)}…[clipped 1024 bytes]`);
    expect(v!.clipped).toEqual({ output: 1040 });
    expect(valid(v)).toEqual([]);
  });

  it('input with a string clipped before: clipped.input counts the bytes it stood for', async () => {
    const before = { command: 'x'.repeat(1040) };
    const line = {
      ...base,
      type: 'tool_call',
      tool: 'Bash',
      input: { command: `${'x'.repeat(40)}…[clipped 1000 bytes]` },
    };
    const [v] = await clipped(JSON.stringify(line), { format: 'flockdeck', limit: 16 });
    expect(v!.input).toEqual({ command: `${'x'.repeat(16)}…[clipped 1024 bytes]` });
    expect(v!.clipped).toEqual({ input: Buffer.byteLength(JSON.stringify(before)) });
  });
});
