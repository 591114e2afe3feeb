import { describe, expect, it } from 'vitest';
import type { Event } from '../../src/events/event.js';
import { HarnessDedup } from '../../src/formats/auto-swe/harness-dedup.js';
import { HarnessReader } from '../../src/formats/auto-swe/harness.js';
import { readHttpCall } from '../../src/formats/auto-swe/http-call.js';
import { autoSweUsage } from '../../src/formats/auto-swe/usage.js';
import type { RecordBase } from '../../src/formats/auto-swe/call-events.js';
import type { Rec } from '../../src/stream/rec.js';
import { decodeAll } from './decode.js';

const call = (path: string, request: unknown, response: unknown, extra = {}) => ({
  kind: 'http_call',
  path,
  status: 200,
  request,
  response,
  ...extra,
});

/** The conversation events of one call, as `[kind, main field]`. */
function kinds(record: unknown): [string, unknown][] {
  return decodeAll('auto-swe', [record, { kind: 'eof', complete: true }])
    .filter((e) => e.kind !== 'session_start' && e.kind !== 'session_end')
    .map((e) => {
      const x = e as unknown as Record<string, unknown>;
      return [e.kind, x.text ?? x.name ?? x.output ?? x.tokens ?? x.record];
    });
}

describe('auto-swe providers: shapes beyond the fixtures', () => {
  it.each([
    [
      'Anthropic redacted thinking, text-block tool results, is_error',
      call(
        '/v1/messages',
        {
          messages: [
            {
              role: 'user',
              content: [
                {
                  type: 'tool_result',
                  tool_use_id: 't1',
                  content: [
                    { type: 'text', text: 'a' },
                    { type: 'text', text: 'b' },
                  ],
                  is_error: true,
                },
                { type: 'image', source: { type: 'base64', data: 'AAAA' } },
              ],
            },
          ],
        },
        {
          type: 'message',
          content: [
            { type: 'redacted_thinking', data: 'xyz' },
            { type: 'server_tool_use', id: 's1', name: 'web_search', input: { q: 'x' } },
          ],
        },
      ),
      [
        ['tool_result', 'a\nb'],
        ['unknown', { type: 'image', source: { type: 'base64', data: 'AAAA' } }],
        ['thinking', ''],
        ['tool_call', 'web_search'],
      ],
    ],
    [
      'an OpenAI-compatible endpoint found by its body; reasoning_content; tool content parts',
      call(
        '/api/v3/generate',
        {
          messages: [
            { role: 'system', content: 'be brief' },
            { role: 'user', content: [{ type: 'text', text: 'q' }] },
          ],
        },
        {
          object: 'chat.completion',
          choices: [
            {
              message: { role: 'assistant', reasoning_content: 'hmm', content: 'ans' },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 2 },
        },
      ),
      [
        ['user_message', 'q'],
        ['thinking', 'hmm'],
        ['assistant_message', 'ans'],
        ['usage', { input: 10, output: 2 }],
      ],
    ],
    [
      'Responses: items without a type, custom tool calls, incomplete_details',
      call(
        '/v1/responses',
        { input: [{ role: 'user', content: 'go' }] },
        {
          object: 'response',
          status: 'incomplete',
          incomplete_details: { reason: 'max_output_tokens' },
          output: [
            {
              type: 'custom_tool_call',
              call_id: 'c1',
              name: 'apply_patch',
              input: '*** Begin Patch',
            },
            { type: 'web_search_call', id: 'ws1' },
          ],
          usage: { input_tokens: 7, output_tokens: 1 },
        },
      ),
      [
        ['user_message', 'go'],
        ['tool_call', 'apply_patch'],
        ['unknown', { type: 'web_search_call', id: 'ws1' }],
        ['usage', { input: 7, output: 1 }],
      ],
    ],
    [
      'Google: functionResponse with an id, inline data kept as unknown, model from the path',
      call(
        '/v1/models/gemini-pro:generateContent?key=x',
        {
          contents: [
            {
              role: 'user',
              parts: [
                { inlineData: { mimeType: 'image/png', data: 'AA' } },
                { functionResponse: { id: 'f1', name: 'w', response: { t: 1 } } },
              ],
            },
          ],
        },
        {
          candidates: [
            { content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' },
          ],
        },
      ),
      [
        ['unknown', { inlineData: { mimeType: 'image/png', data: 'AA' } }],
        ['tool_result', 'w'],
        ['assistant_message', 'ok'], // no usageMetadata: no usage event (STOP on the text)
      ],
    ],
  ])('%s', (_name, record, want) => {
    expect(kinds(record)).toEqual(want);
  });

  it('a reply that reported no usage gives no usage event; its stop reason goes on its last line', () => {
    // (found by the conversion matrix: an empty usage event for a reply id read as a report of
    // nothing, which replaced the reply's counts where the id came again)
    const body = {
      id: 'r',
      object: 'response',
      status: 'in_progress',
      output: [
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hi' }] },
      ],
    };
    const cut = call('/v1/responses', {}, body);
    const evs = decodeAll('auto-swe', [cut, { kind: 'eof', complete: true }]);
    expect(evs.filter((e) => e.kind === 'usage')).toEqual([]);
    expect(evs.find((e) => e.kind === 'assistant_message')).toMatchObject({
      text: 'hi',
      messageId: 'r',
      stopReason: 'in_progress',
    });
    const counted = { ...cut, response: { ...body, usage: { input_tokens: 3, output_tokens: 1 } } };
    const usage = decodeAll('auto-swe', [counted, { kind: 'eof', complete: true }]).filter(
      (e) => e.kind === 'usage',
    );
    expect(usage).toMatchObject([{ tokens: { input: 3, output: 1 }, stopReason: 'in_progress' }]);
  });

  it('Gemini results pair with the oldest unanswered call of their name; ids are kept when given', () => {
    const path = '/v1beta/models/gemini-2.5-pro:generateContent';
    const user = (...parts: object[]) => ({ role: 'user', parts });
    const model = (...parts: object[]) => ({ role: 'model', parts });
    const fc = (name: string, args: object, id?: string) => ({
      functionCall: { name, args, ...(id ? { id } : {}) },
    });
    const fr = (name: string, response: object, id?: string) => ({
      functionResponse: { name, response, ...(id ? { id } : {}) },
    });
    const reply = (...parts: object[]) => ({ candidates: [{ content: model(...parts) }] });
    const ask = user({ text: 'weather in A and B?' });
    const calls = model(fc('w', { c: 'A' }), fc('w', { c: 'B' }), fc('t', {}, 'own-1'));
    const answers = [fr('w', { c: 'A' }), fr('w', { c: 'B' })];
    const evs = decodeAll('auto-swe', [
      call(path, { contents: [ask] }, reply(...calls.parts)),
      call(
        path,
        { contents: [ask, calls, user(fr('t', { ok: 1 }, 'own-1'), ...answers)] },
        reply({ text: 'A then B' }),
      ),
      call(
        path,
        {
          contents: [
            ask,
            calls,
            user(fr('t', { ok: 1 }, 'own-1'), ...answers),
            model({ text: 'A then B' }),
            user(fr('w', { c: '?' }), fr('x', {})),
          ],
        },
        reply({ text: 'done' }),
      ),
      { kind: 'eof', complete: true },
    ]);
    const pairs = evs
      .filter((e) => e.kind === 'tool_call' || e.kind === 'tool_result')
      .map((e) => {
        const x = e as unknown as Record<string, unknown>;
        return [e.kind, x.name, x.callId, x.input ?? x.output];
      });
    expect(pairs).toEqual([
      ['tool_call', 'w', 'google-1-1', { c: 'A' }],
      ['tool_call', 'w', 'google-1-2', { c: 'B' }],
      ['tool_call', 't', 'own-1', {}],
      ['tool_result', 't', 'own-1', { ok: 1 }],
      ['tool_result', 'w', 'google-1-1', { c: 'A' }],
      ['tool_result', 'w', 'google-1-2', { c: 'B' }],
      // no call of its name is unanswered: the result stays without a call id
      ['tool_result', 'w', undefined, { c: '?' }],
      ['tool_result', 'x', undefined, {}],
    ]);
  });

  it.each([
    [
      'Anthropic: an error event mid-stream (overloaded_error)',
      '/v1/messages',
      [
        'event: message_start',
        'data: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"usage":{"input_tokens":5,"output_tokens":1}}}',
        '',
        'event: content_block_start',
        'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
        '',
        'event: content_block_delta',
        'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}',
        '',
        'event: error',
        'data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      ],
      ['Hel'],
      'overloaded_error: Overloaded',
    ],
    [
      'OpenAI Responses: an error event, then response.failed',
      '/v1/responses',
      [
        'event: response.created',
        'data: {"type":"response.created","sequence_number":0,"response":{"id":"r","object":"response","status":"in_progress","output":[]}}',
        '',
        'event: response.failed',
        'data: {"type":"response.failed","sequence_number":1,"response":{"id":"r","object":"response","status":"failed","error":{"code":"server_error","message":"The server had an error"},"output":[]}}',
      ],
      [],
      'server_error: The server had an error',
    ],
    [
      'OpenAI Chat: an error chunk',
      '/v1/chat/completions',
      [
        'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"}}]}',
        '',
        'data: {"error":{"message":"The server had an error while processing your request.","type":"server_error"}}',
      ],
      ['Hi'],
      'server_error: The server had an error while processing your request.',
    ],
    [
      'Gemini: an error chunk',
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      [
        'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]}}]}',
        '',
        'data: {"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}',
      ],
      ['Hi'],
      'UNAVAILABLE: The model is overloaded.',
    ],
  ])(
    'an error inside a streamed 200 reply is a notice after what came: %s',
    (_, path, lines, said, error) => {
      const evs = decodeAll('auto-swe', [
        call(path, {}, lines.join('\n') + '\n\n'),
        { kind: 'eof', complete: true },
      ]);
      expect(evs.filter((e) => e.kind === 'assistant_message').map((e) => e.text)).toEqual(said);
      const last = evs.filter((e) => e.kind !== 'session_end' && e.kind !== 'usage').at(-1);
      expect(last).toMatchObject({
        kind: 'notice',
        subtype: 'stream_error',
        level: 'error',
        text: error,
      });
    },
  );

  it('a Gemini JSON-array stream cut mid-way (stored as text) gives the responses it holds whole', () => {
    const chunk = (text: string, extra = {}) => ({
      candidates: [{ content: { role: 'model', parts: [{ text }] } }],
      ...extra,
    });
    const whole = JSON.stringify([
      chunk('Hel', { responseId: 'r' }),
      chunk('lo, "[x]" {y}\\'),
      chunk(' world', { usageMetadata: { promptTokenCount: 3 } }),
    ]);
    const path = '/v1beta/models/gemini-2.5-flash:streamGenerateContent';
    const cut = readHttpCall(call(path, {}, whole.slice(0, whole.indexOf(' world') + 3)));
    expect(cut.kind === 'chat' && cut.call.reply).toEqual([
      { kind: 'text', text: 'Hello, "[x]" {y}\\' },
    ]);
    expect(cut.kind === 'chat' && cut.call.messageId).toBe('r');
    const text = readHttpCall(call(path, {}, `\n${whole}\n`));
    expect(text.kind === 'chat' && text.call.reply).toEqual([
      { kind: 'text', text: 'Hello, "[x]" {y}\\ world' },
    ]);
  });

  it('OpenAI Chat legacy function calling (function_call, role "function"): calls and results paired by name', () => {
    const path = '/v1/chat/completions';
    const ask = { role: 'user', content: 'weather?' };
    const called = {
      role: 'assistant',
      content: null,
      function_call: { name: 'w', arguments: '{"c":"A"}' },
    };
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const streamed =
      chunk({ role: 'assistant', function_call: { name: 'w', arguments: '' } }) +
      chunk({ function_call: { arguments: '{"c":' } }) +
      chunk({ function_call: { arguments: '"A"}' } }, 'function_call') +
      'data: [DONE]\n\n';
    const evs = decodeAll('auto-swe', [
      call(path, { messages: [ask] }, streamed),
      call(
        path,
        { messages: [ask, called, { role: 'function', name: 'w', content: '24 degrees' }] },
        {
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'It is 24.' },
              finish_reason: 'stop',
            },
          ],
        },
      ),
      { kind: 'eof', complete: true },
    ]);
    const said = evs
      .filter((e) => ['tool_call', 'tool_result', 'assistant_message'].includes(e.kind))
      .map((e) => {
        const x = e as unknown as Record<string, unknown>;
        return [e.kind, x.name ?? x.text, x.callId, x.input ?? x.output];
      });
    expect(said).toEqual([
      ['tool_call', 'w', 'openai-chat-1-1', { c: 'A' }],
      ['tool_result', 'w', 'openai-chat-1-1', '24 degrees'],
      ['assistant_message', 'It is 24.', undefined, undefined],
    ]);
  });

  it("usage: an Anthropic reply's 1-hour cache writes (cache_creation.ephemeral_1h_input_tokens) are priced as such", () => {
    const usage = {
      input_tokens: 10,
      output_tokens: 5,
      cache_creation_input_tokens: 1024,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 24, ephemeral_1h_input_tokens: 1000 },
    };
    const sse = [
      {
        type: 'message_start',
        message: { id: 'm', type: 'message', role: 'assistant', content: [], usage },
      },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 7 } },
    ]
      .map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
      .join('');
    const read = autoSweUsage.reader('-');
    for (const [response, output] of [
      [{ type: 'message', id: 'm', content: [], usage }, 5],
      [sse, 7],
    ] as const) {
      expect(read(call('/v1/messages', {}, response))).toMatchObject([
        { tokens: { input: 10, output, cacheWrite: 1024, cacheRead: 0, cacheWrite1h: 1000 } },
      ]);
    }
  });

  it('OpenAI Responses: a stream cut before response.completed keeps its reasoning summary deltas', () => {
    const sse = [
      {
        type: 'response.created',
        sequence_number: 0,
        response: { id: 'r', object: 'response', status: 'in_progress', output: [] },
      },
      {
        type: 'response.output_item.added',
        sequence_number: 1,
        output_index: 0,
        item: { type: 'reasoning', id: 'rs', summary: [] },
      },
      {
        type: 'response.reasoning_summary_part.added',
        sequence_number: 2,
        item_id: 'rs',
        output_index: 0,
        summary_index: 0,
        part: { type: 'summary_text', text: '' },
      },
      {
        type: 'response.reasoning_summary_text.delta',
        sequence_number: 3,
        item_id: 'rs',
        output_index: 0,
        summary_index: 0,
        delta: 'Check the ',
      },
      {
        type: 'response.reasoning_summary_text.delta',
        sequence_number: 4,
        item_id: 'rs',
        output_index: 0,
        summary_index: 0,
        delta: 'weather.',
      },
      {
        type: 'response.reasoning_summary_text.delta',
        sequence_number: 5,
        item_id: 'rs',
        output_index: 0,
        summary_index: 1,
        delta: 'Then answer.',
      },
    ]
      .map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
      .join('');
    const r = readHttpCall(call('/v1/responses', {}, sse));
    expect(r.kind === 'chat' && r.call.reply).toEqual([
      { kind: 'thinking', text: 'Check the weather.\nThen answer.' },
    ]);
  });

  it('Gemini tool-use prompt tokens (toolUsePromptTokenCount, outside promptTokenCount) are input', () => {
    // totalTokenCount = prompt + candidates + thoughts + tool-use prompt: 9 + 326 + 293 + 598
    const usageMetadata = {
      promptTokenCount: 9,
      candidatesTokenCount: 326,
      thoughtsTokenCount: 293,
      toolUsePromptTokenCount: 598,
      totalTokenCount: 1226,
    };
    const r = readHttpCall(
      call('/v1beta/models/gemini-2.5-pro:generateContent', {}, { candidates: [], usageMetadata }),
    );
    expect(r.kind === 'chat' && r.call.tokens).toEqual({ input: 9 + 598, output: 326 + 293 });
  });

  it('the model of a Gemini call comes from its path when the reply names none', () => {
    const r = readHttpCall(call('/v1/models/gemini-pro:generateContent', {}, { candidates: [] }));
    expect(r).toMatchObject({ kind: 'chat', provider: 'google', call: { model: 'gemini-pro' } });
  });

  it('a streamed Anthropic tool input whose stop never came still parses; one that does not parse stays text', () => {
    const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    const start = {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 't', name: 'n', input: {} },
    };
    const delta = (s: string) => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: s },
    });
    const a = readHttpCall(call('/v1/messages', {}, sse([start, delta('{"a":'), delta('1}')])));
    expect(a.kind === 'chat' && a.call.reply).toEqual([
      { kind: 'tool_call', callId: 't', name: 'n', input: { a: 1 } },
    ]);
    const b = readHttpCall(
      call(
        '/v1/messages',
        {},
        sse([start, delta('{"a":'), { type: 'content_block_stop', index: 0 }]),
      ),
    );
    expect(b.kind === 'chat' && b.call.reply).toEqual([
      { kind: 'tool_call', callId: 't', name: 'n', input: '{"a":' },
    ]);
  });
});

describe('auto-swe harness reader: its bound on readers', () => {
  it('ending the oldest session-file reader gives its held usage, never drops it', () => {
    const h = new HarnessReader('last', 1);
    const base = (line: number): RecordBase => ({
      session: 's',
      origin: { format: 'auto-swe', source: '-', line },
      autoSwe: { source: 'harness_session_file' },
    });
    const rec = (line: number) => ({ raw: '', line, source: '-' }) as Rec;
    const delta = (sid: string, id: string, out: number) => ({
      kind: 'harness_session_file',
      sessionId: sid,
      lines: [
        {
          type: 'assistant',
          sessionId: sid,
          message: { id, usage: { input_tokens: 1, output_tokens: out } },
        },
      ],
    });
    const usage: Event[] = [];
    const take = (evs: Event[]) => usage.push(...evs.filter((e) => e.kind === 'usage'));
    take(h.sessionFile(delta('A', 'm1', 5), rec(1), base(1)));
    take(h.sessionFile(delta('B', 'm2', 7), rec(2), base(2)));
    take(h.sessionFile(delta('A', 'm3', 9), rec(3), base(3)));
    take(h.end());
    expect(usage.map((e) => [e.messageId, e.kind === 'usage' && e.tokens.output])).toEqual([
      ['m1', 5],
      ['m2', 7],
      ['m3', 9],
    ]);
  });
});

describe('auto-swe harness reader: SDK messages take their place in the session file', () => {
  const S = '7f3e2a10-0000-4000-8000-000000000001';
  const sdk = (uuid: string, id: string, text: string) => ({
    kind: 'harness_message',
    message: {
      type: 'assistant',
      uuid,
      session_id: S,
      message: { id, role: 'assistant', content: [{ type: 'text', text }] },
    },
  });
  const prompt = (uuid: string, text: string) => ({
    type: 'user',
    uuid,
    sessionId: S,
    message: { role: 'user', content: text },
  });
  const said = (uuid: string, id: string, text: string, out: number) => ({
    type: 'assistant',
    uuid,
    sessionId: S,
    message: {
      id,
      role: 'assistant',
      content: [{ type: 'text', text }],
      usage: { input_tokens: 1, output_tokens: out },
    },
  });
  const file = (lines: object[], truncated = false) => ({
    kind: 'harness_session_file',
    sessionId: S,
    truncated,
    lines,
  });
  const turn = { kind: 'harness_turn', model: 'm' };
  const order = (records: object[]) =>
    decodeAll('auto-swe', records)
      .filter((e) => e.kind !== 'session_start' && e.kind !== 'session_end')
      .map((e) => {
        const x = e as unknown as Record<string, unknown>;
        const src = (e.meta?.autoSwe as { source: string }).source.replace('harness_', '');
        return `${e.kind} ${String(x.text ?? x.messageId ?? '')} ${src}`;
      });

  it("a turn's delta read after the next turn began: each turn's prompt before its replies", () => {
    expect(
      order([
        turn,
        sdk('a1', 'm1', 'one'),
        turn,
        sdk('a2', 'm2', 'two'),
        file([prompt('u1', 'first'), said('a1', 'm1', 'one', 5)]),
        file([prompt('u2', 'second'), said('a2', 'm2', 'two', 7)]),
        { kind: 'eof', complete: true },
      ]),
    ).toEqual([
      'user_message first session_file',
      'assistant_message one message',
      'usage m1 session_file',
      'user_message second session_file',
      'assistant_message two message',
      'usage m2 session_file',
    ]);
  });

  it('a truncated delta keeps what it did not reach; what only the SDK told of a turn is given once the delta is whole', () => {
    expect(
      order([
        turn,
        sdk('a1', 'm1', 'one'),
        sdk('a2', 'm2', 'two'),
        sdk('a3', 'm3', 'only the SDK'),
        file([prompt('u1', 'first'), said('a1', 'm1', 'one', 5)], true),
        file([said('a2', 'm2', 'two', 7)]),
        { kind: 'eof', complete: true },
      ]),
    ).toEqual([
      'user_message first session_file',
      'assistant_message one message',
      'usage m1 session_file',
      'assistant_message two message',
      'assistant_message only the SDK message',
      'usage m2 session_file',
    ]);
  });

  it('held SDK messages are given before a model call, and at the end when no file came', () => {
    const http = call(
      '/v1/messages',
      { messages: [{ role: 'user', content: 'hi' }] },
      { type: 'message', id: 'r', content: [{ type: 'text', text: 'yo' }] },
    );
    expect(order([turn, sdk('a1', 'm1', 'one'), http, sdk('a2', 'm2', 'two')])).toEqual([
      'assistant_message one message',
      'user_message hi http_call',
      'assistant_message yo http_call',
      'assistant_message two message',
    ]);
  });

  it("a turn's error result (error_max_turns, ...) is an error notice; a success gives none", () => {
    const result = (subtype: string, isError: boolean) => ({
      kind: 'harness_message',
      message: { type: 'result', subtype, is_error: isError, session_id: S, num_turns: 40 },
    });
    expect(
      order([
        turn,
        sdk('a1', 'm1', 'one'),
        result('error_max_turns', true),
        turn,
        result('success', false),
        { kind: 'eof', complete: true },
      ]),
    ).toEqual(['assistant_message one message', 'notice error_max_turns message']);
  });

  it('past its bound the oldest held events are given as they are, none lost', () => {
    const h = new HarnessReader('last', 10, 100, 2);
    const base: RecordBase = {
      session: 's',
      origin: { format: 'auto-swe', source: '-', line: 1 },
      autoSwe: { source: 'harness_message' },
    };
    const rec = { raw: '', line: 1, source: '-' } as Rec;
    const texts = (evs: Event[]) => evs.map((e) => ('text' in e ? e.text : e.kind));
    expect(texts(h.message(sdk('a1', 'm1', 'one'), rec, base))).toEqual([]);
    expect(texts(h.message(sdk('a2', 'm2', 'two'), rec, base))).toEqual([]);
    expect(texts(h.message(sdk('a3', 'm3', 'three'), rec, base))).toEqual(['one']);
    expect(texts(h.end())).toEqual(['two', 'three']);
  });
});

describe('auto-swe harness dedup: each conversation event once across SDK messages and the file', () => {
  const ev = (kind: string, extra: Record<string, unknown>) =>
    ({
      v: 1,
      kind,
      session: 's',
      origin: { format: 'x', source: '-', line: 1 },
      ...extra,
    }) as unknown as Event;
  const said = (evs: Event[]) => evs.map((e) => `${e.kind} ${JSON.stringify(e)}`);

  it.each([
    [
      'by uuid',
      'u-1',
      'u-1',
      ev('assistant_message', { text: 'a' }),
      ev('assistant_message', { text: 'a' }),
    ],
    [
      'a call by its id (no uuid)',
      undefined,
      'a-2',
      ev('tool_call', { callId: 't1' }),
      ev('tool_call', { callId: 't1', id: 'a-2' }),
    ],
    [
      'a result by its call id',
      undefined,
      'u-2',
      ev('tool_result', { callId: 't1' }),
      ev('tool_result', { callId: 't1' }),
    ],
    [
      'a reply text by message id and text',
      undefined,
      'a-3',
      ev('thinking', { messageId: 'm', text: 'x' }),
      ev('thinking', { messageId: 'm', text: 'x' }),
    ],
  ])('the later copy gives nothing: %s', (_, sdkUuid, lineUuid, sdk, line) => {
    const d = new HarnessDedup();
    expect(d.keep('S', 'harness_message', sdkUuid, [sdk])).toEqual([sdk]);
    expect(d.keep('S', 'harness_session_file', lineUuid, [line])).toEqual([]);
  });

  it('keeps what only differs, repeats within one source, other sessions, and forgets past its bound', () => {
    const d = new HarnessDedup(2);
    const a = ev('assistant_message', { messageId: 'm', text: 'same' });
    const b = ev('assistant_message', { messageId: 'm', text: 'other' });
    expect(d.keep('S', 'harness_message', undefined, [a, a])).toEqual([a, a]);
    expect(said(d.keep('S', 'harness_session_file', undefined, [a, b]))).toEqual(said([b]));
    expect(d.keep('T', 'harness_session_file', undefined, [a])).toEqual([a]);
    const c = ev('tool_call', { callId: 'c' });
    d.keep('S', 'harness_message', undefined, [c, ev('tool_call', { callId: 'd' })]);
    d.keep('S', 'harness_message', undefined, [ev('tool_call', { callId: 'e' })]);
    expect(d.keep('S', 'harness_session_file', undefined, [c])).toEqual([c]);
  });
});

describe('auto-swe providers: Anthropic message_delta usage (MessageDeltaUsage)', () => {
  it('its cumulative counts replace message_start’s, a null count does not', () => {
    const sse = [
      {
        type: 'message_start',
        message: {
          id: 'msg_u',
          type: 'message',
          role: 'assistant',
          content: [],
          usage: {
            input_tokens: 10,
            cache_creation_input_tokens: 5,
            cache_read_input_tokens: 7,
            output_tokens: 1,
          },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'hi' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: {
          input_tokens: 12,
          cache_creation_input_tokens: null,
          cache_read_input_tokens: 9,
          output_tokens: 4,
        },
      },
      { type: 'message_stop' },
    ]
      .map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
      .join('');
    const usage = kinds(
      call('/v1/messages', { messages: [{ role: 'user', content: 'x' }] }, sse),
    ).filter(([k]) => k === 'usage');
    expect(usage).toEqual([['usage', { input: 12, output: 4, cacheWrite: 5, cacheRead: 9 }]]);
  });
});
