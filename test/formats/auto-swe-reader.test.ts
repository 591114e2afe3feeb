import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../src/events/event.js';
import { eventProblem } from '../../src/events/validate-event.js';
import { parseSse } from '../../src/formats/auto-swe/sse.js';
import { convert } from '../../src/transforms/convert.js';
import { runConvert } from '../convert/run-convert.js';
import { runStage } from '../convert/run-stage.js';
import { ensureBuilt, repoRoot } from '../shared.js';
import { txpipe } from '../cli/run.js';

const own = (name: string): string => join('test', 'fixtures', 'auto-swe', name);
const golden = (name: string): string => join(repoRoot, 'test', 'golden', 'auto-swe', name);

const FIXTURES = [
  'anthropic',
  'openai-responses',
  'openai-chat',
  'google',
  'embeddings',
  'harness',
  'incomplete',
  'integrity-error',
  'unknown',
  'export',
];

async function events(name: string) {
  const { recs, rejections } = await runStage(
    [join(repoRoot, own(`${name}.jsonl`))],
    convert({ to: 'txpipe', from: 'auto-swe' }),
  );
  return { events: recs.map((r) => r.value as Event), rejections };
}

const reply = (evs: Event[], line: number) => evs.filter((e) => e.origin.line === line);

describe('auto-swe reader: goldens (convert --to txpipe)', () => {
  // The goldens were written by this reader and then checked line by line against the fixture
  // bodies (README there); a change in them is a change of the reading rules.
  it.each(FIXTURES)('%s', async (name) => {
    const out = await runConvert([own(`${name}.jsonl`)], { to: 'txpipe', from: 'auto-swe' });
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden(`${name}.jsonl`), out);
    expect(existsSync(golden(`${name}.jsonl`))).toBe(true);
    expect(out).toBe(readFileSync(golden(`${name}.jsonl`), 'utf8'));
  });

  it.each(FIXTURES)('%s: the same at every chunk size', async (name) => {
    const whole = await runConvert([own(`${name}.jsonl`)], { to: 'txpipe', from: 'auto-swe' });
    for (const chunk of [1, 7, 64]) {
      const out = await runConvert(
        [own(`${name}.jsonl`)],
        { to: 'txpipe', from: 'auto-swe' },
        chunk,
      );
      expect(out).toBe(whole);
    }
  });

  it.each(FIXTURES)('%s: every event is valid and says its source record kind', async (name) => {
    const { events: evs } = await events(name);
    for (const e of evs) {
      expect(eventProblem(e)).toBeUndefined();
      expect(e.origin.format).toBe('auto-swe');
      const src = (e.meta?.autoSwe as { source?: string } | undefined)?.source;
      if (e.kind === 'session_start' || e.kind === 'session_end') expect(src).toBe('stream');
      else
        expect([
          'http_call',
          'harness_message',
          'harness_session_file',
          'marker',
          'integrity_error',
          'harness_checkpoint',
        ]).toContain(src);
    }
  });
});

describe('auto-swe reader: providers', () => {
  it('Anthropic: thinking, text, tool use; the streamed input_json_delta fragments make the exact input', async () => {
    const { events: evs } = await events('anthropic');
    const first = reply(evs, 1);
    expect(first.map((e) => e.kind)).toEqual([
      'session_start',
      'user_message',
      'thinking',
      'assistant_message',
      'tool_call',
      'usage',
    ]);
    const streamed = reply(evs, 2);
    expect(streamed.map((e) => e.kind)).toEqual([
      'tool_result',
      'thinking',
      'assistant_message',
      'tool_call',
      'usage',
    ]);
    expect(streamed[0]).toMatchObject({
      callId: 'toolu_01A09q90qw90lq917835lq9',
      name: 'get_weather',
    });
    expect(streamed[1]).toMatchObject({
      text: 'It is 15 degrees. A jacket helps.',
      signature: 'EqQBCgIYAhIMSig2',
    });
    expect(streamed[3]).toMatchObject({
      name: 'save_note',
      input: { title: 'Paris', tags: ['weather', 'trip'], n: 1.5, body: '15°C "cloudy"' },
    });
    // message_start's input and cache counts, message_delta's final output count
    expect(streamed[4]).toMatchObject({
      tokens: { input: 25, output: 89, cacheWrite: 0, cacheRead: 3072 },
      stopReason: 'tool_use',
      messageId: 'msg_01BbBbBbBbBbBbBbBbBbBbBb',
    });
  });

  it('OpenAI Responses: reasoning summary, arguments parsed, cached tokens out of input', async () => {
    const { events: evs } = await events('openai-responses');
    expect(reply(evs, 1).find((e) => e.kind === 'usage')).toMatchObject({
      tokens: { input: 1500 - 1024, output: 180, cacheRead: 1024 },
    });
    const two = reply(evs, 2);
    expect(two.map((e) => e.kind)).toEqual([
      'tool_result',
      'assistant_message',
      'tool_call',
      'usage',
    ]);
    expect(two[2]).toMatchObject({ callId: 'call_save_1', input: { title: 'Paris', temp: 15 } });
    // a stream cut before response.completed: the text comes from its deltas; no counts came,
    // so no usage event, and the stop reason is on the text
    const three = reply(evs, 3);
    expect(three.map((e) => e.kind)).toEqual(['user_message', 'assistant_message']);
    expect(three[1]).toMatchObject({
      text: 'It is 15 degrees in Paris.',
      messageId: 'resp_3',
      stopReason: 'in_progress',
    });
  });

  it('OpenAI Chat: tool-call argument fragments joined by index; prompt_tokens include the cached', async () => {
    const { events: evs } = await events('openai-chat');
    const two = reply(evs, 2);
    expect(two.filter((e) => e.kind === 'tool_call')).toMatchObject([
      { callId: 'call_def1', name: 'save_note', input: { city: 'Boston' } },
      { callId: 'call_def2', name: 'get_weather', input: { location: 'NYC' } },
    ]);
    expect(two.find((e) => e.kind === 'usage')).toMatchObject({
      tokens: { input: 2100 - 1920, output: 45, cacheRead: 1920 },
      stopReason: 'tool_calls',
    });
  });

  it('Google: thought parts, functionCall, SSE and JSON-array streams; promptTokenCount includes the cached', async () => {
    const { events: evs } = await events('google');
    expect(reply(evs, 1).find((e) => e.kind === 'usage')).toMatchObject({
      model: 'gemini-2.5-flash',
      tokens: { input: 120 - 64, output: 18 + 40, cacheRead: 64 },
    });
    const two = reply(evs, 2);
    expect(two.map((e) => e.kind)).toEqual([
      'tool_result',
      'assistant_message',
      'tool_call',
      'usage',
    ]);
    expect(two[0]).toMatchObject({ name: 'get_weather', output: { temperature: 24 } });
    expect(two[1]).toMatchObject({ text: 'It is 24 degrees in Lisbon.' });
    expect(reply(evs, 3).find((e) => e.kind === 'assistant_message')).toMatchObject({
      text: 'Anything else?',
    });
  });

  it('Google: a functionResponse is paired with its functionCall by a deterministic id', async () => {
    // Gemini's parts carry no ids: a call gets `<provider>-<call>-<k>` (the session's chat call,
    // its k-th call without an id), and a result the id of the oldest unanswered call by name
    const { events: evs } = await events('google');
    const calls = evs.filter((e) => e.kind === 'tool_call');
    const results = evs.filter((e) => e.kind === 'tool_result');
    expect(calls.map((e) => [e.name, e.callId])).toEqual([
      ['get_weather', 'google-1-1'],
      ['save_note', 'google-2-1'],
    ]);
    expect(results.map((e) => [e.name, e.callId])).toEqual([['get_weather', 'google-1-1']]);
  });

  it('embedding calls (by purpose or path) and harness_turn give no conversation events', async () => {
    const { events: evs } = await events('embeddings');
    expect(evs.map((e) => e.kind)).toEqual(['session_start', 'session_end']);
    expect(evs[1]!.meta).toMatchObject({ autoSwe: { records: { http_call: 3, embedding: 3 } } });
    const { events: h } = await events('harness');
    expect(h.filter((e) => e.origin.line === 1 || e.origin.line === 7).map((e) => e.kind)).toEqual([
      'session_start',
    ]);
  });
});

describe('auto-swe reader: harness records', () => {
  beforeAll(ensureBuilt);

  it('session-file usage: the last report per message id, across deltas, sidechain included', async () => {
    const { events: evs } = await events('harness');
    const usage = evs.filter((e) => e.kind === 'usage');
    expect(
      usage.every((e) => (e.meta?.autoSwe as { source: string }).source === 'harness_session_file'),
    ).toBe(true);
    expect(usage.map((e) => [e.messageId, e.kind === 'usage' && e.tokens.output])).toEqual([
      ['msg_h1', 85],
      ['msg_h2', 140],
      ['msg_h3', 9],
      ['msg_sc1', 12],
    ]);
  });

  it("each reply's usage comes after its own events and before the next reply's", async () => {
    const { events: evs } = await events('harness');
    const main = evs.filter((e) => !e.sidechain);
    const order = main
      .filter((e) => ['thinking', 'assistant_message', 'tool_call', 'usage'].includes(e.kind))
      .map((e) => `${e.kind === 'usage' ? 'usage' : 'said'} ${e.messageId}`);
    expect(order.filter((x, i) => x !== order[i - 1])).toEqual([
      'said msg_h1',
      'usage msg_h1',
      'said msg_h2',
      'usage msg_h2',
      'said msg_h3',
      'usage msg_h3',
    ]);
  });

  it('sidechain lines, summaries and unparsed lines stay out of the conversation', async () => {
    const { events: evs } = await events('harness');
    const texts = evs.map((e) => ('text' in e ? e.text : undefined));
    expect(texts).not.toContain('Search for other uses of sum');
    expect(texts).not.toContain('Found 2 uses.');
    expect(evs.some((e) => e.kind === 'unknown' || e.kind === 'title')).toBe(false);
    expect(evs.filter((e) => e.kind !== 'usage').some((e) => e.sidechain)).toBe(false);
  });

  it('a turn told by SDK messages and by its session file gives each message once', async () => {
    const { events: evs } = await events('harness');
    const talk = evs.filter(
      (e) => !['usage', 'session_start', 'session_end', 'notice'].includes(e.kind),
    );
    const said = talk.map((e) => {
      const v = e as unknown as Record<string, unknown>;
      return [e.kind, v.callId ?? v.text, (e.meta?.autoSwe as { source: string }).source];
    });
    // first told wins: the SDK message (with the line's uuid in turn 1, by call id and message
    // id + text in turn 2, whose SDK messages carry no uuid); the prompt only the file has
    // the prompt, which only the file has, comes before the turn's replies, in the file's order
    expect(said).toEqual([
      ['user_message', 'Fix the failing test in sum.ts', 'harness_session_file'],
      ['thinking', 'Look at sum.ts first.', 'harness_message'],
      ['tool_call', 'toolu_h1', 'harness_message'],
      ['tool_result', 'toolu_h1', 'harness_message'],
      ['assistant_message', 'The sign is wrong; fixing it.', 'harness_message'],
      ['tool_call', 'toolu_h2', 'harness_message'],
      ['tool_result', 'toolu_h2', 'harness_message'],
      ['assistant_message', 'Fixed: sum now adds.', 'harness_message'],
    ]);
  });

  it('the run-record and flockdeck writers see each reply and tool call once', () => {
    const run = txpipe(['convert', '--to', 'run-record', own('harness.jsonl')]);
    expect(run.code, run.stderr).toBe(0);
    const record = JSON.parse(run.stdout) as { tool_invocations: { name: string }[] };
    expect(record.tool_invocations.map((t) => t.name)).toEqual(['Read', 'Edit']);
    const deck = txpipe(['convert', '--to', 'flockdeck', own('harness.jsonl')]);
    expect(deck.code, deck.stderr).toBe(0);
    const said = deck.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => ['tool_call', 'tool_result', 'assistant_message'].includes(l.type as string))
      .map((l) => `${l.type as string} ${(l.toolUseId ?? l.text) as string}`);
    expect(said).toEqual([
      'tool_call toolu_h1',
      'tool_result toolu_h1',
      'assistant_message The sign is wrong; fixing it.',
      'tool_call toolu_h2',
      'tool_result toolu_h2',
      'assistant_message Fixed: sum now adds.',
    ]);
  });
});

describe('auto-swe reader: stream ends and unknown records', () => {
  it('a stream without eof is incomplete: reported, and its session ends incomplete', async () => {
    const { events: evs, rejections } = await events('incomplete');
    expect(rejections).toMatchObject([
      { line: 2, reason: 'format', message: expect.stringMatching(/^incomplete/) },
    ]);
    expect(evs.at(-1)).toMatchObject({ kind: 'session_end', status: 'incomplete' });
    const { rejections: none } = await events('anthropic');
    expect(none).toEqual([]);
  });

  it('an integrity_error is reported with its reason', async () => {
    const { events: evs, rejections } = await events('integrity-error');
    expect(rejections).toMatchObject([
      { line: 2, message: expect.stringContaining('sha_mismatch') },
    ]);
    expect(evs.at(-1)).toMatchObject({ kind: 'session_end', status: 'integrity_error' });
  });

  it('records of no known shape are unknown events, counted, never dropped', async () => {
    const { events: evs } = await events('unknown');
    expect(evs.filter((e) => e.kind === 'unknown').map((e) => e.origin.line)).toEqual([1, 4]);
    expect(evs.filter((e) => e.kind === 'notice').map((e) => 'text' in e && e.text)).toEqual([
      '503 upstream connect error',
      '529 Overloaded',
    ]);
    expect(evs.at(-1)!.meta).toMatchObject({ autoSwe: { records: { unknown: 2, other: 1 } } });
  });

  it('export lines: one session per transcript id', async () => {
    const { events: evs } = await events('export');
    expect(new Set(evs.map((e) => e.session))).toEqual(new Set(['tr_0001', 'tr_0002']));
    expect(
      evs
        .filter((e) => e.kind === 'session_end')
        .map((e) => e.session)
        .sort(),
    ).toEqual(['tr_0001', 'tr_0002']);
  });
});

describe('auto-swe reader: SSE', () => {
  it('parses events, joined data lines, comments, CRLF and a last event without a blank line', () => {
    expect(
      parseSse(': hi\r\nevent: a\r\ndata: {"x":1}\r\n\r\ndata: line1\ndata: line2\n\ndata: [DONE]'),
    ).toEqual([{ event: 'a', data: { x: 1 } }, { data: 'line1\nline2' }, { data: '[DONE]' }]);
    expect(parseSse('{"not":"sse"}')).toBeUndefined();
  });
});

describe('auto-swe reader: the built CLI', () => {
  beforeAll(ensureBuilt);

  it('convert --strict exits 3 on a stream without eof, 0 on a complete one', () => {
    const bad = txpipe(['convert', '--strict', '--to', 'txpipe', own('incomplete.jsonl')]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('incomplete.jsonl:2: format: incomplete');
    const good = txpipe(['convert', '--strict', '--to', 'txpipe', own('anthropic.jsonl')]);
    expect(good.code).toBe(0);
    expect(good.stdout).toBe(readFileSync(golden('anthropic.jsonl'), 'utf8'));
  });

  it('usage reports a stream without eof, or ending on integrity_error, as convert does; --strict exits 3', () => {
    const incomplete = 'incomplete: the stream has no eof line';
    // A file (read whole) and standard input (streamed) alike.
    const file = txpipe(['usage', '--json', '--strict', own('incomplete.jsonl')]);
    expect(file.code).toBe(3);
    expect(file.stderr).toContain(`incomplete.jsonl:1: format: ${incomplete}`);
    expect(JSON.parse(file.stdout).totals.output).toBe(2); // the report is still written
    const input = readFileSync(join(repoRoot, own('incomplete.jsonl')));
    const stdin = txpipe(['usage', '--json', '--strict', '-'], { input });
    expect(stdin.code).toBe(3);
    expect(stdin.stderr).toContain(`-:1: format: ${incomplete}`);
    const lenient = txpipe(['usage', '--json', own('incomplete.jsonl')]);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toContain(incomplete);
    const failed = txpipe(['usage', '--json', '--strict', own('integrity-error.jsonl')]);
    expect(failed.code).toBe(3);
    expect(failed.stderr).toContain(
      'integrity-error.jsonl:2: format: integrity_error: sha_mismatch',
    );
    // Complete streams, plain and as platform export lines, and an input of another format after
    // a cut one (each input is ended on its own).
    for (const name of ['anthropic.jsonl', 'export.jsonl', 'harness.jsonl']) {
      const ok = txpipe(['usage', '--json', '--strict', own(name)]);
      expect([ok.code, ok.stderr], name).toEqual([0, '']);
    }
    const two = txpipe(['usage', '--json', own('incomplete.jsonl'), own('anthropic.jsonl')]);
    expect(two.stderr.match(/incomplete: /g)).toHaveLength(1);
  });

  it('converts to every writer', () => {
    for (const to of ['flockdeck', 'run-record', 'awf', 'rupu']) {
      const r = txpipe(['convert', '--to', to, own('harness.jsonl')]);
      expect(r.code, `${to}: ${r.stderr}`).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(0);
    }
  });
});
