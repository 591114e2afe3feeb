import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventProblem } from '../../../src/events/validate-event.js';
import { fixture } from '../../shared.js';
import { jsonlFiles } from '../../convert/run-convert.js';
import { decodeAll, pick } from '../decode.js';

const T = '2026-10-01T09:00:00.000Z';
const user = (content: unknown, extra: object = {}) => ({
  type: 'user',
  timestamp: T,
  message: { role: 'user', content },
  ...extra,
});
const assistant = (content: unknown, message: object = {}, extra: object = {}) => ({
  type: 'assistant',
  timestamp: T,
  message: { role: 'assistant', content, ...message },
  ...extra,
});

describe('claude-code reader: one entry at a time', () => {
  const rows: [string, unknown, Record<string, unknown>[]][] = [
    ['a typed prompt', user('fix it'), [{ kind: 'user_message', role: 'prompt', text: 'fix it' }]],
    [
      'isMeta text is meta',
      user('<system-reminder>x</system-reminder>', { isMeta: true }),
      [{ kind: 'user_message', role: 'meta', text: '<system-reminder>x</system-reminder>' }],
    ],
    [
      'an injected reminder without isMeta is meta',
      user('<task-notification>done</task-notification>'),
      [{ kind: 'user_message', role: 'meta', text: '<task-notification>done</task-notification>' }],
    ],
    [
      'a slash command',
      user('<command-name>/clear</command-name>'),
      [{ kind: 'user_message', role: 'command', text: '<command-name>/clear</command-name>' }],
    ],
    [
      'an interruption note',
      user([{ type: 'text', text: '[Request interrupted by user]' }]),
      [{ kind: 'user_message', role: 'interrupt', text: '[Request interrupted by user]' }],
    ],
    [
      'a compact summary',
      user('This session is being continued from a previous conversation.', {
        isCompactSummary: true,
      }),
      [
        {
          kind: 'user_message',
          role: 'meta',
          text: 'This session is being continued from a previous conversation.',
        },
      ],
    ],
    [
      'an image with text',
      user([
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
        { type: 'text', text: 'what is this' },
      ]),
      [
        {
          kind: 'user_message',
          role: 'prompt',
          text: 'what is this',
          images: [{ mediaType: 'image/png', data: 'AAAA', bytes: 3 }],
        },
      ],
    ],
    [
      'thinking, text and a call in one entry, in block order',
      assistant([
        { type: 'thinking', thinking: 'hm', signature: 'sig' },
        { type: 'redacted_thinking', data: 'zzz' },
        { type: 'text', text: 'Looking.' },
        { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'a' } },
      ]),
      [
        { kind: 'thinking', text: 'hm', signature: 'sig' },
        { kind: 'thinking', text: '', redacted: true },
        { kind: 'assistant_message', text: 'Looking.' },
        { kind: 'tool_call', callId: 't1', name: 'Read', input: { file_path: 'a' } },
      ],
    ],
    [
      'an unknown content block is kept',
      assistant([{ type: 'future_block', x: 1 }]),
      [{ kind: 'unknown', record: { type: 'future_block', x: 1 } }],
    ],
    [
      'compact_boundary',
      {
        type: 'system',
        subtype: 'compact_boundary',
        timestamp: T,
        compactMetadata: { trigger: 'auto', preTokens: 900, postTokens: 90 },
      },
      [{ kind: 'compaction', trigger: 'auto', tokensBefore: 900, tokensAfter: 90 }],
    ],
    [
      'a system notice keeps its subtype and level',
      { type: 'system', subtype: 'api_error', level: 'error', content: 'overloaded', timestamp: T },
      [{ kind: 'notice', subtype: 'api_error', level: 'error', text: 'overloaded' }],
    ],
    ['ai-title', { type: 'ai-title', aiTitle: 'Fix it' }, [{ kind: 'title', title: 'Fix it' }]],
    [
      'custom-title',
      { type: 'custom-title', customTitle: 'Mine' },
      [{ kind: 'title', title: 'Mine' }],
    ],
    [
      'summary',
      { type: 'summary', summary: 'Old title', leafUuid: 'u' },
      [{ kind: 'notice', subtype: 'summary', text: 'Old title' }],
    ],
    [
      'queue-operation',
      { type: 'queue-operation', operation: 'enqueue', content: '/mcp', timestamp: T },
      [{ kind: 'notice', subtype: 'queue-operation', text: 'enqueue: /mcp' }],
    ],
    [
      'file-history-snapshot',
      { type: 'file-history-snapshot', messageId: 'm', snapshot: {} },
      [{ kind: 'notice', subtype: 'file-history-snapshot', text: 'file history snapshot' }],
    ],
    [
      'progress',
      { type: 'progress', data: { type: 'hook_progress', hookName: 'Stop' }, timestamp: T },
      [{ kind: 'notice', subtype: 'progress', text: 'hook_progress' }],
    ],
    [
      'attachment',
      { type: 'attachment', attachment: { type: 'file' }, timestamp: T },
      [{ kind: 'notice', subtype: 'attachment', text: 'file' }],
    ],
    [
      'a type no version has written is unknown, with the record',
      { type: 'brand-new', timestamp: T, x: 1 },
      [{ kind: 'unknown', record: { type: 'brand-new', timestamp: T, x: 1 } }],
    ],
  ];
  it.each(rows)('%s', (_name, entry, expected) => {
    const events = decodeAll('claude-code', [entry]);
    const fields = [...new Set(expected.flatMap((e) => Object.keys(e)))].filter(
      (f) => f !== 'kind',
    );
    expect(pick(events, ...fields)).toEqual(expected);
    for (const e of events) expect(eventProblem(e)).toBeUndefined();
  });
});

describe('claude-code reader: across entries', () => {
  it('pairs a result with its call by id and names the tool; reads interruptions from the error', () => {
    const events = decodeAll('claude-code', [
      assistant([{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }]),
      user([
        {
          type: 'tool_result',
          tool_use_id: 't1',
          is_error: true,
          content: [{ type: 'text', text: '[Request interrupted by user for tool use]' }],
        },
        { type: 'tool_result', tool_use_id: 'unknown-id', content: 'x' },
      ]),
    ]);
    expect(pick(events, 'callId', 'name', 'isError', 'interrupted', 'output').slice(1)).toEqual([
      {
        kind: 'tool_result',
        callId: 't1',
        name: 'Bash',
        isError: true,
        interrupted: true,
        output: '[Request interrupted by user for tool use]',
      },
      {
        kind: 'tool_result',
        callId: 'unknown-id',
        isError: false,
        interrupted: false,
        output: 'x',
      },
    ]);
  });

  it('marks sidechain entries and keeps the envelope facts', () => {
    const [, ev] = decodeAll('claude-code', [
      assistant(
        [{ type: 'text', text: 'sub' }],
        { id: 'm', model: 'opus' },
        {
          isSidechain: true,
          agentId: 'a1',
          cwd: '/w/p',
          gitBranch: 'main',
          version: '2.1.0',
          uuid: 'u1',
          parentUuid: 'u0',
          requestId: 'r1',
        },
      ),
    ]);
    expect(ev).toMatchObject({
      sidechain: true,
      agentId: 'a1',
      cwd: '/w/p',
      gitBranch: 'main',
      agentVersion: '2.1.0',
      id: 'u1',
      parentId: 'u0',
      requestId: 'r1',
      messageId: 'm',
      model: 'opus',
    });
  });

  const reply = (out: number, stop: string | null, content: unknown[]) =>
    assistant(content, {
      id: 'msg_a',
      usage: { input_tokens: 3, output_tokens: out, cache_read_input_tokens: 10 },
      stop_reason: stop,
    });
  const entries = [
    user('go'),
    reply(5, null, [{ type: 'thinking', thinking: 'hm' }]),
    reply(50, null, [{ type: 'text', text: 'Looking.' }]),
    reply(120, 'tool_use', [{ type: 'tool_use', id: 't', name: 'Read', input: {} }]),
    user([{ type: 'tool_result', tool_use_id: 't', content: 'ok' }]),
    user('next'),
  ];

  it('usage per reply: the final counts, once, when the reply ends (default)', () => {
    const usage = decodeAll('claude-code', entries).filter((e) => e.kind === 'usage');
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      tokens: { input: 3, output: 120, cacheRead: 10 },
      stopReason: 'tool_use',
      messageId: 'msg_a',
    });
  });

  it("usage per reply: --reply-usage first reproduces Flockdeck's first-line rule", () => {
    const events = decodeAll('claude-code', entries, { replyUsage: 'first' });
    const kinds = pick(events, 'tokens', 'stopReason');
    expect(kinds.slice(1, 6)).toEqual([
      { kind: 'thinking' },
      { kind: 'usage', tokens: { input: 3, output: 50, cacheRead: 10 } },
      { kind: 'assistant_message' },
      { kind: 'tool_call', stopReason: 'tool_use' },
      { kind: 'tool_result' },
    ]);
  });

  it('rejects a reply-usage rule it does not know', () => {
    expect(() => decodeAll('claude-code', [], { replyUsage: 'middle' })).toThrow(/replyUsage/);
  });

  it('links a subagent to its Task call from agent_progress', () => {
    const events = decodeAll('claude-code', [
      assistant([{ type: 'tool_use', id: 'task1', name: 'Task', input: { prompt: 'p' } }]),
      {
        type: 'progress',
        timestamp: T,
        parentToolUseID: 'task1',
        data: { type: 'agent_progress', agentId: 'abc' },
      },
      user([{ type: 'tool_result', tool_use_id: 'task1', content: 'done' }]),
    ]);
    expect(events.find((e) => e.kind === 'tool_result')).toMatchObject({
      children: ['agent-abc'],
    });
  });
});

describe('claude-code reader: the real sessions', () => {
  const files = [...jsonlFiles(fixture('claude-code')), ...jsonlFiles(fixture('flockdeck'))];

  it.each(files)('%s: no known entry type is unknown, every event is valid', (file) => {
    const values = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as unknown];
        } catch {
          return [];
        }
      });
    const events = decodeAll('claude-code', values, { source: file });
    expect(events[0]!.kind).toBe('session_start');
    expect(events.at(-1)!.kind).toBe('session_end');
    expect(events.filter((e) => e.kind === 'unknown')).toEqual([]);
    for (const e of events) expect(eventProblem(e)).toBeUndefined();
  });
});
