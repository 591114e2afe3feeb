import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_VERSION, type Event } from '../../../src/events/event.js';
import { awfDecoder } from '../../../src/formats/awf/awf-decoder.js';
import { readEnvelope } from '../../../src/formats/awf/envelope.js';
import { AWF_ZERO_TIME } from '../../../src/formats/awf/awf-encoder.js';
import { isAwfBlockType, isAwfEventType } from '../../../src/formats/awf/vocabulary.js';
import { repoRoot } from '../../shared.js';
import { cli, decodeFile, encodeAll, ensureBuilt, recordsOfBytes } from './helpers.js';

// test/fixtures/awf/ holds ExchangeEvent transcripts written by hand from the AWF spec (its
// README says where each line came from).
const dir = `${repoRoot}/test/fixtures/awf`;
const parent = `${dir}/runs/550e8400-e29b-41d4-a716-446655440000.jsonl`;
const child = `${dir}/runs/children/6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f.jsonl`;
const bare = `${dir}/runs/children/7a2d3c8f-4e5b-4d6c-8f9a-1b2c3d4e5f60.jsonl`;
const grandchild = `${dir}/runs/children/nested/8b3e4d90-5f6c-4e7d-9a0b-2c3d4e5f6071.jsonl`;
const gap = `${dir}/seq-gap.jsonl`;

const lines = (path: string): unknown[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

/** What every envelope txpipe writes must be: valid, closed vocabularies, seq from 1 by 1 per run. */
function expectValidAwf(envelopes: readonly unknown[], allowUnknown = false): void {
  const seqs = new Map<string, number>();
  for (const v of envelopes) {
    const env = readEnvelope(v);
    expect(typeof env).toBe('object');
    if (typeof env === 'string') return;
    expect(seqs.get(env.run_id) ?? 0).toBe(env.seq - 1);
    seqs.set(env.run_id, env.seq);
    if (!allowUnknown) expect(isAwfEventType(env.type)).toBe(true);
    const p = env.payload as { blocks?: { type: string; fidelity: string }[] } | null;
    for (const b of p?.blocks ?? []) {
      if (!allowUnknown) expect(isAwfBlockType(b.type)).toBe(true);
      expect(['router', 'agent_emitted']).toContain(b.fidelity);
    }
  }
}

beforeAll(ensureBuilt);

describe('AWF reader', () => {
  it('decodes a run into canonical events with the envelope kept in meta.awf', async () => {
    const events = await decodeFile(parent);
    expect(events.map((e) => e.kind)).toEqual([
      'session_start',
      'notice', // step.started analyze
      'user_message',
      'user_message', // the composed system prompt is a second text block
      'thinking',
      'tool_call',
      'unknown', // the `citation` block, outside the vocabulary
      'assistant_message',
      'tool_call',
      'tool_result',
      'notice',
      'notice',
      'notice', // the `command` block
      'notice',
      'notice',
      'notice',
      'notice',
      'notice',
      'session_end',
    ]);
    for (const e of events) {
      expect(e.session).toBe('550e8400-e29b-41d4-a716-446655440000');
      expect(e.v).toBe(EVENT_VERSION);
      expect(e.origin.format).toBe('awf');
    }
    const byKind = <K extends Event['kind']>(k: K) =>
      events.filter((e): e is Extract<Event, { kind: K }> => e.kind === k);
    expect(byKind('user_message').map((e) => e.role)).toEqual(['prompt', 'meta']);
    expect(byKind('user_message')[0]).toMatchObject({
      text: 'Review main.go for bugs.',
      time: '2026-06-08T08:14:42.131Z',
      id: '3',
    });
    expect(byKind('tool_call')[1]).toMatchObject({
      name: 'Read',
      callId: 'tool_01H8XZ',
      input: { path: 'main.go' },
    });
    expect(byKind('tool_result')[0]).toMatchObject({ name: 'Read', output: 'package main\n...' });
    expect(byKind('unknown')[0]).toMatchObject({
      record: { type: 'citation', source: 'main.go:12' },
    });
    const call = events.find(
      (e) => e.kind === 'notice' && e.subtype === 'step.call_workflow.started',
    );
    expect(call?.meta?.awf).toMatchObject({
      childRunId: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f',
      path: 'fix',
    });
    expect(
      events.find(
        (e) => e.kind === 'notice' && e.subtype === 'step.completed' && e.level === 'error',
      ),
    ).toBeDefined();
  });

  it('a child run names its parent; a failed tool result is an error', async () => {
    const [start] = await decodeFile(child);
    expect(start).toMatchObject({
      kind: 'session_start',
      parentSession: '550e8400-e29b-41d4-a716-446655440000',
    });
    const result = (await decodeFile(grandchild)).find((e) => e.kind === 'tool_result');
    expect(result).toMatchObject({ isError: true, name: 'go_vet', callId: 'tool_01H8Y0' });
    const tool = (await decodeFile(child)).find((e) => e.kind === 'tool_result');
    expect(tool).toMatchObject({ callId: 'toolu_02', name: 'Edit', output: 'ok' }); // a tool_result block
  });

  it('a payload that is a bare block array is read as blocks (dispatch rule 1)', async () => {
    const events = await decodeFile(bare);
    expect(events[1]).toMatchObject({ kind: 'assistant_message', text: 'Docs updated.' });
  });

  it('reports a seq gap and a repeated seq as notices and reads on; keeps unknowns and NULs', async () => {
    const events = await decodeFile(gap);
    const reports = events.filter((e) => e.kind === 'notice' && e.subtype === 'seq_gap');
    expect(reports.map((e) => [e.origin.line, (e as { text: string }).text])).toEqual([
      [3, 'seq 4 follows 2: 1 missing (seq must rise by 1 from 1)'],
      [5, 'seq 5 is not above 5 (seq must be strictly monotonic)'],
    ]);
    expect(events.find((e) => e.kind === 'user_message')).toMatchObject({
      text: 'Hello\u0000there',
    });
    const unknown = events.filter((e) => e.kind === 'unknown');
    expect(unknown.map((e) => (e as { record: { type: string } }).record.type)).toEqual([
      'step.retry.scheduled',
      'image',
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'session_end', status: 'ok' });
  });

  it.each([gap, child])('reads the same events whatever the chunk size: %s', async (path) => {
    const bytes = readFileSync(path);
    const want = (await decodeFile(path)).map((e) => ({
      ...e,
      origin: { ...e.origin, source: '-' },
    }));
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const d = awfDecoder({ source: '-' });
      const got = (await recordsOfBytes(bytes, size)).flatMap((r) => d.decode(r));
      expect(got).toEqual(want);
    }
  });
  it('names a tool result from its call, remembering at most maxToolNames calls', () => {
    const env = (seq: number, type: string, payload: unknown) => ({
      seq,
      run_id: 'r',
      type,
      path: '',
      iteration: 0,
      timestamp: 't',
      payload,
    });
    const use = (id: string) => ({
      role: 'assistant',
      blocks: [{ type: 'tool_use', fidelity: 'agent_emitted', tool_name: `T${id}`, tool_id: id }],
    });
    const result = (id: string) => ({
      role: 'user',
      blocks: [{ type: 'tool_result', fidelity: 'router', tool_id: id }],
    });
    const lines = [
      env(1, 'message.assistant', use('a')),
      env(2, 'message.assistant', use('b')),
      env(3, 'message.user', result('a')),
      env(4, 'message.user', result('b')),
    ];
    const names = (max?: number) => {
      const d = awfDecoder({ source: 'x', maxToolNames: max });
      return lines
        .flatMap((value, i) => d.decode({ raw: '', value, line: i + 1, source: 'x' }))
        .filter((e) => e.kind === 'tool_result')
        .map((e) => (e as { name?: string }).name);
    };
    expect(names()).toEqual(['Ta', 'Tb']);
    expect(names(1)).toEqual([undefined, 'Tb']);
  });

  const odd: [what: string, value: unknown, kinds: string[]][] = [
    ['not an object', [1], ['unknown']],
    [
      'no run_id',
      { seq: 1, type: 'run.started', path: '', iteration: 0, timestamp: 't', payload: null },
      ['unknown'],
    ],
    [
      'a payload of no known shape',
      {
        seq: 1,
        run_id: 'r',
        type: 'tool.call',
        path: '',
        iteration: 0,
        timestamp: 't',
        payload: 'x',
      },
      ['unknown'],
    ],
    [
      'a step event without payload',
      {
        seq: 1,
        run_id: 'r',
        type: 'step.started',
        path: 'a',
        iteration: 0,
        timestamp: 't',
        payload: null,
      },
      ['notice'],
    ],
    [
      'seq starting at 2',
      {
        seq: 2,
        run_id: 'r',
        type: 'run.started',
        path: '',
        iteration: 0,
        timestamp: 't',
        payload: null,
      },
      ['notice', 'session_start'],
    ],
  ];
  it.each(odd)('%s', (_what, value, kinds) => {
    const d = awfDecoder({ source: 'x' });
    const events = d.decode({ raw: '', value, line: 1, source: 'x' });
    expect(events.map((e) => e.kind)).toEqual(kinds);
    expect(d.decode({ raw: 'nope', line: 2, source: 'x', invalid: 'malformed' })).toEqual([]);
  });
});

describe('AWF writer', () => {
  it.each([parent, child, bare, grandchild])(
    'encode(decode(x)) gives x back byte for byte: %s',
    async (path) => {
      const out = encodeAll(await decodeFile(path));
      expectValidAwf(out, path === parent); // the parent holds a block of an unknown type
      expect(out.map((v) => JSON.stringify(v) + '\n').join('')).toBe(readFileSync(path, 'utf8'));
    },
  );

  it('with a gap, gives the same envelopes with seq renumbered from 1; unknowns unchanged', async () => {
    const input = lines(gap) as { seq: number }[];
    const out = encodeAll(await decodeFile(gap)) as { seq: number }[];
    expectValidAwf(out, true);
    expect(out.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(out.map((e) => ({ ...e, seq: 0 }))).toEqual(input.map((e) => ({ ...e, seq: 0 })));
  });

  const at = { format: 'claude-code', source: 's.jsonl', line: 1 };
  const base = { v: EVENT_VERSION, session: 'sess-1', origin: at } as const;
  const canonical: Event[] = [
    { ...base, kind: 'user_message', text: 'Fix the bug', time: '2026-01-01T00:00:00Z' },
    { ...base, kind: 'thinking', text: 'hmm', messageId: 'm1' },
    { ...base, kind: 'assistant_message', text: 'Looking.', messageId: 'm1' },
    {
      ...base,
      kind: 'tool_call',
      name: 'Read',
      callId: 'c1',
      input: { file: 'a.go' },
      messageId: 'm1',
    },
    {
      ...base,
      kind: 'usage',
      tokens: { input: 10, output: 5, cacheRead: 100, cacheWrite: 7 },
      messageId: 'm1',
    },
    {
      ...base,
      kind: 'tool_result',
      callId: 'c1',
      name: 'Read',
      output: 'package a',
      time: '2026-01-01T00:00:02Z',
    },
    { ...base, kind: 'tool_result', callId: 'c2', output: 'boom', isError: true },
    { ...base, kind: 'usage', tokens: { input: 3 } },
    { ...base, kind: 'assistant_message', text: 'Done.' },
    { ...base, kind: 'title', title: 'not in AWF' },
    { ...base, kind: 'session_end', status: 'ok' },
  ];

  it('writes valid envelopes for events of another format', () => {
    const out = encodeAll(canonical) as Record<string, unknown>[];
    expectValidAwf(out);
    expect(out.map((e) => e.type)).toEqual([
      'run.started', // written first: the session had no session_start
      'message.user',
      'message.assistant', // thinking, text and tool call of m1, with m1's usage
      'tool.result',
      'tool.result',
      'message.assistant', // usage with no open assistant message
      'message.assistant',
      'run.completed',
    ]);
    expect(out[0]!.timestamp).toBe('2026-01-01T00:00:00Z');
    expect(out[2]!.payload).toEqual({
      role: 'assistant',
      blocks: [
        { type: 'thinking', fidelity: 'agent_emitted', thinking: 'hmm' },
        { type: 'text', fidelity: 'agent_emitted', text: 'Looking.' },
        {
          type: 'tool_use',
          fidelity: 'agent_emitted',
          tool_name: 'Read',
          tool_id: 'c1',
          tool_input: { file: 'a.go' },
        },
      ],
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_creation_input_tokens: 7,
        cache_read_input_tokens: 100,
      },
      message_id: 'm1', // ties a usage that comes later to this reply (an extra field)
    });
    expect(out[1]!.payload).toEqual({
      role: 'user',
      blocks: [{ type: 'text', fidelity: 'router', text: 'Fix the bug' }],
    });
    expect(out[4]!.payload).toEqual({
      name: '',
      call_id: 'c2',
      input: null,
      output: 'boom',
      error: 'error',
      fidelity: 'agent_emitted',
    });
  });

  it('decode(encode(events)) keeps messages, tool calls, tool results and usage', () => {
    const d = awfDecoder({ source: 'out' });
    const back = encodeAll(canonical).flatMap((value, i) =>
      d.decode({ raw: '', value, line: i + 1, source: 'out' }),
    );
    const facts = (evs: readonly Event[]) =>
      evs.flatMap((e) => {
        switch (e.kind) {
          case 'user_message':
          case 'assistant_message':
          case 'thinking':
            return [[e.kind, e.text]];
          case 'tool_call':
            return [[e.kind, e.name, e.callId, e.input]];
          case 'tool_result':
            return [[e.kind, e.callId, e.output, e.isError ?? false]];
          case 'usage':
            return [[e.kind, e.tokens]];
          default:
            return [];
        }
      });
    expect(facts(back)).toEqual(facts(canonical));
  });

  it('a child session carries parent_run_id on every envelope; times fall back to the last, then zero', () => {
    const kid: Event[] = [
      { ...base, session: 'kid', kind: 'session_start', parentSession: 'sess-1' },
      { ...base, session: 'kid', kind: 'user_message', text: 'x', time: '2026-01-02T00:00:00Z' },
      { ...base, session: 'kid', kind: 'assistant_message', text: 'y' },
    ];
    const out = encodeAll(kid) as Record<string, unknown>[];
    expect(out.map((e) => e.parent_run_id)).toEqual(['sess-1', 'sess-1', 'sess-1']);
    expect(out.map((e) => e.timestamp)).toEqual([
      AWF_ZERO_TIME,
      '2026-01-02T00:00:00Z',
      '2026-01-02T00:00:00Z',
    ]);
  });

  it('writes back single envelopes as read: an error tool_result block, null tool_input', () => {
    const one = [
      {
        seq: 1,
        run_id: 'r',
        type: 'message.user',
        path: 'p',
        iteration: 2,
        timestamp: 't',
        payload: {
          role: 'user',
          blocks: [{ type: 'tool_result', fidelity: 'router', tool_id: 'x' }],
        },
      },
      {
        seq: 2,
        run_id: 'r',
        type: 'message.assistant',
        path: 'p',
        iteration: 2,
        timestamp: 't',
        payload: {
          role: 'assistant',
          blocks: [
            { type: 'tool_use', fidelity: 'agent_emitted', tool_name: 'Bash', tool_input: null },
            { type: 'stream', fidelity: 'agent_emitted', text: 'par' },
          ],
        },
      },
      {
        seq: 3,
        run_id: 'r',
        type: 'tool.call',
        path: 'p',
        iteration: 2,
        timestamp: 't',
        payload: { name: 'n', call_id: 'c', input: {}, output: 'early', fidelity: 'router' },
      },
    ];
    const d = awfDecoder({ source: 'x' });
    const events = one.flatMap((value, i) =>
      d.decode({ raw: '', value, line: i + 1, source: 'x' }),
    );
    expect(events.map((e) => e.kind)).toEqual(['tool_result', 'tool_call', 'notice', 'tool_call']);
    expect(encodeAll(events)).toEqual(one);
  });

  it('the CLI converts AWF to AWF unchanged', async () => {
    const { stdout, code } = await cli(['convert', '--from', 'awf', '--to', 'awf', parent]);
    expect(code).toBe(0);
    expect(stdout).toBe(readFileSync(parent, 'utf8'));
  });
});
