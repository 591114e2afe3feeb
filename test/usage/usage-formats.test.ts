import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { facetOf, formats, loadFacets } from '../../src/formats/registry.js';
import type { DefaultUsageReport } from '../../src/usage/usage-totals.js';
import { fixture, repoRoot } from '../shared.js';
import { cliInProcess } from '../cli-in-process.js';
import { kinds } from './records.js';

const own = (name: string): string => join(repoRoot, 'test', 'fixtures', 'usage', name);

async function report(...files: string[]): Promise<DefaultUsageReport> {
  const r = await cliInProcess(['usage', '--json', ...files]);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as DefaultUsageReport;
}

describe('usage per format, as each spec defines it', () => {
  it('every extractor names the format whose adapter gives it', async () => {
    await loadFacets('usage');
    const given = formats.filter((f) => facetOf(f.id, 'usage') !== undefined);
    expect(given.map((f) => f.id).sort()).toEqual([
      'auto-swe',
      'claude-code',
      'codex',
      'flockdeck',
      'gemini',
      'rupu',
    ]);
    for (const f of given) expect(facetOf(f.id, 'usage')?.format).toBe(f.id);
  });

  it('rupu: one usage event per provider call; input_tokens include cached_tokens', async () => {
    // shared/fixtures/rupu/transcript_events.json (a JSON array): two usage events,
    // 1000 in (50 cached) / 200 out and 10 in / 5 out, in run run-01.
    const r = await report(fixture('rupu', 'transcript_events.json'));
    expect(kinds(r.totals)).toEqual([1000 - 50 + 10, 205, 0, 50]);
    expect(r.sessions.map((s) => s.key)).toEqual(['run-01']);
    expect(r.totals.replies).toBe(2);
  });

  it('flockdeck v2: every line with usage is one reply; missing keys add nothing', async () => {
    const r = await report(own('flockdeck-v2.jsonl'));
    expect(kinds(r.totals)).toEqual([5 + 6 + 3, 40 + 212 + 2, 1200 + 1450, 29000 + 30705]);
    expect(r.sessions.map((s) => [s.key, s.replies])).toEqual([
      ['0123abcd-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 2],
      ['99999999-aaaa-4bbb-8ccc-dddddddddddd', 1],
    ]);
    expect(r.days.map((d) => d.key)).toEqual(['2026-10-01', '2026-10-02']);
  });

  it('auto-swe: session-file deltas, the last report per message id, sidechain included', async () => {
    const r = await report(own('auto-swe-session-files.jsonl'));
    // msg_1 (last: 10/30/500/0) + msg_side (4/6/0/100) + msg_2 cut across deltas (last: 12/80/0/500)
    // in session …001; msg_9 (1/1/0/0) in …002 (fields under `data`); the http_call (999/999, an
    // Anthropic reply naming no model) in the session named by the file.
    expect(kinds(r.totals)).toEqual([10 + 4 + 12 + 1 + 999, 30 + 6 + 80 + 1 + 999, 500, 100 + 500]);
    expect(r.sessions.map((s) => [s.key, s.replies]).sort()).toEqual([
      ['5e551011-0000-4000-8000-000000000001', 3],
      ['5e551011-0000-4000-8000-000000000002', 1],
      ['auto-swe-session-files', 1],
    ]);
    expect(r.models.map((m) => m.key)).toEqual([
      'claude-haiku-4-5',
      'claude-sonnet-4-6',
      'unknown',
    ]);
  });

  it.each([
    // Anthropic: input excludes cache reads and writes, as sent: 412 + 25 input, 96 + 89 output
    // (the streamed reply's message_delta), cache writes 1024, reads 2048 + 3072.
    ['anthropic.jsonl', [412 + 25, 96 + 89, 1024, 2048 + 3072], 2],
    // Responses: input_tokens include cached_tokens: (1500 - 1024) + (1700 - 1536); the stream
    // cut before response.completed has no usage.
    ['openai-responses.jsonl', [1500 - 1024 + (1700 - 1536), 180 + 40, 0, 1024 + 1536], 2],
    // Chat: prompt_tokens include cached_tokens: 82 + (2100 - 1920); the stream's usage chunk.
    ['openai-chat.jsonl', [82 + (2100 - 1920), 17 + 45, 0, 1920], 2],
    // Gemini: promptTokenCount includes cachedContentTokenCount; thoughts are output:
    // (120 - 64) + (200 - 128) + 230 input, (18 + 40) + 22 + 3 output.
    ['google.jsonl', [120 - 64 + (200 - 128) + 230, 18 + 40 + 22 + 3, 0, 64 + 128], 3],
    // Session files only (harness messages are not counted): msg_h1 85, msg_h2 140 (cut across
    // two deltas), msg_h3 9, the sidechain's msg_sc1 12.
    [
      'harness.jsonl',
      [10 + 8 + 6 + 30, 85 + 140 + 9 + 12, 500 + 200, 12000 + 12500 + 12600 + 4000],
      4,
    ],
    // Embedding calls are not model replies.
    ['embeddings.jsonl', [0, 0, 0, 0], 0],
    // Export lines: Anthropic 11/1 and OpenAI chat (30 - 10)/3 with 10 cached.
    ['export.jsonl', [11 + 20, 1 + 3, 0, 10], 2],
  ] as const)("auto-swe %s: each provider's input-token rule", async (name, totals, replies) => {
    const r = await report(join(repoRoot, 'test', 'fixtures', 'auto-swe', name));
    expect(kinds(r.totals)).toEqual(totals);
    expect(r.totals.replies).toBe(replies);
  });

  it('auto-swe export lines: one session per transcript', async () => {
    const r = await report(join(repoRoot, 'test', 'fixtures', 'auto-swe', 'export.jsonl'));
    expect(r.sessions.map((s) => s.key).sort()).toEqual(['tr_0001', 'tr_0002']);
  });

  it('formats without usage extraction, and values no format claims, add nothing', async () => {
    // claude -p stream-json output (it has usage, but no extractor reads that format here).
    const r = await report(fixture('awf', 'claude', 'input.jsonl'));
    expect(r.totals.replies).toBe(0);
    expect(r.sessions).toEqual([]);
  });

  it('each input is read in its own format, in one run', async () => {
    const r = await report(own('flockdeck-v2.jsonl'), fixture('rupu', 'transcript_events.json'));
    expect(r.totals.input).toBe(14 + 960);
  });
});
