import { describe, expect, it } from 'vitest';
import { jsonlFiles, runConvert } from '../../convert/run-convert.js';
import { txpipe } from '../../cli/run.js';
import { fixture, repoRoot } from '../../shared.js';
import { join } from 'node:path';
import { decodeExportRequest, decodeJsonLine } from './official-proto.js';
import { tracesToProtobuf } from '../../../src/formats/otlp/protobuf.js';
import type { TracesData } from '../../../src/formats/otlp/otlp-json.js';
import type { TokenCounts } from '../../../src/events/event.js';

interface Attr {
  key: string;
  value: Record<string, unknown>;
}
interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Attr[];
  links?: { traceId: string; spanId: string }[];
  status?: { code: number; message?: string };
}

const linesOf = (out: string): string[] => out.split('\n').filter((l) => l !== '');
const spansOf = (line: string): Span[] =>
  (JSON.parse(line) as TracesData).resourceSpans.flatMap((rs) =>
    rs.scopeSpans.flatMap((ss) => ss.spans as unknown as Span[]),
  );

/** An attribute's value as JavaScript: a string, a number, a boolean or an array of them. */
function attr(span: Span, key: string): unknown {
  const a = span.attributes.find((x) => x.key === key);
  if (!a) return undefined;
  const v = a.value;
  if ('stringValue' in v) return v.stringValue;
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('boolValue' in v) return v.boolValue;
  return ((v.arrayValue as { values: { stringValue: string }[] }).values ?? []).map(
    (x) => x.stringValue,
  );
}
const op = (s: Span): unknown => attr(s, 'gen_ai.operation.name');

/** Hand-made canonical events (`--from txpipe`), one JSON line each. */
function events(rows: readonly Record<string, unknown>[]): string {
  return rows
    .map((r, i) =>
      JSON.stringify({ v: 1, origin: { format: 'txpipe', source: 'x', line: i + 1 }, ...r }),
    )
    .join('\n');
}
const toOtlp = (text: string, encode: Record<string, unknown> = {}): Promise<string> =>
  runConvert([{ source: 'events.jsonl', data: Buffer.from(text) }], {
    from: 'txpipe',
    to: 'otlp',
    encode,
  });

const T = (s: number): string => `2026-03-01T10:00:${String(s).padStart(2, '0')}.000Z`;

/** A small Claude-style session: a prompt, a reply with a tool call, its result, a final reply. */
const session = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown>[] => [
  { kind: 'session_start', session: id, time: T(0), agent: 'claude-code', ...extra },
  { kind: 'user_message', session: id, time: T(1), text: 'list files', role: 'prompt' },
  {
    kind: 'thinking',
    session: id,
    time: T(3),
    text: 'use ls',
    messageId: 'm1',
    model: 'claude-sonnet-4-5',
  },
  {
    kind: 'tool_call',
    session: id,
    time: T(4),
    callId: 'c1',
    name: 'Bash',
    input: { command: 'ls' },
    messageId: 'm1',
    model: 'claude-sonnet-4-5',
  },
  { kind: 'tool_result', session: id, time: T(7), callId: 'c1', name: 'Bash', output: 'a\nb' },
  {
    kind: 'usage',
    session: id,
    time: T(4),
    messageId: 'm1',
    model: 'claude-sonnet-4-5',
    tokens: { input: 10, output: 7, cacheRead: 100, cacheWrite: 5 },
    stopReason: 'tool_use',
  },
  {
    kind: 'assistant_message',
    session: id,
    time: T(9),
    text: 'a and b',
    messageId: 'm2',
    model: 'claude-sonnet-4-5',
  },
  {
    kind: 'usage',
    session: id,
    time: T(9),
    messageId: 'm2',
    model: 'claude-sonnet-4-5',
    tokens: { input: 3, output: 4, cacheRead: 120 },
    stopReason: 'end_turn',
  },
  { kind: 'session_end', session: id, time: T(10), status: 'ok' },
];

/** Every fixture folder of a format that txpipe reads, converted as the CLI would. */
const FIXTURE_DIRS = [
  fixture('claude-code', 'marot-spotter'),
  fixture('claude-code', 'd-kimuson-claude-code-viewer'),
  fixture('flockdeck'),
  fixture('rupu'),
  join(repoRoot, 'test', 'fixtures', 'codex', 'sessions'),
];

describe('convert --to otlp: every line is an OTLP TracesData (official protobuf definitions)', () => {
  it.each(FIXTURE_DIRS)('%s', async (dir) => {
    const files = jsonlFiles(dir);
    expect(files.length).toBeGreaterThan(0);
    const out = await runConvert(files, { to: 'otlp' });
    const lines = linesOf(out);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const d = decodeJsonLine(line);
      // Read with the definitions and written back, the line is what it was: no unknown field,
      // no wrong type, ids of the right length.
      expect(d.json).toEqual(d.line);
      for (const s of spansOf(line)) {
        expect(s.traceId).toMatch(/^[0-9a-f]{32}$/);
        expect(s.spanId).toMatch(/^[0-9a-f]{16}$/);
        expect(BigInt(s.endTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(s.startTimeUnixNano));
      }
      // The protobuf encoder writes the same message (decoded by the official definitions).
      expect(decodeExportRequest(tracesToProtobuf(JSON.parse(line) as TracesData))).toEqual(d.json);
    }
  });
});

describe('convert --to otlp: a session with no time on any event', () => {
  it.each([fixture('eval-magic'), fixture('awf', 'claude')])(
    '%s: its lines are reported, not written with made-up times',
    (dir) => {
      const r = txpipe(['convert', '--to', 'otlp', '--strict', dir]);
      expect(r.code).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/otlp: session .* has no time on any event/);
    },
  );
});

describe('convert --to otlp: spans, attributes and ids', () => {
  it('one trace per session: an invoke_agent root, chat and execute_tool spans under it', async () => {
    const rows = [...session('s1'), ...session('s2')];
    const lines = linesOf(await toOtlp(events(rows)));
    expect(lines).toHaveLength(2);
    const [a, b] = lines.map(spansOf);
    expect(new Set(a!.map((s) => s.traceId)).size).toBe(1);
    expect(a![0]!.traceId).not.toBe(b![0]!.traceId);
    const root = a!.find((s) => op(s) === 'invoke_agent')!;
    expect(root.parentSpanId).toBeUndefined();
    expect(root.name).toBe('invoke_agent claude-code');
    expect(attr(root, 'gen_ai.agent.name')).toBe('claude-code');
    expect(attr(root, 'openinference.span.kind')).toBe('AGENT');
    const chats = a!.filter((s) => op(s) === 'chat');
    const tools = a!.filter((s) => op(s) === 'execute_tool');
    expect(chats.map((s) => s.name)).toEqual(['chat claude-sonnet-4-5', 'chat claude-sonnet-4-5']);
    expect(tools.map((s) => s.name)).toEqual(['execute_tool Bash']);
    for (const s of [...chats, ...tools]) expect(s.parentSpanId).toBe(root.spanId);
    expect(chats.map((s) => s.kind)).toEqual([3, 3]); // CLIENT
    expect(tools[0]!.kind).toBe(1); // INTERNAL
    expect(chats.map((s) => attr(s, 'gen_ai.response.id'))).toEqual(['m1', 'm2']);
    expect(chats.map((s) => attr(s, 'gen_ai.response.finish_reasons'))).toEqual([
      ['tool_use'],
      ['end_turn'],
    ]);
    expect(chats.map((s) => attr(s, 'gen_ai.provider.name'))).toEqual(['anthropic', 'anthropic']);
    expect(chats.map((s) => attr(s, 'llm.system'))).toEqual(['anthropic', 'anthropic']);
    expect(chats.map((s) => attr(s, 'openinference.span.kind'))).toEqual(['LLM', 'LLM']);
    for (const s of a!) {
      expect(attr(s, 'gen_ai.conversation.id')).toBe('s1');
      expect(attr(s, 'session.id')).toBe('s1');
    }
    expect(attr(tools[0]!, 'gen_ai.tool.name')).toBe('Bash');
    expect(attr(tools[0]!, 'gen_ai.tool.call.id')).toBe('c1');
    expect(attr(tools[0]!, 'tool.name')).toBe('Bash');
    expect(attr(tools[0]!, 'openinference.span.kind')).toBe('TOOL');
  });

  it.each<[TokenCounts, number | undefined, number]>([
    // [tokens as txpipe holds them (input outside the cache), semconv input, total]
    [{ input: 10, output: 7, cacheRead: 100, cacheWrite: 5 }, 115, 122],
    [{ input: 10, output: 7 }, 10, 17],
    [{ input: 0, output: 1, cacheRead: 50 }, 50, 51],
    [{ output: 9 }, undefined, 9],
  ])(
    'usage %j: gen_ai.usage.input_tokens counts cached input too',
    async (tokens, input, total) => {
      const rows = [
        { kind: 'user_message', session: 'u', time: T(1), text: 'hi' },
        {
          kind: 'assistant_message',
          session: 'u',
          time: T(2),
          text: 'yo',
          messageId: 'r',
          model: 'gpt-5',
        },
        { kind: 'usage', session: 'u', time: T(2), messageId: 'r', model: 'gpt-5', tokens },
      ];
      const chat = spansOf(linesOf(await toOtlp(events(rows)))[0]!).find((s) => op(s) === 'chat')!;
      expect(attr(chat, 'gen_ai.usage.input_tokens')).toBe(input);
      expect(attr(chat, 'llm.token_count.prompt')).toBe(input);
      expect(attr(chat, 'gen_ai.usage.output_tokens')).toBe(tokens.output);
      expect(attr(chat, 'llm.token_count.completion')).toBe(tokens.output);
      expect(attr(chat, 'gen_ai.usage.cache_read.input_tokens')).toBe(tokens.cacheRead);
      expect(attr(chat, 'llm.token_count.prompt_details.cache_read')).toBe(tokens.cacheRead);
      expect(attr(chat, 'gen_ai.usage.cache_creation.input_tokens')).toBe(tokens.cacheWrite);
      expect(attr(chat, 'llm.token_count.prompt_details.cache_write')).toBe(tokens.cacheWrite);
      expect(attr(chat, 'llm.token_count.total')).toBe(total);
      expect(attr(chat, 'gen_ai.provider.name')).toBe('openai');
    },
  );

  it('a usage event without a message id joins the call before it (Codex reports after tool output)', async () => {
    const rows = [
      { kind: 'user_message', session: 'x', time: T(1), text: 'go' },
      {
        kind: 'tool_call',
        session: 'x',
        time: T(2),
        callId: 'k',
        name: 'shell',
        input: {},
        model: 'gpt-5-codex',
      },
      { kind: 'tool_result', session: 'x', time: T(3), callId: 'k', output: 'ok' },
      {
        kind: 'usage',
        session: 'x',
        time: T(3),
        model: 'gpt-5-codex',
        tokens: { input: 1, output: 2 },
      },
      { kind: 'assistant_message', session: 'x', time: T(5), text: 'done', model: 'gpt-5-codex' },
      {
        kind: 'usage',
        session: 'x',
        time: T(5),
        model: 'gpt-5-codex',
        tokens: { input: 3, output: 4 },
      },
    ];
    const chats = spansOf(linesOf(await toOtlp(events(rows)))[0]!).filter((s) => op(s) === 'chat');
    expect(chats.map((s) => attr(s, 'gen_ai.usage.output_tokens'))).toEqual([2, 4]);
  });

  it('span times come from the transcript: a call from its input to its last event, a tool from call to result', async () => {
    const rows = session('t');
    (rows[1] as Record<string, unknown>).time = '2026-03-01T10:00:01.123456789Z';
    const spans = spansOf(linesOf(await toOtlp(events(rows)))[0]!);
    const ns = (t: string): string => String(BigInt(Date.parse(t)) * 1_000_000n);
    const root = spans.find((s) => op(s) === 'invoke_agent')!;
    expect([root.startTimeUnixNano, root.endTimeUnixNano]).toEqual([ns(T(0)), ns(T(10))]);
    const [first, second] = spans.filter((s) => op(s) === 'chat');
    // The first call answers the prompt, whose sub-millisecond digits are kept.
    expect(first!.startTimeUnixNano).toBe('1772359201123456789');
    expect(first!.endTimeUnixNano).toBe(ns(T(4)));
    expect([second!.startTimeUnixNano, second!.endTimeUnixNano]).toEqual([ns(T(7)), ns(T(9))]);
    const tool = spans.find((s) => op(s) === 'execute_tool')!;
    expect([tool.startTimeUnixNano, tool.endTimeUnixNano]).toEqual([ns(T(4)), ns(T(7))]);
  });

  it('ids are the same on every run, and differ between sessions and spans', async () => {
    const text = events([...session('same'), ...session('other')]);
    const once = await toOtlp(text);
    expect(await toOtlp(text)).toBe(once);
    const ids = linesOf(once)
      .flatMap(spansOf)
      .map((s) => s.spanId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a subagent's trace links to its parent's tool span", async () => {
    const parent = session('parent');
    const child = session('child', { parentSession: 'parent', parentCallId: 'c1' });
    const [p, c] = linesOf(await toOtlp(events([...parent, ...child]))).map(spansOf);
    const tool = p!.find(
      (s) => op(s) === 'execute_tool' && attr(s, 'gen_ai.tool.call.id') === 'c1',
    )!;
    const root = c!.find((s) => op(s) === 'invoke_agent')!;
    expect(root.links).toEqual([
      expect.objectContaining({ traceId: tool.traceId, spanId: tool.spanId }),
    ]);
  });

  it('a failed tool run has an error status', async () => {
    const rows = session('e');
    (rows[4] as Record<string, unknown>).isError = true;
    const tool = spansOf(linesOf(await toOtlp(events(rows)))[0]!).find(
      (s) => op(s) === 'execute_tool',
    )!;
    expect(tool.status?.code).toBe(2);
    expect(attr(tool, 'error.type')).toBe('tool_error');
  });

  const CONTENT_KEYS = [
    'gen_ai.input.messages',
    'gen_ai.output.messages',
    'gen_ai.tool.call.arguments',
    'gen_ai.tool.call.result',
    'input.value',
    'output.value',
  ];

  it('content is written only with --otlp-content', async () => {
    const text = events(session('c'));
    const without = spansOf(linesOf(await toOtlp(text))[0]!);
    for (const s of without) {
      for (const a of s.attributes) {
        expect(
          CONTENT_KEYS.includes(a.key) ||
            a.key.startsWith('llm.input_messages') ||
            a.key.startsWith('llm.output_messages'),
        ).toBe(false);
      }
    }
    expect(JSON.stringify(without)).not.toContain('list files');
    const withContent = spansOf(linesOf(await toOtlp(text, { otlpContent: true }))[0]!);
    const [first] = withContent.filter((s) => op(s) === 'chat');
    expect(JSON.parse(attr(first!, 'gen_ai.input.messages') as string)).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'list files' }] },
    ]);
    expect(JSON.parse(attr(first!, 'gen_ai.output.messages') as string)).toEqual([
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', content: 'use ls' },
          { type: 'tool_call', id: 'c1', name: 'Bash', arguments: { command: 'ls' } },
        ],
        finish_reason: 'tool_call',
      },
    ]);
    expect(attr(first!, 'llm.input_messages.0.message.content')).toBe('list files');
    expect(attr(first!, 'llm.output_messages.0.message.tool_calls.0.tool_call.function.name')).toBe(
      'Bash',
    );
    const tool = withContent.find((s) => op(s) === 'execute_tool')!;
    expect(attr(tool, 'gen_ai.tool.call.arguments')).toBe('{"command":"ls"}');
    expect(attr(tool, 'gen_ai.tool.call.result')).toBe('a\nb');
  });

  it('redact before it in a pipeline: no secret reaches the spans, content or not', () => {
    const token = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
    const rows = session('r');
    (rows[1] as Record<string, unknown>).text = `use GITHUB_TOKEN=${token}`;
    (rows[3] as Record<string, unknown>).input = { command: `gh auth login --with-token ${token}` };
    (rows[4] as Record<string, unknown>).output = `token: ${token}`;
    const input = events(rows);
    const plain = txpipe(['convert', '--from', 'txpipe', '--to', 'otlp', '--otlp-content'], {
      input,
    });
    expect(plain.stdout).toContain(token); // the test's secret is there to be removed
    const r = txpipe(['run', 'redact | convert --from txpipe --to otlp --otlp-content'], { input });
    expect(r.code).toBe(0);
    expect(linesOf(r.stdout)).toHaveLength(1);
    expect(r.stdout).not.toContain(token);
    expect(r.stdout).not.toContain(token.slice(4, 20));
  });

  it("on a real Claude Code session, the chat spans' tokens add up to the session's usage events", async () => {
    const file = join(
      fixture('claude-code', 'd-kimuson-claude-code-viewer'),
      'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl',
    );
    const evs = linesOf(await runConvert([file], { to: 'txpipe' })).map(
      (l) => JSON.parse(l) as Record<string, unknown>,
    );
    const sum = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
    for (const e of evs) {
      if (e.kind !== 'usage' || e.purpose !== undefined) continue;
      const t = e.tokens as Record<string, number | undefined>;
      for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += t[k] ?? 0;
    }
    expect(sum.output).toBeGreaterThan(0);
    const chats = linesOf(await runConvert([file], { to: 'otlp' }))
      .flatMap(spansOf)
      .filter((s) => op(s) === 'chat');
    const total = (k: string): number =>
      chats.reduce((n, s) => n + ((attr(s, k) as number | undefined) ?? 0), 0);
    expect(total('gen_ai.usage.input_tokens')).toBe(sum.input + sum.cacheRead + sum.cacheWrite);
    expect(total('gen_ai.usage.output_tokens')).toBe(sum.output);
    expect(total('gen_ai.usage.cache_read.input_tokens')).toBe(sum.cacheRead);
    expect(total('gen_ai.usage.cache_creation.input_tokens')).toBe(sum.cacheWrite);
  });
});
