import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_VERSION, type Event } from '../../../src/events/event.js';
import { RawJson, type Encoder } from '../../../src/formats/adapter.js';
import { rupuEncoder } from '../../../src/formats/rupu/encoder.js';
import { convert } from '../../../src/transforms/convert.js';
import { fixture, repoRoot } from '../../shared.js';
import { runConvert } from '../../convert/run-convert.js';
import { runStage, text } from '../../convert/run-stage.js';

type RupuLine = { type: string; data: Record<string, unknown> };

/** Every line an encoder writes for the events, its end included. */
function written(enc: Encoder, events: readonly Event[]): RupuLine[] {
  return [...events.flatMap((e) => enc.encode(e)), ...enc.end()] as RupuLine[];
}

const own = (name: string): string => join(repoRoot, 'test', 'fixtures', 'rupu', name);
const lines = (file: string): string[] => readFileSync(file, 'utf8').trim().split('\n');

async function toRupu(file: string): Promise<string[]> {
  const { recs } = await runStage([file], convert({ to: 'rupu' }));
  return recs.map(text);
}

describe('rupu writer: rupu in, rupu out', () => {
  it('writes a version 2 transcript back byte for byte (unknown events and thinking.raw too)', async () => {
    const file = own('run_v2_full.jsonl');
    expect(await toRupu(file)).toEqual(lines(file));
  });

  it('survives a trip through canonical events on disk (--to txpipe, then --to rupu)', async () => {
    const file = own('run_v2_full.jsonl');
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-rupu-'));
    const events = join(dir, 'events.jsonl');
    writeFileSync(events, await runConvert([file], { to: 'txpipe' }));
    expect(await toRupu(events)).toEqual(lines(file));
  });

  it('writes a version 1 transcript as version 2, every line kept', async () => {
    const file = fixture('rupu', 'run_smoke.jsonl');
    const out = (await toRupu(file)).map(
      (l) => JSON.parse(l) as { type: string; data: Record<string, unknown> },
    );
    const input = lines(file).map(
      (l) => JSON.parse(l) as { type: string; data: Record<string, unknown> },
    );
    expect(out[0]).toEqual({ ...input[0], data: { ...input[0]!.data, schema: 2 } });
    expect(out.slice(1)).toEqual(input.slice(1));
  });

  it('writes an unknown event unchanged, and a changed one from its fields', () => {
    const enc = rupuEncoder();
    const raw = '{"type":"future_event","data":{"n":2.50}}';
    const base = {
      v: EVENT_VERSION,
      session: 's',
      origin: { format: 'rupu', source: 'f', line: 1 },
    } as const;
    const start: Event = { ...base, kind: 'session_start' };
    // run_start is held until the run has something of a conversation, then written first.
    expect(enc.encode(start)).toEqual([]);
    const [runStart, ...kept] = enc.encode({
      ...base,
      kind: 'unknown',
      record: JSON.parse(raw),
      meta: { rupuLine: raw },
    });
    expect(runStart).toMatchObject({ type: 'run_start' });
    expect(kept).toHaveLength(1);
    expect(kept[0]).toBeInstanceOf(RawJson);
    expect((kept[0] as RawJson).text).toBe(raw);
    const changed = enc.encode({
      ...base,
      kind: 'unknown',
      record: { type: 'future_event', data: { n: 3 } },
      meta: { rupuLine: raw },
    });
    expect(changed).toEqual([{ type: 'future_event', data: { n: 3 } }]);
    // a record of another format cannot be written as a rupu line
    expect(enc.encode({ ...base, kind: 'unknown', record: { foo: 1 } })).toEqual([]);
  });
});

describe('rupu writer: events from another format', () => {
  const base = (line: number) =>
    ({
      v: EVENT_VERSION,
      session: 'sess-1',
      origin: { format: 'claude-code', source: 'x.jsonl', line },
    }) as const;
  const events: Event[] = [
    { ...base(1), kind: 'session_start', time: '2026-01-01T00:00:00Z', model: 'claude-x' },
    { ...base(2), kind: 'user_message', text: 'fix it', role: 'prompt' },
    { ...base(3), kind: 'thinking', text: 'hmm', signature: 'sig' },
    { ...base(3), kind: 'tool_call', callId: 't1', name: 'Bash', input: { command: 'ls' } },
    { ...base(3), kind: 'usage', tokens: { input: 10, output: 5, cacheRead: 2, cacheWrite: 1 } },
    {
      ...base(4),
      kind: 'tool_result',
      callId: 't1',
      output: [{ type: 'text', text: 'a' }],
      isError: true,
    },
    { ...base(5), kind: 'assistant_message', text: 'done' },
    { ...base(5), kind: 'usage', tokens: { input: 20, output: 7 } },
    { ...base(6), kind: 'title', title: 'Fixing' },
    { ...base(7), kind: 'session_end', status: 'ok', totalTokens: 45, durationMs: 1000 },
  ];

  it('makes turns in the spec order: usage, content, tool results, turn_end', () => {
    const enc = rupuEncoder();
    const out = written(enc, events);
    expect(out.map((l) => l.type)).toEqual([
      'run_start',
      'user_message',
      'turn_start',
      'usage',
      'thinking',
      'tool_call',
      'tool_result',
      'turn_end',
      'turn_start',
      'usage',
      'assistant_message',
      'notice', // a notice can appear wherever the runtime intervened: kept in its turn
      'turn_end',
      'run_complete',
    ]);
    // rupu's reader requires every run_start field: what the events do not know is 'unknown'
    expect(out[0]!.data).toEqual({
      run_id: 'sess-1',
      workspace_id: 'unknown',
      agent: 'unknown',
      provider: 'anthropic',
      model: 'claude-x',
      started_at: '2026-01-01T00:00:00Z',
      mode: 'unknown',
      schema: 2,
    });
    expect(out[3]!.data).toEqual({
      input_tokens: 10,
      output_tokens: 5,
      cached_tokens: 2,
      cache_write_tokens: 1,
    });
    expect(out[4]!.data).toEqual({ content: 'hmm', signature: 'sig' });
    expect(out[6]!.data).toEqual({
      call_id: 't1',
      output: 'a',
      error: 'a',
    });
    expect(out[7]!.data).toEqual({ turn_idx: 0, tokens_in: 10, tokens_out: 5 });
    expect(out[12]!.data).toEqual({ turn_idx: 1, tokens_in: 20, tokens_out: 7 });
    expect(out[11]!.data).toEqual({ kind: 'title', message: 'Fixing' });
    expect(out[13]!.data).toEqual({
      run_id: 'sess-1',
      status: 'ok',
      total_tokens: 45,
      duration_ms: 1000,
    });
  });

  it("keeps a reply's usage in its turn when it comes after the tool results (Claude Code)", () => {
    const enc = rupuEncoder();
    const evs: Event[] = [
      { ...base(1), kind: 'user_message', text: 'go' },
      { ...base(2), kind: 'tool_call', callId: 't1', name: 'Bash', input: {}, messageId: 'm1' },
      { ...base(3), kind: 'tool_result', callId: 't1', output: 'ok' },
      { ...base(2), kind: 'usage', tokens: { input: 1, output: 2 }, messageId: 'm1' },
      { ...base(4), kind: 'assistant_message', text: 'done', messageId: 'm2' },
      { ...base(4), kind: 'usage', tokens: { input: 3, output: 4 }, messageId: 'm2' },
    ];
    const out = written(enc, evs);
    expect(out.map((l) => l.type)).toEqual([
      'run_start',
      'user_message',
      'turn_start',
      'usage',
      'tool_call',
      'tool_result',
      'turn_end',
      'turn_start',
      'usage',
      'assistant_message',
      'turn_end',
    ]);
    expect(out[6]!.data).toEqual({ turn_idx: 0, tokens_in: 1, tokens_out: 2 });
  });

  it("gives run_complete the session's totals when its event has none", () => {
    const enc = rupuEncoder();
    const out = [
      {
        ...base(1),
        kind: 'session_start',
        agent: 'claude-code',
        cwd: '/w',
        time: '2026-01-01T00:00:00Z',
      },
      { ...base(2), kind: 'usage', messageId: 'm1', tokens: { input: 1, output: 1, cacheRead: 5 } },
      { ...base(3), kind: 'usage', messageId: 'm1', tokens: { input: 1, output: 4, cacheRead: 5 } },
      { ...base(4), kind: 'session_end', time: '2026-01-01T00:00:09Z' },
    ].flatMap((e) => enc.encode(e as Event)) as { type: string; data: Record<string, unknown> }[];
    expect(out[0]!.data).toMatchObject({
      workspace_id: '/w',
      agent: 'claude-code',
      provider: 'unknown',
      model: 'unknown',
    });
    expect(out.at(-1)).toEqual({
      type: 'run_complete',
      data: { run_id: 'sess-1', status: 'ok', total_tokens: 10, duration_ms: 9000 },
    });
  });

  it('starts a run for a session that has no session_start, and closes an open turn at the end', () => {
    const enc = rupuEncoder();
    const out = [
      ...enc.encode({ ...base(1), kind: 'assistant_message', text: 'hi' }),
      ...enc.end(),
    ] as { type: string }[];
    expect(out.map((l) => l.type)).toEqual([
      'run_start',
      'turn_start',
      'assistant_message',
      'turn_end',
    ]);
  });

  it('does not write the reader-made end of an aborted run', () => {
    const enc = rupuEncoder();
    // run_start is held until the run shows it is one; the end it then comes with is not written.
    expect(enc.encode({ ...base(1), kind: 'session_start' })).toEqual([]);
    const out = enc.encode({
      ...base(2),
      kind: 'session_end',
      status: 'aborted',
      meta: { rupu: { synthesized: true } },
    });
    expect(out.map((l) => (l as { type: string }).type)).toEqual(['run_start']);
  });

  it('bounds a turn and validates its options', () => {
    const enc = rupuEncoder({ maxTurnEvents: 2 });
    enc.encode({ ...base(1), kind: 'assistant_message', text: 'a' });
    enc.encode({ ...base(2), kind: 'assistant_message', text: 'b' });
    expect(() => enc.encode({ ...base(3), kind: 'assistant_message', text: 'c' })).toThrow(
      /more than 2 events/,
    );
    expect(() => rupuEncoder({ maxTurnEvents: 0 })).toThrow(/maxTurnEvents/);
  });
});

describe('rupu writer: the spec event order, on real Claude Code sessions', () => {
  /** One letter per line type, and the spec's "Event order" for the lines this writer makes. */
  const letter: Record<string, string> = {
    run_start: 'S',
    notice: 'N',
    injected: 'I',
    user_message: 'U',
    turn_start: 'T',
    usage: 'P',
    thinking: 'H',
    assistant_message: 'A',
    tool_call: 'C',
    tool_result: 'R',
    turn_end: 'E',
    compaction: 'K',
    run_complete: 'Z',
  };
  // run_start, notices, the user message (and notes/injections between turns), then per turn:
  // turn_start usage+ content* (tool_call tool_result?)* results* notices* turn_end, compaction?
  const order = /^S(?:[NIU]|K|T P+[HA]*(?:CR?)*R*N*E)*Z?$/;

  for (const file of [
    fixture('claude-code', 'marot-spotter', 'short.jsonl'),
    fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl'),
    fixture('claude-code', 'marot-spotter', 'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl'),
    fixture('slow-powers', 'record-runs', 'subagents', 'agent-a.jsonl'),
  ]) {
    it(file.split('/').slice(-2).join('/'), async () => {
      const out = (await toRupu(file)).map((l) => (JSON.parse(l) as { type: string }).type);
      const unknown = out.filter((t) => !(t in letter));
      expect(unknown).toEqual([]);
      // one run per session: split at each run_start
      const runs = out
        .map((t) => letter[t])
        .join('')
        .split(/(?=S)/);
      for (const run of runs) expect(run.replace(/T/g, 'T '), 'event order').toMatch(order);
    });
  }
});
