import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_VERSION, type Event } from '../../../src/events/event.js';
import { runRecordDecoder } from '../../../src/formats/run-record/decoder.js';
import {
  runRecordEncoder,
  resultText,
  type RunRecordOptions,
} from '../../../src/formats/run-record/encoder.js';
import { clipString } from '../../../src/clip/clip-string.js';
import { runRecord } from '../../../src/formats/run-record/index.js';
import { RawJsonBytes } from '../../../src/formats/adapter.js';
import { jsonlFiles, parseLines, runConvert } from '../../convert/run-convert.js';
import { validator } from '../../convert/schemas.js';
import { fixture } from '../../shared.js';

const valid = validator('run-record.schema.json');

type Loose = { session?: string; source?: string; line?: number };
/** An event without the fields every test row would repeat (distributes over the union). */
type Ev = Event extends infer E
  ? E extends Event
    ? Omit<E, 'v' | 'origin' | 'session'> & Loose
    : never
  : never;
function ev(e: Ev): Event {
  const {
    session = 's1',
    source = 'a.jsonl',
    line = 1,
    ...rest
  } = e as Ev & Record<string, unknown>;
  return { v: EVENT_VERSION, session, origin: { format: 'test', source, line }, ...rest } as Event;
}

function records(events: Ev[], options: RunRecordOptions = {}): Record<string, unknown>[] {
  const enc = runRecordEncoder(options as Record<string, unknown>);
  for (const e of events) expect(enc.encode(ev(e))).toEqual([]); // nothing until the end
  // A record comes as its JSON bytes (RawJsonBytes), parsed here to be checked.
  const out = [...enc.end()].map((r) => (r instanceof RawJsonBytes ? r.value : r)) as Record<
    string,
    unknown
  >[];
  for (const r of out) expect(valid(r), JSON.stringify(r)).toEqual([]);
  return out;
}

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s)).toISOString();

describe('run-record writer: one record per session', () => {
  it('takes the first user prompt, the last assistant text, tool calls in order with results', () => {
    const [r] = records([
      { kind: 'session_start', time: t(0) },
      { kind: 'user_message', text: '<system-reminder>x</system-reminder>', role: 'meta' },
      { kind: 'user_message', text: 'Do the task', role: 'prompt', time: t(1) },
      { kind: 'assistant_message', text: 'Working' },
      { kind: 'tool_call', callId: 'a', name: 'Bash', input: { command: 'ls' } },
      { kind: 'tool_call', callId: 'b', name: 'Read', input: 'raw args' },
      {
        kind: 'tool_result',
        callId: 'b',
        output: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      },
      { kind: 'tool_result', callId: 'a', output: 'ok' },
      { kind: 'tool_call', name: 'Noop', input: 3 },
      { kind: 'user_message', text: 'And more', role: 'prompt' },
      { kind: 'assistant_message', text: 'Final words', time: t(9) },
    ]);
    expect(r).toEqual({
      eval_id: 's1',
      condition: 'without_skill',
      skill_path: null,
      prompt: 'Do the task',
      files: [],
      final_message: 'Final words',
      tool_invocations: [
        { name: 'Bash', args: { command: 'ls' }, ordinal: 0, result: 'ok' },
        { name: 'Read', args: 'raw args', ordinal: 1, result: 'one\ntwo' },
        { name: 'Noop', args: '3', ordinal: 2 },
      ],
      total_tokens: null,
      duration_ms: 9000,
    });
    expect(Object.keys((r!.tool_invocations as object[])[0]!)).toEqual([
      'name',
      'args',
      'ordinal',
      'result',
    ]);
  });

  it('takes the last assistant text that says something as final_message', () => {
    // A real session (samples/session.jsonl, marot/spotter) ends its last reply with a text block
    // of '\n\n' only; the user-facing final message is the text before it.
    const [r] = records([
      { kind: 'user_message', text: 'Do it', role: 'prompt' },
      { kind: 'assistant_message', text: 'Done: the server runs.' },
      { kind: 'assistant_message', text: '\n\n' },
    ]);
    expect(r!.final_message).toBe('Done: the server runs.');
    const [only] = records([{ kind: 'assistant_message', text: '  ' }]);
    expect(only!.final_message).toBe('  ');
  });

  it('sums usage over unique message ids, final counts, cache included', () => {
    const rows: [string, Ev[], number | null][] = [
      ['no usage', [{ kind: 'user_message', text: 'x' }], null],
      [
        'a reply repeated while streaming counts once, with its last counts',
        [
          {
            kind: 'usage',
            messageId: 'm1',
            tokens: { input: 10, output: 1, cacheWrite: 100, cacheRead: 1000 },
          },
          {
            kind: 'usage',
            messageId: 'm1',
            tokens: { input: 10, output: 7, cacheWrite: 100, cacheRead: 1000 },
          },
          { kind: 'usage', messageId: 'm2', tokens: { input: 5, output: 2 } },
        ],
        10 + 7 + 100 + 1000 + 5 + 2,
      ],
      [
        'usage without a message id counts each time',
        [
          { kind: 'usage', tokens: { input: 1, output: 1 } },
          { kind: 'usage', tokens: { input: 1, output: 1 } },
        ],
        4,
      ],
      [
        'a completion total wins over the sum',
        [
          { kind: 'usage', messageId: 'm1', tokens: { input: 10, output: 1 } },
          { kind: 'session_end', totalTokens: 125, durationMs: 30000 },
        ],
        125,
      ],
    ];
    for (const [what, events, tokens] of rows) {
      expect(records(events)[0]!.total_tokens, what).toBe(tokens);
    }
  });

  it('measures duration from the first to the last timestamp unless the completion says', () => {
    expect(records([{ kind: 'user_message', text: 'x' }])[0]!.duration_ms).toBeNull();
    expect(
      records([
        { kind: 'user_message', text: 'n', time: t(5) },
        { kind: 'notice', text: 'n', time: t(2) },
        { kind: 'notice', text: 'n', time: 'garbage' },
      ])[0]!.duration_ms,
    ).toBe(3000);
    expect(
      records([
        { kind: 'user_message', text: 'n', time: t(5) },
        { kind: 'session_end', durationMs: 7 },
      ])[0]!.duration_ms,
    ).toBe(7);
  });

  it('writes total_tokens and duration_ms as the schema asks (integers) when a source gives fractions', () => {
    // rupu's run_complete and usage, AWF's run.completed and stream-json's result pass any number
    // on; the schema's total_tokens and duration_ms are integers (a count's fraction is dropped).
    const rows: [string, Ev[], number | null, number | null][] = [
      [
        'a fractional count in usage',
        [{ kind: 'usage', messageId: 'm1', tokens: { input: 10.5, output: 2 } }],
        12,
        null,
      ],
      [
        'a completion with fractional totals',
        [{ kind: 'session_end', totalTokens: 42.75, durationMs: 30000.25 }],
        42,
        30000,
      ],
    ];
    for (const [what, events, tokens, duration] of rows) {
      const [r] = records(events); // records() checks each against the schema
      expect([r!.total_tokens, r!.duration_ms], what).toEqual([tokens, duration]);
    }
    // Summed over rounds too.
    const [r] = records(
      [
        { kind: 'session_end', totalTokens: 1.5, durationMs: 0.5, source: 'a' },
        { kind: 'session_end', totalTokens: 1.5, durationMs: 0.5, source: 'b' },
      ],
      { rounds: true },
    );
    expect([r!.total_tokens, r!.duration_ms]).toEqual([2, 0]);
  });

  it('clips a long tool result at about 2 KiB with the clip marker, on a character boundary', () => {
    const long = 'é'.repeat(3000); // 6000 bytes
    const [r] = records([
      { kind: 'tool_call', callId: 'a', name: 'Read', input: {} },
      { kind: 'tool_result', callId: 'a', output: long },
    ]);
    const result = (r!.tool_invocations as { result: string }[])[0]!.result;
    expect(result).toBe(`${'é'.repeat(1024)}…[clipped ${6000 - 2048} bytes]`);
    expect(clipString(result, 2048).text).toBe(result); // already clipped: left alone
  });

  it('uses the completion text as the final message when the transcript lacks it', () => {
    const [r] = records(
      [
        { kind: 'tool_call', callId: 'a', name: 'Bash', input: { command: 'bun test' } },
        { kind: 'tool_result', callId: 'a', output: 'ok' },
        { kind: 'session_end', text: 'Fixed it.', totalTokens: 125, durationMs: 30000 },
      ],
      { conversation: true, evalId: 'e1' },
    );
    expect(r).toMatchObject({ final_message: 'Fixed it.', total_tokens: 125, duration_ms: 30000 });
    expect(r!.conversation).toEqual({
      status: 'completed',
      delivered_followups: 0,
      events: [
        {
          type: 'tool_invocation',
          ordinal: 0,
          round: 1,
          name: 'Bash',
          args: { command: 'bun test' },
          result: 'ok',
        },
        { type: 'assistant_message', ordinal: 1, round: 1, text: 'Fixed it.' },
      ],
    });
  });

  it('takes eval_id, condition, skill_path, prompt, files and run_index from options', () => {
    const [r] = records([{ kind: 'user_message', text: 'go' }], {
      evalId: 'crash',
      skillPath: '/s/SKILL.md',
      fixtureFiles: ['/f.txt'],
      runIndex: 2,
      prompt: 'Do the crash task',
    });
    expect(r).toMatchObject({
      eval_id: 'crash',
      condition: 'with_skill',
      skill_path: '/s/SKILL.md',
      prompt: 'Do the crash task',
      files: ['/f.txt'],
      run_index: 2,
    });
    expect(records([], { condition: 'old_skill' })).toEqual([]);
    expect(
      records([{ kind: 'user_message', text: 'x' }], { condition: 'old_skill' })[0]!.condition,
    ).toBe('old_skill');
    // a session with nothing of a run (stray entries) gets no record
    expect(records([{ kind: 'notice', text: 'x', time: t(1) }])).toEqual([]);
  });

  it('writes one record per session, in the order they began', () => {
    const out = records([
      { kind: 'user_message', text: 'one', session: 'a' },
      { kind: 'user_message', text: 'two', session: 'b' },
      { kind: 'assistant_message', text: 'A', session: 'a' },
    ]);
    expect(out.map((r) => [r.eval_id, r.prompt, r.final_message])).toEqual([
      ['a', 'one', 'A'],
      ['b', 'two', ''],
    ]);
  });

  it('--rounds: every input is one round of one run; totals are summed over rounds', () => {
    const round = (source: string, text: string, answer: string): Ev[] => [
      { kind: 'user_message', text, source, session: source },
      { kind: 'assistant_message', text: answer, source, session: source },
      { kind: 'session_end', totalTokens: 125, durationMs: 30000, source, session: source },
    ];
    const [r, ...more] = records(
      [...round('t1', 'Fix it.', 'Which timezone?'), ...round('t2', 'US timezones.', 'Done.')],
      {
        rounds: true,
        conversation: true,
      },
    );
    expect(more).toEqual([]);
    expect(r).toMatchObject({
      prompt: 'Fix it.',
      final_message: 'Done.',
      total_tokens: 250,
      duration_ms: 60000,
    });
    expect(r!.conversation).toEqual({
      status: 'completed',
      delivered_followups: 1,
      events: [
        { type: 'user_message', ordinal: 0, round: 1, text: 'Fix it.' },
        { type: 'assistant_message', ordinal: 1, round: 1, text: 'Which timezone?' },
        { type: 'user_message', ordinal: 2, round: 2, text: 'US timezones.' },
        { type: 'assistant_message', ordinal: 3, round: 2, text: 'Done.' },
      ],
    });
  });

  it('leaves out a conversation of fewer than two events (the schema needs two)', () => {
    expect(
      records([{ kind: 'user_message', text: 'x' }], { conversation: true })[0],
    ).not.toHaveProperty('conversation');
  });

  it('writes the timing record to a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-rr-'));
    const one = join(dir, 'one.json');
    records([{ kind: 'session_end', totalTokens: 5, durationMs: 6 }], { timing: one });
    expect(JSON.parse(readFileSync(one, 'utf8'))).toEqual({
      total_tokens: 5,
      duration_ms: 6,
      source: 'transcript',
    });
    const two = join(dir, 'two.jsonl');
    records(
      [
        { kind: 'user_message', text: 'a', session: 'a' },
        { kind: 'user_message', text: 'b', session: 'b' },
      ],
      { timing: two },
    );
    expect(
      readFileSync(two, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { total_tokens: null, duration_ms: null, source: 'transcript' },
      { total_tokens: null, duration_ms: null, source: 'transcript' },
    ]);
  });

  it('validates its options at construction', () => {
    const bad: [string, Record<string, unknown>][] = [
      ['run index 0', { runIndex: 0 }],
      ['run index 1.5', { runIndex: 1.5 }],
      ['files not a list', { fixtureFiles: 'a' }],
      ['files not strings', { fixtureFiles: [1] }],
      ['result bytes 0', { resultBytes: 0 }],
    ];
    for (const [what, o] of bad)
      expect(() => runRecordEncoder(o), what).toThrow(/ERR_TXPIPE_BAD_OPTION|must/);
  });

  it("takes messages and tools from an eval runner's conversation file", () => {
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-rc-'));
    const file = join(dir, 'conversation.json');
    writeFileSync(
      file,
      JSON.stringify({
        status: 'completed',
        delivered_followups: 0,
        events: [
          { type: 'user_message', ordinal: 0, round: 1, text: 'Q' },
          { type: 'tool_invocation', ordinal: 1, round: 1, name: 'Bash', args: 'ls', result: 'a' },
          { type: 'assistant_message', ordinal: 2, round: 1, text: 'A' },
        ],
      }),
    );
    const [r] = records([{ kind: 'usage', tokens: { input: 3 } }], { conversationFile: file });
    expect(r).toMatchObject({
      prompt: 'Q',
      final_message: 'A',
      tool_invocations: [{ name: 'Bash', args: 'ls', ordinal: 0, result: 'a' }],
      total_tokens: 3,
    });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"events": 1}');
    expect(() => runRecordEncoder({ conversationFile: bad })).toThrow(/not a conversation/);
    expect(() => runRecordEncoder({ conversationFile: join(dir, 'none.json') })).toThrow(
      /none.json/,
    );
  });

  it('bounds the sessions it holds', () => {
    const enc = runRecordEncoder({ maxSessions: 1 });
    enc.encode(ev({ kind: 'notice', text: 'a', session: 'a' }));
    expect(() => enc.encode(ev({ kind: 'notice', text: 'b', session: 'b' }))).toThrow(
      /more than 1 sessions/,
    );
  });

  it('gives tool output as text', () => {
    expect(resultText('x')).toBe('x');
    expect(resultText(['a', { text: 'b' }])).toBe('a\nb');
    expect(resultText({ k: 1 })).toBe('{"k":1}');
    expect(resultText(undefined)).toBe('null');
  });
});

describe('run-record reader', () => {
  it('reads a record back into events; detects records', () => {
    const rec = {
      eval_id: 'e',
      condition: 'with_skill',
      skill_path: null,
      prompt: 'p',
      files: [],
      final_message: 'f',
      tool_invocations: [
        { name: 'Bash', args: { command: 'ls' }, ordinal: 0, result: 'ok' },
        { name: 'X', ordinal: 1 },
      ],
      total_tokens: 5,
      duration_ms: 6,
    };
    expect(runRecord.detect(rec)).toBe(true);
    expect(runRecord.detect({ ...rec, prompt: 1 })).toBe(false);
    const d = runRecordDecoder();
    const evs = d.decode({ raw: '', value: rec, line: 1, source: 'r.jsonl' });
    expect(evs.map((e) => e.kind)).toEqual([
      'session_start',
      'user_message',
      'tool_call',
      'tool_result',
      'tool_call',
      'assistant_message',
      'session_end',
    ]);
    expect(evs.at(-1)).toMatchObject({ totalTokens: 5, durationMs: 6 });
    const conv = d.decode({
      raw: '',
      value: {
        ...rec,
        conversation: {
          status: 'completed',
          delivered_followups: 0,
          events: [
            { type: 'user_message', ordinal: 0, round: 1, text: 'u' },
            { type: 'tool_invocation', ordinal: 1, round: 1, name: 'T', args: null },
            { type: 'assistant_message', ordinal: 2, round: 1, text: 'a' },
            'junk',
          ],
        },
      },
      line: 2,
      source: 'r.jsonl',
    });
    expect(conv.map((e) => e.kind)).toEqual([
      'session_start',
      'user_message',
      'tool_call',
      'assistant_message',
      'session_end',
    ]);
    expect(d.decode({ raw: '', value: 'x', line: 3, source: 'r' })).toEqual([]);
    expect(d.end()).toEqual([]);
  });
});

describe('run-record writer on every real Claude Code fixture', () => {
  it('writes one valid record per session of each file, subagents included', async () => {
    const files = jsonlFiles(fixture('claude-code'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const out = parseLines(
        await runConvert([file], { to: 'run-record', encode: { conversation: true } }),
      );
      expect(out.length, file).toBeGreaterThan(0);
      for (const r of out) {
        expect(valid(r), `${file}: ${String(r.eval_id)}`).toEqual([]);
        const tools = r.tool_invocations as { ordinal: number; result?: string }[];
        expect(tools.map((t) => t.ordinal)).toEqual(tools.map((_, i) => i));
        for (const t of tools)
          if (t.result !== undefined) expect(Buffer.byteLength(t.result)).toBeLessThan(2048 + 40);
      }
    }
  });
});

describe('the final message without the conversation held', () => {
  // Without --conversation the writer keeps only the candidates for the final message per round;
  // the record must be the one it writes with the whole conversation, minus `conversation`.
  const texts = ['', 'first', '\n\n', 'second', '  ', 'third', '\n'];
  const cases: [string, Ev[]][] = [];
  for (let n = 0; n < 200; n++) {
    let seed = n + 1;
    const rnd = (k: number): number => (((seed = (seed * 48271) % 2147483647) % k) + k) % k;
    const events: Ev[] = [];
    for (let i = 0; i < 3 + rnd(12); i++) {
      const source = rnd(3) === 0 ? 'b.jsonl' : 'a.jsonl';
      const kind = rnd(4);
      if (kind === 0) events.push({ kind: 'user_message', role: 'prompt', text: `p${i}`, source });
      else if (kind === 3)
        events.push({ kind: 'session_end', text: texts[rnd(texts.length)] as string, source });
      else
        events.push({
          kind: 'assistant_message',
          text: texts[rnd(texts.length)] as string,
          source,
        });
    }
    cases.push([`random ${n}`, events]);
  }
  it.each([false, true])('rounds %s: the same records', (rounds) => {
    for (const [name, events] of cases) {
      const whole = records(events, { conversation: true, rounds });
      const held = records(events, { rounds });
      expect(held, name).toEqual(
        whole.map(({ conversation: _c, ...r }) => r as Record<string, unknown>),
      );
    }
  });
});

describe('held tool calls', () => {
  it('give back arguments and results beyond Latin-1 as they came (held as escaped JSON)', () => {
    const wide = 'caf\u00e9 \u2026 \u{1f600} \ud800 \\u2026 "q"';
    const [r] = records([
      { kind: 'user_message', text: 'go' },
      { kind: 'tool_call', callId: 'a', name: 'Edit', input: { text: wide, list: [wide, 1.5] } },
      { kind: 'tool_result', callId: 'a', output: wide },
    ]);
    expect(r!.tool_invocations).toEqual([
      { name: 'Edit', args: { text: wide, list: [wide, 1.5] }, ordinal: 0, result: wide },
    ]);
  });
});
