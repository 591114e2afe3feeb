import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../shared.js';
import { runConvert } from '../../convert/run-convert.js';
import { decodeAll, pick } from '../decode.js';

const golden = (name: string) => join(repoRoot, 'test', 'golden', 'flockdeck', name);
const line = (type: string, extra: object = {}) => ({
  v: 2,
  seq: 1,
  time: '2026-10-01T09:00:00Z',
  session: '20261001T090000Z-c0000000',
  agent: 'claude',
  conversation: 'c0000000-1',
  type,
  ...extra,
});

describe('flockdeck reader', () => {
  it.each(['claude_export', 'claude_model', 'claude_more', 'claude_disagree'])(
    '%s: read back and written again gives the same bytes',
    async (name) => {
      const file = golden(`${name}.jsonl`);
      expect(await runConvert([file], { to: 'flockdeck' })).toBe(readFileSync(file, 'utf8'));
    },
  );

  it.each([1, 3, '2', undefined])('refuses a line of version %s, naming it', (v) => {
    expect(() =>
      decodeAll('flockdeck', [line('user_prompt', { text: 'x' }), { ...line('x'), v }]),
    ).toThrow(/test\.jsonl:2: .*only version 2/);
  });

  it('maps every line type to events', () => {
    const events = decodeAll('flockdeck', [
      line('recording_started', { project: 'shop', text: 'start of the transcript' }),
      line('user_prompt', { text: 'hi', redacted: true }),
      line('assistant_message', {
        text: 'yo',
        model: 'm',
        usage: { inputTokens: 1, outputTokens: 2 },
        stopReason: 'end_turn',
      }),
      line('tool_call', { tool: 'Bash', toolUseId: 't', input: { command: 'ls' } }),
      line('tool_result', {
        tool: 'Bash',
        toolUseId: 't',
        output: 'ok',
        isError: false,
        interrupted: false,
      }),
      line('conversation_title', { title: 'T' }),
      line('conversation_compacted', { trigger: 'auto', tokensBefore: 9, tokensAfter: 1 }),
      line('some_future_type', { x: 1 }),
      line('recording_truncated', { text: 'cap' }),
    ]);
    expect(events.map((e) => e.kind)).toEqual([
      'session_start',
      'user_message',
      'assistant_message',
      'usage',
      'tool_call',
      'tool_result',
      'title',
      'compaction',
      'unknown',
      'session_end',
    ]);
    expect(pick(events.slice(1, 4), 'text', 'meta', 'stopReason', 'tokens', 'model')).toEqual([
      { kind: 'user_message', text: 'hi', meta: { redacted: true } },
      { kind: 'assistant_message', text: 'yo', stopReason: 'end_turn', model: 'm' },
      { kind: 'usage', tokens: { input: 1, output: 2 }, model: 'm' },
    ]);
    expect(events.at(-1)).toMatchObject({ status: 'truncated' });
  });
});

describe('claude-stream-json reader', () => {
  it('reads init, messages, results and the run total', () => {
    const events = decodeAll('claude-stream-json', [
      { type: 'system', subtype: 'init', session_id: 's1', cwd: '/env', model: 'opus' },
      {
        type: 'assistant',
        session_id: 's1',
        message: {
          id: 'm1',
          content: [{ type: 'tool_use', id: 't', name: 'Bash', input: {} }],
          usage: { input_tokens: 1, output_tokens: 2 },
        },
      },
      {
        type: 'user',
        session_id: 's1',
        message: { content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
      },
      { type: 'stream_event', event: { type: 'content_block_delta' } },
      { type: 'system', subtype: 'hook_response' },
      {
        type: 'result',
        subtype: 'success',
        is_error: false,
        result: 'Fixed it.',
        duration_ms: 30000,
        usage: {
          input_tokens: 100,
          output_tokens: 20,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 5,
        },
      },
    ]);
    expect(events[0]).toMatchObject({
      kind: 'session_start',
      session: 's1',
      cwd: '/env',
      model: 'opus',
    });
    expect(pick(events, 'name', 'purpose', 'tokens', 'subtype')).toEqual([
      { kind: 'tool_call', name: 'Bash' },
      { kind: 'tool_result', name: 'Bash' },
      { kind: 'notice', subtype: 'stream_event' },
      { kind: 'notice', subtype: 'hook_response' },
      { kind: 'usage', tokens: { input: 1, output: 2 } },
      {
        kind: 'usage',
        purpose: 'session',
        tokens: { input: 100, output: 20, cacheWrite: 0, cacheRead: 5 },
      },
    ]);
    expect(events.at(-1)).toMatchObject({
      kind: 'session_end',
      status: 'ok',
      durationMs: 30000,
      totalTokens: 125,
      text: 'Fixed it.',
    });
  });

  it('a run with no result record ends aborted', () => {
    const events = decodeAll('claude-stream-json', [
      { type: 'user', message: { content: [{ type: 'text', text: 'hi' }] } },
    ]);
    expect(events.at(-1)).toMatchObject({
      kind: 'session_end',
      status: 'aborted',
      session: 'test',
    });
  });
});
