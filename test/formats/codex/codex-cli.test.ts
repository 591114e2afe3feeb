/* eslint-disable @typescript-eslint/no-explicit-any -- the transcripts and events are read back as loose JSON */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DefaultUsageReport } from '../../../src/usage/usage-totals.js';
import { ensureBuilt, repoRoot } from '../../shared.js';
import { txpipe } from '../../cli/run.js';

const root = join(repoRoot, 'test', 'fixtures', 'codex', 'sessions');
const FULL = join(
  root,
  '2025/09/14/rollout-2025-09-14T10-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl',
);
const COMPACTED = join(
  root,
  '2025/08/02/rollout-2025-08-02T08-30-00-0198b7c0-1a2b-7c3d-9e4f-5a6b7c8d9e0f.jsonl',
);
const EARLY = join(
  root,
  '2025/05/20/rollout-2025-05-20T16-00-00-01970a1b-2c3d-7e4f-8a9b-c0d1e2f3a4b5.jsonl',
);
const lines = (s: string) => s.split('\n').filter((l) => l !== '');
const values = (s: string) => lines(s).map((l) => JSON.parse(l) as Record<string, any>);

beforeAll(() => ensureBuilt());

/** Worked out by hand in test/fixtures/codex/README.md: [model, input, output, cacheRead, calls]. */
const expected: [string, string, [string, number, number, number, number][]][] = [
  [FULL, '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', [['gpt-5-codex', 4220, 1010, 20480, 4]]],
  [
    COMPACTED,
    '0198b7c0-1a2b-7c3d-9e4f-5a6b7c8d9e0f',
    [
      ['gpt-5', 3000, 200, 0, 1],
      ['gpt-5-mini', 664, 150, 1536, 1],
    ],
  ],
  [EARLY, '01970a1b-2c3d-7e4f-8a9b-c0d1e2f3a4b5', [['gpt-5', 176, 40, 1024, 1]]],
];

const usageOf = (args: string[], options = {}): DefaultUsageReport => {
  const r = txpipe(['usage', '--json', ...args], options);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as DefaultUsageReport;
};

describe('Codex rollouts through the CLI', () => {
  it.each([FULL, COMPACTED, EARLY])('detect names %s codex', (file) => {
    expect(txpipe(['detect', file]).stdout).toBe(`${file}\tcodex\n`);
  });

  it.each(expected)(
    'usage of %s: per-call counts, a repeat once, cached out of input',
    (file, session, models) => {
      const rep = usageOf([file]);
      expect(rep.sessions.map((s) => s.key)).toEqual([session]);
      const got = rep.models.map((m) => [m.key, m.input, m.output, m.cacheRead, m.replies]);
      expect(got).toEqual(models);
      expect(rep.totals.cacheWrite).toBe(0);
    },
  );

  it('usage of the tree is the sum of its files', () => {
    const rep = usageOf([root]);
    expect([rep.totals.input, rep.totals.output, rep.totals.cacheRead, rep.totals.replies]).toEqual(
      [4220 + 3664 + 176, 1010 + 350 + 40, 20480 + 1536 + 1024, 7],
    );
  });

  describe('usage --agent', () => {
    // Made when the cases are collected: the table below names it.
    const home = mkdtempSync(join(tmpdir(), 'txpipe-codex-home-'));
    cpSync(root, join(home, 'sessions'), { recursive: true });
    cpSync(root, join(home, 'user', '.codex', 'sessions'), { recursive: true });
    afterAll(() => rmSync(home, { recursive: true, force: true }));
    const run = (args: string[], extra: Record<string, string>) =>
      txpipe(['usage', '--json', ...args], { env: extra });

    it.each([
      ['codex', { CODEX_HOME: home }],
      ['all', { CODEX_HOME: home }],
      // CODEX_HOME empty: ~/.codex/sessions.
      ['codex', { HOME: join(home, 'user'), CODEX_HOME: '' }],
    ])('--agent %s reads the Codex sessions folder (%o)', (agent, extra) => {
      const r = run(['--agent', agent], extra as Record<string, string>);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual(usageOf([root]));
    });

    it('--agent claude reads no Codex folder: with no Claude folder either, a usage error', () => {
      const r = run(['--agent', 'claude'], { CODEX_HOME: home });
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toContain('no Claude Code projects folder found');
    });

    it('a missing sessions folder is an error naming it', () => {
      const r = run(['--agent', 'codex'], { CODEX_HOME: join(home, 'none') });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(join(home, 'none', 'sessions'));
    });
  });

  it('redact withholds the output of a shell call that reads .env, and only that one', () => {
    const r = txpipe(['redact', FULL]);
    expect(r.code).toBe(0);
    const out = values(r.stdout);
    const byCall = (id: string, type: string) =>
      out.find((v) => v.payload.call_id === id && v.payload.type === type)!.payload;
    expect(byCall('call_env1', 'function_call_output').output).toBe('[withheld: a secret file]');
    expect(JSON.parse(byCall('call_env1', 'function_call').arguments).command).toEqual([
      'bash',
      '-lc',
      'cat .env',
    ]);
    expect(byCall('call_test1', 'function_call_output').output).toContain(
      'FAIL test/checkout.test.ts',
    );
    expect(r.stdout).not.toContain('Vq8#mRt2pLx9');
  });

  it('dedup-usage empties the repeated token_count only, and usage reads the same after it', () => {
    for (const file of [FULL, COMPACTED]) {
      const input = lines(readFileSync(file, 'utf8'));
      const r = txpipe(['dedup-usage', file]);
      expect(r.code).toBe(0);
      const out = lines(r.stdout);
      expect(out).toHaveLength(input.length);
      const changed = out.flatMap((l, i) => (l === input[i] ? [] : [i]));
      expect(changed).toHaveLength(1);
      const v = JSON.parse(out[changed[0]!]!);
      expect([
        v.payload.type,
        v.payload.info,
        JSON.parse(input[changed[0]! - 1]!).payload.type,
      ]).toEqual(['token_count', null, 'token_count']);
      expect(usageOf(['-'], { input: r.stdout }).totals).toEqual(usageOf([file]).totals);
    }
  });

  it('convert --to txpipe: the conversation from response_items, usage per call, the compaction, the running total at the end', () => {
    const r = txpipe(['convert', '--to', 'txpipe', COMPACTED]);
    expect(r.code).toBe(0);
    const ev = values(r.stdout);
    expect(ev.filter((e) => e.kind !== 'unknown').map((e) => e.kind)).toEqual([
      'session_start',
      'user_message',
      'tool_call',
      'tool_result',
      'usage',
      'assistant_message',
      'compaction',
      'user_message',
      'tool_call',
      'tool_result',
      'usage',
      'assistant_message',
      'session_end',
    ]);
    expect(ev.filter((e) => e.kind === 'usage').map((e) => [e.model, e.tokens])).toEqual([
      ['gpt-5', { input: 3000, output: 200, cacheRead: 0 }],
      ['gpt-5-mini', { input: 664, output: 150, cacheRead: 1536 }],
    ]);
    expect(ev.at(-1)).toMatchObject({ kind: 'session_end', totalTokens: 5550 });
    expect(ev.find((e) => e.kind === 'compaction')?.summary).toMatch(
      /^The user asked for the repo layout/,
    );
    expect(ev.filter((e) => e.kind === 'tool_call').map((e) => e.name)).toEqual([
      'shell',
      'local_shell',
    ]);
  });

  it('convert --to txpipe: instructions and environment context are not prompts; the UI mirrors are not repeated', () => {
    const ev = values(txpipe(['convert', '--to', 'txpipe', FULL]).stdout);
    expect(ev.filter((e) => e.kind === 'user_message').map((e) => e.role)).toEqual([
      'meta',
      'meta',
      'prompt',
    ]);
    expect(ev.filter((e) => e.kind === 'assistant_message')).toHaveLength(1);
    expect(ev.filter((e) => e.kind === 'thinking')).toHaveLength(1);
    expect(ev.filter((e) => e.kind === 'tool_result').map((e) => e.name)).toEqual([
      'shell',
      'shell',
      'apply_patch',
    ]);
  });

  it.each(['flockdeck', 'run-record'])('convert --to %s reads every fixture', (to) => {
    for (const file of [FULL, COMPACTED, EARLY]) {
      const r = txpipe(['convert', '--to', to, file]);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout).not.toBe('');
    }
    const run = JSON.parse(txpipe(['convert', '--to', 'run-record', FULL]).stdout);
    expect([run.prompt, run.total_tokens]).toEqual(['Why does the checkout test fail?', 25710]);
  });

  it('replay gives the messages the model saw, calls paired with their results', () => {
    const r = txpipe(['replay', FULL]);
    expect(r.code).toBe(0);
    const { messages } = JSON.parse(r.stdout);
    expect(messages.map((m: any) => m.role).join(' ')).toBe(
      'user user user assistant user assistant user assistant user assistant',
    );
    const ids = (role: string, type: string, key: string) =>
      messages
        .filter((m: any) => m.role === role && Array.isArray(m.content))
        .flatMap((m: any) => m.content.filter((c: any) => c.type === type).map((c: any) => c[key]));
    expect(ids('assistant', 'tool_use', 'id')).toEqual(['call_env1', 'call_test1', 'call_patch1']);
    expect(ids('user', 'tool_result', 'tool_use_id')).toEqual(ids('assistant', 'tool_use', 'id'));
  });

  it('clip cuts tool outputs but never a reasoning blob, and the clipped file is still Codex', () => {
    const r = txpipe(['clip', '--limit', '32', FULL]);
    expect(r.code).toBe(0);
    const out = values(r.stdout);
    const reasoning = out.find((v) => v.payload.type === 'reasoning')!;
    expect(reasoning.payload.encrypted_content).toMatch(/^gAAAA[^…]*$/);
    const result = out.find(
      (v) => v.payload.call_id === 'call_test1' && v.payload.type === 'function_call_output',
    )!;
    expect(result.payload.output).toContain('…[clipped');
    expect(result.clipped).toHaveProperty(['payload.output']);
    expect(usageOf(['-'], { input: r.stdout }).totals).toEqual(usageOf([FULL]).totals);
  });
});
