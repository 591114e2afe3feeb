import { describe, expect, it } from 'vitest';
import { EVENT_VERSION, type Event } from '../../../src/events/event.js';
import { awfDecoder } from '../../../src/formats/awf/awf-decoder.js';
import { encodeAll } from './helpers.js';

/**
 * Facts of other formats the AWF writer carries in extra payload fields (the spec's readers ignore
 * fields they do not know), found by test/convert/matrix.test.ts: each is written, then read back.
 */
const origin = { format: 'claude-code', source: 'made-up', line: 1 };
const ev = (e: Record<string, unknown>): Event =>
  ({ v: EVENT_VERSION, session: 's1', time: '2026-01-01T00:00:00Z', origin, ...e }) as Event;

function roundTrip(events: readonly Event[]): { written: unknown[]; back: Event[] } {
  const written = encodeAll(events);
  const d = awfDecoder({ source: 'out' });
  const back = written.flatMap((value, i) =>
    d.decode({ raw: '', value, line: i + 1, source: 'out' }),
  );
  return { written, back };
}

const payloads = (written: unknown[], type: string) =>
  written
    .filter((w) => (w as { type: string }).type === type)
    .map((w) => (w as { payload: unknown }).payload);

describe('user_message role through AWF', () => {
  it.each([['command'], ['meta'], ['interrupt'], ['prompt'], [undefined]] as const)(
    'role %s comes back',
    (role) => {
      const { written, back } = roundTrip([ev({ kind: 'user_message', text: 'hi', role })]);
      const [payload] = payloads(written, 'message.user') as Record<string, unknown>[];
      // Only a role the spec's reading (first text block = the prompt) would get wrong is written.
      expect(payload!.user_role).toBe(role === 'prompt' || role === undefined ? undefined : role);
      const user = back.find((e) => e.kind === 'user_message');
      expect(user).toMatchObject({ text: 'hi', role: role ?? 'prompt' });
    },
  );

  it('a later text block of a message.user stays the system prompt (role meta)', () => {
    const d = awfDecoder({ source: 'x' });
    const value = {
      seq: 1,
      run_id: 'r',
      type: 'message.user',
      path: '',
      iteration: 0,
      timestamp: '2026-01-01T00:00:00Z',
      payload: {
        role: 'user',
        user_role: 'command',
        blocks: [
          { type: 'text', fidelity: 'router', text: '/mcp' },
          { type: 'text', fidelity: 'router', text: 'system' },
        ],
      },
    };
    const roles = d
      .decode({ raw: '', value, line: 1, source: 'x' })
      .map((e) => (e as { role?: string }).role);
    expect(roles).toEqual(['command', 'meta']);
  });
});

describe('session_end through AWF', () => {
  it.each([
    [{ text: 'Fixed it.' }, { result: 'Fixed it.' }],
    [
      { totalTokens: 42, durationMs: 30000 },
      { total_tokens: 42, duration_ms: 30000 },
    ],
    [
      { text: 'done', totalTokens: 125, durationMs: 1 },
      { result: 'done', total_tokens: 125, duration_ms: 1 },
    ],
  ] as const)('%j is written as run.completed %j and read back', (fields, payload) => {
    const { written, back } = roundTrip([
      ev({ kind: 'session_start', agent: 'rupu' }),
      ev({ kind: 'session_end', status: 'ok', ...fields }),
    ]);
    expect(payloads(written, 'run.completed')).toEqual([
      { name: 'rupu', kind: 'workflow', ...payload },
    ]);
    expect(back.find((e) => e.kind === 'session_end')).toMatchObject(fields);
  });

  it('a session_end with nothing to carry is run.completed with a null payload', () => {
    const { written } = roundTrip([ev({ kind: 'session_end', status: 'ok' })]);
    expect(payloads(written, 'run.completed')).toEqual([null]);
  });
});

describe('message id through AWF', () => {
  it('a usage that comes after its reply was closed keeps the reply message id', () => {
    // Claude Code's reader gives a reply's usage once the reply is over (after its results).
    const { written, back } = roundTrip([
      ev({ kind: 'tool_call', messageId: 'msg_1', callId: 't1', name: 'Bash', input: {} }),
      ev({ kind: 'tool_result', callId: 't1', output: 'ok' }),
      ev({ kind: 'usage', messageId: 'msg_1', tokens: { input: 3, output: 4 } }),
    ]);
    expect(
      payloads(written, 'message.assistant').map((p) => (p as { message_id?: string }).message_id),
    ).toEqual(['msg_1', 'msg_1']);
    const ids = back
      .filter((e) => e.kind === 'tool_call' || e.kind === 'usage')
      .map((e) => [e.kind, e.messageId]);
    expect(ids).toEqual([
      ['tool_call', 'msg_1'],
      ['usage', 'msg_1'],
    ]);
  });

  it('no message id, no message_id field', () => {
    const { written } = roundTrip([ev({ kind: 'assistant_message', text: 'x' })]);
    expect(payloads(written, 'message.assistant')).toEqual([
      { role: 'assistant', blocks: [{ type: 'text', fidelity: 'agent_emitted', text: 'x' }] },
    ]);
  });
});
