/* eslint-disable @typescript-eslint/no-explicit-any -- the sessions and events are read back as loose JSON */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventProblem } from '../../../src/events/validate-event.js';
import type { DefaultUsageReport } from '../../../src/usage/usage-totals.js';
import { ensureBuilt, repoRoot } from '../../shared.js';
import { txpipe } from '../../cli/run.js';

const tmp = join(repoRoot, 'test', 'fixtures', 'gemini', 'tmp');
const HASH = 'e828acfc792e3bbcd2a6c6c35323cb44b7b438741c168c8ec59aefe347f193bb';
const MAIN = join(tmp, 'shop/chats/session-2026-05-04T09-12-3f9a1c2e.jsonl');
const COMPRESSED = join(tmp, 'shop/chats/session-2026-05-05T08-00-b81d4f2a.jsonl');
const SUBAGENT = join(
  tmp,
  'shop/chats/b81d4f2a-6c3e-4d5f-9a7b-8c9d0e1f2a3b/codebase_investigator-4f7a2c.jsonl',
);
const LEGACY = join(tmp, HASH, 'chats/session-2025-10-02T14-05-7c1e9a40.json');
const MIGRATED = join(tmp, HASH, 'chats/session-2025-10-02T14-05-7c1e9a40.jsonl');
const ALL = [MAIN, COMPRESSED, SUBAGENT, LEGACY, MIGRATED];
const lines = (s: string) => s.split('\n').filter((l) => l !== '');
const values = (s: string): any[] => lines(s).map((l) => JSON.parse(l) as unknown);

beforeAll(() => ensureBuilt());

const usageOf = (args: string[], options = {}): DefaultUsageReport => {
  const r = txpipe(['usage', '--json', ...args], options);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as DefaultUsageReport;
};
const byModel = (rep: DefaultUsageReport) =>
  rep.models.map((m) => [m.key, m.input, m.output, m.cacheRead, m.replies]);

/**
 * Worked out by hand in test/fixtures/gemini/README.md from each reply's `tokens`: input =
 * input − cached + tool, output = output + thoughts, cache read = cached; [model, input, output,
 * cacheRead, replies].
 */
const expected: [string, string, (string | number)[][]][] = [
  [
    MAIN,
    '3f9a1c2e-5b7d-4e21-9c0a-6d8e2f4b1a73',
    [
      ['gemini-2.5-flash', 9350 + (9500 - 9216 + 35), 60 + 120 + 18, 9216, 2],
      ['gemini-2.5-pro', 8200 + (9100 - 8192) + (9300 - 8192), 40 + 310 + 95 + 12, 8192 * 2, 3],
    ],
  ],
  [
    LEGACY,
    '7c1e9a40-2d3b-4f5a-8e6c-1b2d3e4f5a6b',
    [['gemini-2.5-pro', 6000 + (6400 - 4096) + (6900 - 4096), 30 + 50 + 25 + 60, 4096 * 2, 3]],
  ],
  [
    MIGRATED,
    '7c1e9a40-2d3b-4f5a-8e6c-1b2d3e4f5a6b',
    [['gemini-2.5-pro', 11108 + (7400 - 6144), 165 + 45, 8192 + 6144, 4]],
  ],
  [
    COMPRESSED,
    'b81d4f2a-6c3e-4d5f-9a7b-8c9d0e1f2a3b',
    [['gemini-2.5-pro', 5000 + (5600 - 4096) + 1500, 400 + 150 + 100 + 30, 4096, 3]],
  ],
  [SUBAGENT, 'codebase_investigator-4f7a2c', [['gemini-2.5-flash', 3000, 70 + 30, 0, 1]]],
];

describe('Gemini CLI sessions through the CLI', () => {
  it.each(ALL)('detect names %s gemini', (file) => {
    expect(txpipe(['detect', file]).stdout).toBe(`${file}\tgemini\n`);
  });

  it.each(expected)(
    'usage of %s: one entry per reply id, cached out of input, thoughts in output',
    (file, session, models) => {
      const rep = usageOf([file]);
      expect(rep.sessions.map((s) => s.key)).toEqual([session]);
      expect(byModel(rep)).toEqual(models);
      expect(rep.totals.cacheWrite).toBe(0);
    },
  );

  it("usage's tokens of a file add up to Gemini's own totals (its replies' `total`)", () => {
    // Every reply's `total` in the main session, the rewound one included.
    const total = 8550 + 9195 + 9312 + 9530 + 9553;
    const t = usageOf([MAIN]).totals;
    expect(t.input + t.output + t.cacheRead).toBe(total);
  });

  it('a legacy session and its migrated JSONL copy count each reply once', () => {
    const rep = usageOf([LEGACY, MIGRATED]);
    expect(byModel(rep)).toEqual(byModel(usageOf([MIGRATED])));
    expect(rep.totals.replies).toBe(4);
  });

  it('convert --to txpipe: a re-appended record replaces the earlier one, a rewind truncates', () => {
    const ev = values(txpipe(['convert', '--to', 'txpipe', MAIN]).stdout);
    expect(ev.filter((e) => e.kind === 'user_message').map((e) => e.text)).toEqual([
      'Why does the checkout test fail?',
      'Instead, point the test at the local database.',
    ]);
    expect(ev.filter((e) => e.kind === 'assistant_message').map((e) => e.text)).toEqual([
      'The test reads DATABASE_URL, which points at a host the CI cannot reach.',
      'Done: the test now uses the local database.',
    ]);
    // Written twice (without, then with its tool call): once, where it was first written.
    const first = ev.findIndex((e) => e.kind === 'tool_call');
    expect(ev[first]).toMatchObject({ name: 'run_shell_command', input: { command: 'cat .env' } });
    expect(ev.slice(0, first).map((e) => e.kind)).toEqual([
      'session_start',
      'user_message',
      'thinking',
    ]);
    expect(ev.filter((e) => e.kind === 'tool_call')).toHaveLength(2);
    expect(ev.filter((e) => e.kind === 'tool_result').map((e) => e.name)).toEqual([
      'run_shell_command',
      'replace',
    ]);
    // The rewound reply's usage is kept (its tokens were spent), marked, before the end.
    const usage = ev.filter((e) => e.kind === 'usage');
    expect(usage.map((e) => [e.model, e.tokens, e.meta.gemini.dropped ?? false])).toEqual([
      ['gemini-2.5-pro', { input: 8200, output: 350, cacheRead: 0 }, false],
      ['gemini-2.5-pro', { input: 908, output: 95, cacheRead: 8192 }, false],
      ['gemini-2.5-flash', { input: 9350, output: 180, cacheRead: 0 }, false],
      ['gemini-2.5-flash', { input: 319, output: 18, cacheRead: 9216 }, false],
      ['gemini-2.5-pro', { input: 1108, output: 12, cacheRead: 8192 }, true],
    ]);
    expect(ev.find((e) => e.kind === 'title')?.title).toBe('Fix the checkout test database URL');
    expect(ev.at(-1)).toMatchObject({ kind: 'session_end', totalTokens: 46140 });
    expect(ev[0]).toMatchObject({
      kind: 'session_start',
      agent: 'gemini-cli',
      origin: { line: 1 },
    });
  });

  it('convert --to txpipe: a checkpoint replaces the history, as a compaction', () => {
    const ev = values(txpipe(['convert', '--to', 'txpipe', COMPRESSED]).stdout);
    expect(ev.map((e) => e.kind)).toEqual([
      'session_start',
      'compaction',
      'user_message',
      'assistant_message',
      'usage',
      'user_message',
      'assistant_message',
      'tool_call',
      'tool_result',
      'usage',
      'usage',
      'session_end',
    ]);
    expect(ev[2]).toMatchObject({ role: 'meta', text: expect.stringMatching(/^<state_snapshot>/) });
    // The snapshot the checkpoint starts with is the compaction's summary.
    expect(ev[1].summary).toBe(ev[2].text);
    expect(ev[5]).toMatchObject({ role: 'prompt', text: 'Which file configures the tests?' });
    expect(ev[8].meta.gemini.agentId).toBe('codebase_investigator-4f7a2c');
    expect(ev[10].meta.gemini.dropped).toBe(true);
  });

  it('convert --to txpipe: a legacy file is read as one record, its UI messages as notices', () => {
    const ev = values(txpipe(['convert', '--to', 'txpipe', LEGACY]).stdout);
    expect(ev.filter((e) => e.kind === 'tool_call').map((e) => e.name)).toEqual([
      'search_file_content',
      'read_file',
    ]);
    expect(ev.find((e) => e.kind === 'notice')).toMatchObject({ level: 'error', subtype: 'error' });
    expect(new Set(ev.map((e) => e.session))).toEqual(
      new Set(['7c1e9a40-2d3b-4f5a-8e6c-1b2d3e4f5a6b']),
    );
  });

  it('convert --to txpipe: a subagent session is a sidechain', () => {
    const ev = values(txpipe(['convert', '--to', 'txpipe', SUBAGENT]).stdout);
    expect(ev[0]).toMatchObject({
      kind: 'session_start',
      sidechain: true,
      project: '/home/dev/shop',
    });
  });

  it.each(ALL)('convert --to txpipe: every event of %s is valid against the event schema', (f) => {
    const r = txpipe(['convert', '--to', 'txpipe', f]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(values(r.stdout).flatMap((e) => eventProblem(e) ?? [])).toEqual([]);
  });

  it.each(['flockdeck', 'run-record'])('convert --to %s reads every fixture', (to) => {
    for (const file of ALL) {
      const r = txpipe(['convert', '--to', to, file]);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout).not.toBe('');
    }
    const run = JSON.parse(txpipe(['convert', '--to', 'run-record', MAIN]).stdout);
    expect([run.prompt, run.final_message, run.total_tokens]).toEqual([
      'Why does the checkout test fail?',
      'Done: the test now uses the local database.',
      46140,
    ]);
  });

  it('replay gives the history the model saw, calls paired with their results', () => {
    const r = txpipe(['replay', MAIN]);
    expect(r.code).toBe(0);
    const { messages } = JSON.parse(r.stdout);
    expect(messages.map((m: any) => m.role).join(' ')).toBe(
      'user assistant user assistant user assistant user assistant',
    );
    expect(JSON.stringify(messages)).not.toContain('rename the helper');
  });

  it('redact withholds every copy of a secret file read, keeping the ids that pair them', () => {
    for (const file of [MAIN, LEGACY]) {
      const r = txpipe(['redact', file]);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(/Vq8#mRt2pLx9|sk_(test|live)_51Hx9q/);
      expect(r.stdout).toContain('[withheld: a secret file]');
    }
    const out = values(txpipe(['redact', MAIN]).stdout);
    const call = out[5].toolCalls[0];
    expect(call.args.command).toBe('cat .env');
    expect(call.result[0].functionResponse).toEqual({
      id: call.id,
      name: 'run_shell_command',
      response: { output: '[withheld: a secret file]' },
    });
    expect(out[6].content[0].functionResponse.response.output).toBe('[withheld: a secret file]');
    // The edit's result names no secret file and is kept.
    expect(out[20].toolCalls[0].result[0].functionResponse.response.output).toMatch(/^Success/);
    const legacy = values(txpipe(['redact', LEGACY]).stdout)[0]!;
    expect(legacy.messages[2].toolCalls[0].args).toEqual({ absolute_path: '/home/dev/shop/.env' });
    expect(legacy.messages[1].toolCalls[0].resultDisplay).toMatch(/^Found 2 matches/);
  });

  it('dedup-usage keeps the tokens on the copy Gemini reads, and usage reads the same after it', () => {
    for (const file of [MAIN, COMPRESSED, MIGRATED]) {
      const input = lines(readFileSync(file, 'utf8'));
      const r = txpipe(['dedup-usage', file]);
      expect(r.code).toBe(0);
      const out = lines(r.stdout);
      expect(out).toHaveLength(input.length);
      expect(usageOf(['-'], { input: r.stdout }).totals).toEqual(usageOf([file]).totals);
      // Summing every `tokens` of the output (a line's, a checkpoint's messages') counts each once.
      let sum = 0;
      for (const v of out.map((l) => JSON.parse(l))) {
        for (const m of [v, ...(v.$set?.messages ?? [])]) sum += m.tokens?.total ?? 0;
      }
      const t = usageOf([file]).totals;
      expect(sum).toBe(t.input + t.output + t.cacheRead);
    }
    const out = values(txpipe(['dedup-usage', MAIN]).stdout);
    // The first copies of the two replies written twice lose them; the last copies keep them.
    expect([out[3].tokens, out[5].tokens.total, out[18].tokens, out[20].tokens.total]).toEqual([
      null,
      8550,
      null,
      9530,
    ]);
  });

  it('clip cuts tool output and keeps ids and types, and the clipped file is still Gemini', () => {
    const r = txpipe(['clip', '--limit', '16', MAIN]);
    expect(r.code).toBe(0);
    const out = values(r.stdout);
    const call = out[5].toolCalls[0];
    expect(call.id).toBe('run_shell_command-1777886005120-4b1e2a');
    expect(call.resultDisplay).toContain('…[clipped');
    expect(out[5].clipped).toHaveProperty(['toolCalls.0.resultDisplay']);
    expect(txpipe(['detect', '-'], { input: r.stdout }).stdout).toBe('-\tgemini\n');
    expect(usageOf(['-'], { input: r.stdout }).totals).toEqual(usageOf([MAIN]).totals);
  });
});
