// Adding a format is one folder and one registry entry: the made-up "parrot" format
// (test/formats/made-up/) is registered here, and every command that works on formats handles it
// through its adapter, with no other change: detect, convert (both ways), redact, clip, usage.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectValue } from '../../src/formats/detect.js';
import { formatIds, registerFormat } from '../../src/formats/registry.js';
import { WITHHELD } from '../../src/redact/marks.js';
import type { DefaultUsageReport } from '../../src/usage/usage-totals.js';
import { cliInProcess } from '../cli-in-process.js';
import { fixture } from '../shared.js';
import { parrot } from './made-up/index.js';

const dir = mkdtempSync(join(tmpdir(), 'txpipe-parrot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LINES = [
  { parrot: 1, chat: 'c1', who: 'user', said: 'read my env file please' },
  {
    parrot: 1,
    chat: 'c1',
    who: 'bird',
    call: { id: 'k1', tool: 'Read', input: { file_path: '/w/.env' } },
  },
  { parrot: 1, chat: 'c1', who: 'tool', result: { id: 'k1', output: 'DB_PASSWORD=hunter22' } },
  {
    parrot: 1,
    chat: 'c1',
    who: 'bird',
    said: 'done reading it, here it is',
    model: 'polly-1',
    tokens: { in: 10, out: 5 },
  },
  { parrot: 1, chat: 'c2', who: 'bird', said: 'hi', model: 'polly-1', tokens: { in: 3, out: 2 } },
];
const file = join(dir, 'chat.jsonl');
writeFileSync(file, LINES.map((l) => JSON.stringify(l)).join('\n') + '\n');

const parse = (out: string): Record<string, unknown>[] =>
  out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function run(...argv: string[]): Promise<string> {
  const r = await cliInProcess(argv);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

beforeAll(async () => {
  await registerFormat(parrot);
});

describe('a made-up format, added by one folder and one registry entry', () => {
  it('is registered once, after the built-in formats', async () => {
    expect(formatIds.at(-1)).toBe('parrot');
    await expect(registerFormat(parrot)).rejects.toThrow(/already registered/);
  });

  it('detect: its records and its files', async () => {
    for (const l of LINES) expect(detectValue(l)?.id).toBe('parrot');
    expect(await run('detect', file)).toBe(`${file}\tparrot\n`);
  });

  it('convert: read into events, written from another format', async () => {
    const events = parse(await run('convert', '--to', 'txpipe', file));
    expect(events.map((e) => e.kind)).toEqual([
      'user_message',
      'tool_call',
      'tool_result',
      'assistant_message',
      'usage',
      'assistant_message',
      'usage',
    ]);
    const fromClaude = parse(
      await run(
        'convert',
        '--to',
        'parrot',
        fixture('claude-code', 'marot-spotter', 'short.jsonl'),
      ),
    );
    expect(fromClaude.length).toBeGreaterThan(0);
    for (const l of fromClaude) expect(detectValue(l)?.id).toBe('parrot');
    expect(fromClaude.map((l) => l.who)).toContain('user');
  });

  it("redact: its tool call's secret file is withheld from the result", async () => {
    const out = parse(await run('redact', file));
    expect(out[1]).toEqual(LINES[1]); // the path and nothing else: kept
    expect((out[2]!.result as { output: string }).output).toBe(WITHHELD);
    expect(out[0]).toEqual(LINES[0]);
  });

  it('clip: its own profile cuts what a parrot says at 16 bytes', async () => {
    const out = parse(await run('clip', file));
    expect(out[0]!.said).toMatch(/^read my env file…\[clipped \d+ bytes\]$/);
    expect(out[0]!.clipped).toEqual({ said: 23 });
    expect(out[4]).toEqual(LINES[4]);
  });

  it('usage: its extractor counts each reply of each chat', async () => {
    const r = JSON.parse(await run('usage', '--json', file)) as DefaultUsageReport;
    expect([r.totals.input, r.totals.output, r.totals.replies]).toEqual([13, 7, 2]);
    expect(r.sessions.map((s) => s.key).sort()).toEqual(['c1', 'c2']);
  });
});
