import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../shared.js';
import { ensureBuilt, env, type Run } from '../cli/run.js';

// Hostile input for the auto-swe reader: things a user may hand it that must end in a report,
// never in a process that does not end.

const tmp = mkdtempSync(join(tmpdir(), 'txpipe-auto-swe-hostile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeAll(() => ensureBuilt());

const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

/**
 * The built CLI, killed (SIGKILL: a process blocked in a system call does not run its SIGTERM
 * handler) when it has not ended after `limitMs`; `code` is then null. The limit is far above
 * what these one-record inputs take: it tells a run that never ends from one that does.
 */
function txpipeBounded(args: readonly string[], limitMs = 15_000): Run {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    timeout: limitMs,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A stored transcript of two parts (docs/formats/auto-swe.md), each one fixture's records. */
function store(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const parts = ['anthropic.jsonl', 'google.jsonl'].map((f, i) => {
    const text = readFileSync(join(repoRoot, 'test', 'fixtures', 'auto-swe', f), 'utf8');
    const records = text.split('\n').filter((l) => l !== '' && !l.startsWith('{"kind":"eof"'));
    const gz = gzipSync(records.join('\n') + '\n');
    const file = `part-${String(i).padStart(6, '0')}.ndjson.gz`;
    writeFileSync(join(dir, file), gz);
    return { file, sha256: sha(gz) };
  });
  const hash = sha(parts.map((p) => p.sha256).join(''));
  writeFileSync(join(dir, 'transcript.json'), JSON.stringify({ id: name, sha256: hash, parts }));
  return dir;
}

describe('stored transcript: a part that is not a regular file', () => {
  // A FIFO (or a symlink to one) in place of a part: reading it waits for a writer that never
  // comes, in a blocking open() that SIGTERM cannot interrupt. It must fail as read_failed.
  const fifoDir = (name: string): string => {
    const dir = store(name);
    const part = join(dir, 'part-000001.ndjson.gz');
    rmSync(part);
    const made = spawnSync('mkfifo', [part]);
    if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
    return dir;
  };

  it('verify reports it read_failed and exits 1', () => {
    const dir = fifoDir('fifo-verify');
    const r = txpipeBounded(['verify', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${dir}\tpart 0\tpart-000000.ndjson.gz\tok`);
    expect(r.stdout).toContain(`${dir}\tpart 1\tpart-000001.ndjson.gz\tread_failed`);
    expect(r.stdout).toContain(`${dir}\tFAILED: part 1 (part-000001.ndjson.gz): read_failed`);
  });

  it('cat gives part 0, then integrity_error read_failed, and says so on stderr', () => {
    const dir = fifoDir('fifo-cat');
    const r = txpipeBounded(['cat', '--strict', dir]);
    expect(r.code).toBe(3);
    const lines = r.stdout.trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toEqual({ kind: 'integrity_error', reason: 'read_failed' });
    expect(lines.some((l) => l.includes('"msg_01AaAaAaAaAaAaAaAaAaAaAa"'))).toBe(true);
    expect(r.stderr).toContain('part 1 (part-000001.ndjson.gz): read_failed');
  });
});

/** A one-call content stream (ended by `eof`) written to a file; its path. */
function stream(name: string, call: Record<string, unknown>): string {
  const file = join(tmp, `${name}.jsonl`);
  const record = {
    kind: 'http_call',
    at: '2026-09-01T10:00:00.000Z',
    purpose: 'chat',
    method: 'POST',
    status: 200,
    durationMs: 1,
    ...call,
  };
  writeFileSync(file, `${JSON.stringify(record)}\n{"kind":"eof","complete":true}\n`);
  return file;
}

/** An SSE body of `events`, each `data:` its JSON (and `event:` its type, when it has one). */
const sse = (events: readonly Record<string, unknown>[]): string =>
  events
    .map(
      (e) =>
        `${typeof e.type === 'string' ? `event: ${e.type}\n` : ''}data: ${JSON.stringify(e)}\n\n`,
    )
    .join('');

/** The events `convert --to txpipe` gives for `file`, which must end (and end well). */
function convert(file: string): Record<string, unknown>[] {
  const r = txpipeBounded(['convert', '--from', 'auto-swe', '--to', 'txpipe', '--strict', file]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const of = (events: Record<string, unknown>[], kind: string) =>
  events.filter((e) => e.kind === kind);

// The index a stream's events name is the recorder's copy of the server's, whatever it holds. A
// huge one (2^32 - 6) made an array that long, walked index by index: minutes for one record.
// An odd one (-1, 0.5) was a property of the array that its walks never saw: the value was lost.
describe('streamed replies: the indices events name', () => {
  const HUGE = 2 ** 32 - 6;

  it('Anthropic: a content block at a huge index gives its text and tool input', () => {
    const file = stream('anthropic-huge-index', {
      host: 'api.anthropic.com',
      path: '/v1/messages',
      request: { model: 'claude', messages: [{ role: 'user', content: 'hi' }], stream: true },
      response: sse([
        {
          type: 'message_start',
          message: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            model: 'claude',
            content: [],
            usage: { input_tokens: 5, output_tokens: 1 },
          },
        },
        { type: 'content_block_start', index: HUGE, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: HUGE, delta: { type: 'text_delta', text: 'hel' } },
        { type: 'content_block_delta', index: HUGE, delta: { type: 'text_delta', text: 'lo' } },
        { type: 'content_block_stop', index: HUGE },
        {
          type: 'content_block_start',
          index: -1,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
        },
        {
          type: 'content_block_delta',
          index: -1,
          delta: { type: 'input_json_delta', partial_json: '{"a":' },
        },
        {
          type: 'content_block_delta',
          index: -1,
          delta: { type: 'input_json_delta', partial_json: '1}' },
        },
        { type: 'content_block_stop', index: -1 },
        { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 7 } },
      ]),
    });
    const events = convert(file);
    expect(of(events, 'assistant_message').map((e) => e.text)).toEqual(['hello']);
    expect(of(events, 'tool_call').map((e) => [e.callId, e.input])).toEqual([
      ['toolu_1', { a: 1 }],
    ]);
    expect(of(events, 'usage').map((e) => (e.tokens as { output: number }).output)).toEqual([7]);
  });

  it('OpenAI Responses: a stream cut before response.completed, items and parts at huge indices', () => {
    const file = stream('responses-huge-index', {
      host: 'api.openai.com',
      path: '/v1/responses',
      request: { model: 'gpt-5', input: 'hi', stream: true },
      response: sse([
        {
          type: 'response.created',
          response: { id: 'resp_1', object: 'response', model: 'gpt-5', output: [] },
        },
        {
          type: 'response.output_item.added',
          output_index: HUGE - 1,
          item: { type: 'reasoning', id: 'rs_1', summary: [] },
        },
        {
          type: 'response.reasoning_summary_text.delta',
          output_index: HUGE - 1,
          summary_index: HUGE,
          delta: 'thin',
        },
        {
          type: 'response.reasoning_summary_text.delta',
          output_index: HUGE - 1,
          summary_index: HUGE,
          delta: 'king',
        },
        {
          type: 'response.output_item.added',
          output_index: HUGE,
          item: { type: 'message', id: 'msg_1', role: 'assistant', content: [] },
        },
        {
          type: 'response.output_text.delta',
          output_index: HUGE,
          content_index: HUGE,
          delta: 'hel',
        },
        {
          type: 'response.output_text.delta',
          output_index: HUGE,
          content_index: HUGE,
          delta: 'lo',
        },
      ]),
    });
    const events = convert(file);
    expect(of(events, 'thinking').map((e) => e.text)).toEqual(['thinking']);
    expect(of(events, 'assistant_message').map((e) => e.text)).toEqual(['hello']);
  });

  it('Chat Completions: tool-call fragments at index -1, 0.5 and 1 give three calls, in index order', () => {
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      model: 'gpt-4o',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const call = (index: number, id: string | undefined, args: string) => ({
      tool_calls: [
        {
          index,
          ...(id
            ? { id, type: 'function', function: { name: `f${id}`, arguments: args } }
            : { function: { arguments: args } }),
        },
      ],
    });
    const file = stream('chat-odd-index', {
      host: 'api.openai.com',
      path: '/v1/chat/completions',
      request: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true },
      response:
        sse([
          chunk({ role: 'assistant', content: null }),
          chunk(call(1, 'c', '{"c":')),
          chunk(call(-1, 'a', '{"a":')),
          chunk(call(0.5, 'b', '{"b":2}')),
          chunk(call(-1, undefined, '1}')),
          chunk(call(1, undefined, '3}')),
          chunk({}, 'tool_calls'),
        ]) + 'data: [DONE]\n\n',
    });
    const events = convert(file);
    expect(of(events, 'tool_call').map((e) => [e.callId, e.name, e.input])).toEqual([
      ['a', 'fa', { a: 1 }],
      ['b', 'fb', { b: 2 }],
      ['c', 'fc', { c: 3 }],
    ]);
  });
});

// A token count that is not a whole number of at least 0 is no count: left out, as the Claude
// Code reader leaves it (reply-usage.ts). Taken as it was, a negative count made a usage event
// the txpipe writer refused, which ended `convert` with nothing written, and `usage` summed it.
describe('token counts that are not counts', () => {
  const file = (): string => {
    const path = join(tmp, 'bad-counts.jsonl');
    const records = [
      {
        kind: 'http_call',
        at: '2026-09-01T10:00:00.000Z',
        purpose: 'chat',
        host: 'api.anthropic.com',
        path: '/v1/messages',
        status: 200,
        request: { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'hi' }] },
        response: {
          type: 'message',
          id: 'msg_1',
          model: 'claude-sonnet-4-5',
          content: [{ type: 'text', text: 'one' }],
          usage: { input_tokens: -1000, output_tokens: 5, cache_read_input_tokens: -7 },
        },
      },
      {
        kind: 'http_call',
        at: '2026-09-01T10:00:01.000Z',
        purpose: 'chat',
        host: 'api.openai.com',
        path: '/v1/chat/completions',
        status: 200,
        request: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
        response: {
          object: 'chat.completion',
          id: 'chatcmpl-1',
          model: 'gpt-4o',
          choices: [
            { index: 0, message: { role: 'assistant', content: 'two' }, finish_reason: 'stop' },
          ],
          usage: {
            prompt_tokens: 100,
            completion_tokens: 0.5,
            prompt_tokens_details: { cached_tokens: -50 },
          },
        },
      },
      { kind: 'eof', complete: true },
    ];
    writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    return path;
  };

  it('convert writes every event, each usage with the counts that are counts', () => {
    const events = convert(file());
    expect(of(events, 'assistant_message').map((e) => e.text)).toEqual(['one', 'two']);
    expect(of(events, 'usage').map((e) => e.tokens)).toEqual([{ output: 5 }, { input: 100 }]);
  });

  it('usage sums only the counts that are counts', () => {
    const r = txpipeBounded(['usage', '--json', file()]);
    expect(r.code).toBe(0);
    const totals = (JSON.parse(r.stdout) as { totals: Record<string, number> }).totals;
    expect(totals).toMatchObject({ input: 100, output: 5, cacheRead: 0, cacheWrite: 0 });
  });
});

// JSON may spell any character of a string as a \u escape: `"http\u005fcall"` is the kind
// `http_call` to every reader, and `convert` reads it as one. redact looked for the bytes
// `"http_call"` before it applied the writer's rules, so such a record kept its credential query
// parameter, its headers and its vectors.
describe('redact: an http_call whose kind is written with an escape', () => {
  it('gets the writer rules like any other http_call (also inside an export line)', () => {
    const call =
      '{"kind":"http\\u005fcall","purpose":"embedding","host":"generativelanguage.googleapis.com",' +
      '"path":"/v1beta/models/e:embedContent?key=AIzaPlainValueNoPattern&alt=json",' +
      '"headers":{"cookie":"sid=plaincookievalue"},"request":{"content":{"parts":[{"text":"x"}]}},' +
      '"response":{"embedding":{"values":[0.1,0.2,0.3]}}}';
    const path = join(tmp, 'escaped-kind.jsonl');
    writeFileSync(
      path,
      `${call}\n{"transcript":{"id":"t1"},"record":${call}}\n{"kind":"eof","complete":true}\n`,
    );
    const r = txpipeBounded(['redact', path]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const [i, line] of lines.slice(0, 2).entries()) {
      const v = JSON.parse(line) as Record<string, unknown>;
      const rec = (i === 0 ? v : v.record) as Record<string, unknown>;
      expect(rec.path).toBe('/v1beta/models/e:embedContent?alt=json');
      expect(rec).not.toHaveProperty('headers');
      expect(rec.response).toEqual({ embedding: { values: { omitted: 'vector', dimensions: 3 } } });
    }
    expect(r.stdout).not.toContain('AIzaPlainValueNoPattern');
    expect(r.stdout).not.toContain('plaincookievalue');
  });
});

// A session-file delta stored twice (a record repeated: a copy of a transcript joined to itself,
// a replayed export) holds no new bytes: its range of the file was read already. Read again, it
// gave every reply's usage event a second time in `convert`, and in `usage` it closed the reply
// the next delta continues (msg_h2: 20 output tokens, then 140), whose final count was then
// taken for a copy and left out.
describe('a harness_session_file delta given twice', () => {
  const harness = (): string[] =>
    readFileSync(join(repoRoot, 'test', 'fixtures', 'auto-swe', 'harness.jsonl'), 'utf8')
      .trim()
      .split('\n');
  const twice = (): string => {
    const lines = harness();
    const i = lines.findIndex((l) => l.startsWith('{"kind":"harness_session_file"'));
    lines.splice(i + 1, 0, lines[i]!);
    const path = join(tmp, 'delta-twice.jsonl');
    writeFileSync(path, lines.join('\n') + '\n');
    return path;
  };
  const once = join(repoRoot, 'test', 'fixtures', 'auto-swe', 'harness.jsonl');

  it('usage counts what it counts for the delta given once', () => {
    const totals = (file: string) => {
      const r = txpipeBounded(['usage', '--json', file]);
      expect(r.code).toBe(0);
      return (JSON.parse(r.stdout) as { totals: Record<string, number> }).totals;
    };
    const expected = totals(once);
    expect(expected.output).toBe(246);
    expect(totals(twice())).toEqual(expected);
  });

  it('dedup-usage then usage counts what it counts for the delta given once', () => {
    const totals = (file: string) => {
      const d = txpipeBounded(['dedup-usage', file]);
      expect(d.code).toBe(0);
      const r = spawnSync(process.execPath, [bin, 'usage', '--json', '-'], {
        cwd: repoRoot,
        env,
        encoding: 'utf8',
        input: d.stdout,
        timeout: 15_000,
        killSignal: 'SIGKILL',
      });
      expect(r.status).toBe(0);
      return (JSON.parse(r.stdout) as { totals: Record<string, number> }).totals;
    };
    const expected = totals(once);
    expect(expected.output).toBe(246);
    expect(totals(twice())).toEqual(expected);
  });

  it('convert gives each reply one usage event, as for the delta given once', () => {
    const usage = (file: string) => of(convert(file), 'usage').map((e) => [e.messageId, e.tokens]);
    const expected = usage(once);
    expect(expected).toHaveLength(4);
    expect(usage(twice())).toEqual(expected);
  });
});

// Deltas out of order (records reordered) are not deltas given again: none may be dropped for
// lying before where a later delta read the file to.
describe('harness_session_file deltas out of order', () => {
  it('convert gives the usage of every reply of both deltas', () => {
    const lines = readFileSync(
      join(repoRoot, 'test', 'fixtures', 'auto-swe', 'harness.jsonl'),
      'utf8',
    )
      .trim()
      .split('\n');
    const deltas = lines
      .map((l, i) => (l.startsWith('{"kind":"harness_session_file"') ? i : -1))
      .filter((i) => i >= 0);
    expect(deltas).toHaveLength(2);
    const [a, b] = deltas as [number, number];
    [lines[a], lines[b]] = [lines[b]!, lines[a]!];
    const path = join(tmp, 'deltas-reordered.jsonl');
    writeFileSync(path, lines.join('\n') + '\n');
    const ids = new Set(of(convert(path), 'usage').map((e) => e.messageId));
    expect([...ids].sort()).toEqual(['msg_h1', 'msg_h2', 'msg_h3', 'msg_sc1']);
  });
});
