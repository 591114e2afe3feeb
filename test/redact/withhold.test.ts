import { describe, expect, it } from 'vitest';
import { REDACTED, WITHHELD } from '../../src/redact/redactor.js';
import { redact } from '../../src/transforms/redact.js';
import { jsonl, redactBytes } from './helpers.js';

const lines = (out: string): Record<string, unknown>[] =>
  out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

// Minimal records in each format's shape (from the specs and the shared fixtures).
const cc = (type: string, content: unknown[], extra: object = {}) => ({
  type,
  sessionId: 's1',
  uuid: `u-${type}-${JSON.stringify(content).length}`,
  timestamp: '2026-10-01T09:00:00.000Z',
  message: { role: type === 'assistant' ? 'assistant' : 'user', content },
  ...extra,
});

describe('secret-file withholding per format', () => {
  it('Claude Code: the tool_result and every copy in toolUseResult, the name kept', async () => {
    const input = jsonl(
      cc('assistant', [
        {
          type: 'tool_use',
          id: 'toolu_9',
          name: 'Edit',
          input: { file_path: '/w/.env', old_string: 'A=1', new_string: 'A=2' },
        },
      ]),
      cc('user', [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'edited' }], {
        toolUseResult: {
          filePath: '/w/.env',
          oldString: 'A=1',
          newString: 'A=2',
          originalFile: 'A=1\nB=2\n',
          structuredPatch: [{ lines: ['-A=1', '+A=2'] }],
          userModified: false,
        },
      }),
      cc('user', [{ type: 'tool_result', tool_use_id: 'toolu_other', content: 'A=1' }]),
    );
    const [call, result, other] = lines(await redactBytes(input));
    const block = (call!.message as { content: { input: Record<string, unknown> }[] }).content[0]!;
    expect(block.input).toEqual({
      file_path: '/w/.env',
      old_string: WITHHELD,
      new_string: WITHHELD,
    });
    expect((result!.message as { content: { content: unknown }[] }).content[0]!.content).toBe(
      WITHHELD,
    );
    expect(result!.toolUseResult).toEqual({
      filePath: '/w/.env',
      oldString: WITHHELD,
      newString: WITHHELD,
      originalFile: WITHHELD,
      structuredPatch: [{ lines: [WITHHELD, WITHHELD] }],
      userModified: false,
    });
    expect((other!.message as { content: { content: unknown }[] }).content[0]!.content).toBe('A=1');
  });

  it('Claude Code: a Read result whose own toolUseResult names a secret file', async () => {
    const input = jsonl(
      cc('user', [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'TOKEN=abc' }], {
        toolUseResult: {
          type: 'text',
          file: { filePath: '/w/id_rsa', content: 'KEY', numLines: 1 },
        },
      }),
    );
    const [result] = lines(await redactBytes(input));
    expect(result!.toolUseResult).toEqual({
      type: 'text',
      file: { filePath: '/w/id_rsa', content: WITHHELD, numLines: 1 },
    });
  });

  it('Flockdeck v2: tool_call/tool_result by toolUseId, changed lines flagged "redacted": true', async () => {
    const base = {
      v: 2,
      seq: 1,
      time: '2026-10-01T10:15:42.0Z',
      session: 's',
      conversation: 'c',
      agent: 'claude',
    };
    const input = jsonl(
      {
        ...base,
        type: 'tool_call',
        tool: 'Bash',
        toolUseId: 'toolu_1',
        input: { command: 'cat .env', description: 'show env' },
      },
      {
        ...base,
        seq: 2,
        type: 'tool_result',
        tool: 'Bash',
        toolUseId: 'toolu_1',
        output: 'A=1',
        isError: false,
        interrupted: false,
      },
      { ...base, seq: 3, type: 'user_prompt', text: 'hello' },
      { ...base, seq: 4, type: 'user_prompt', text: 'password=hunter2' },
    );
    const [call, result, plain, secret] = lines(await redactBytes(input));
    expect(call).toMatchObject({
      input: { command: 'cat .env', description: WITHHELD },
      redacted: true,
    });
    expect(result).toMatchObject({ output: WITHHELD, redacted: true });
    expect(plain!.redacted).toBeUndefined();
    expect(secret).toMatchObject({ text: `password=${REDACTED}`, redacted: true });
  });

  it('rupu: tool_call/tool_result by call_id, and file_edit diffs', async () => {
    const input = jsonl(
      { type: 'tool_call', data: { call_id: 'c1', tool: 'Read', input: { path: 'conf/.npmrc' } } },
      {
        type: 'tool_result',
        data: {
          call_id: 'c1',
          output: '//registry/:_authToken=x',
          structured: { text: 'x' },
          duration_ms: 3,
        },
      },
      {
        type: 'file_edit',
        data: { path: 'tls/server.key', kind: 'modify', diff: '@@ -1 +1 @@\n-a\n+b\n' },
      },
      {
        type: 'file_edit',
        data: { path: 'src/a.rs', kind: 'modify', diff: '@@ -1 +1 @@\n-old\n+new\n' },
      },
    );
    const [, result, secretEdit, edit] = lines(await redactBytes(input));
    expect(result!.data).toEqual({
      call_id: 'c1',
      output: WITHHELD,
      structured: { text: WITHHELD },
      duration_ms: 3,
    });
    expect((secretEdit!.data as Record<string, unknown>).diff).toBe(WITHHELD);
    expect((edit!.data as Record<string, unknown>).diff).toBe('@@ -1 +1 @@\n-old\n+new\n');
  });

  it('AWF: tool.call/tool.result payloads by call_id', async () => {
    const env = { seq: 1, run_id: 'r', path: 'agent', ts: '2026-10-01T10:00:00Z' };
    const input = jsonl(
      {
        ...env,
        type: 'tool.call',
        payload: {
          name: 'Read',
          call_id: 't1',
          input: { path: 'x/credentials.json' },
          output: null,
          fidelity: 'router',
        },
      },
      {
        ...env,
        seq: 2,
        type: 'tool.result',
        payload: {
          name: 'Read',
          call_id: 't1',
          output: { body: 'secret stuff' },
          fidelity: 'router',
        },
      },
    );
    const [, result] = lines(await redactBytes(input));
    expect((result!.payload as Record<string, unknown>).output).toEqual({ body: WITHHELD });
  });

  it('txpipe events: tool_call/tool_result by callId', async () => {
    const ev = { v: 1, session: 's', origin: { format: 'claude-code', source: 'x', line: 1 } };
    const input = jsonl(
      {
        ...ev,
        kind: 'tool_call',
        callId: 'k1',
        name: 'Bash',
        input: { command: 'cat ~/.git-credentials' },
      },
      { ...ev, kind: 'tool_result', callId: 'k1', output: 'https://u:p@github.com' },
    );
    const [, result] = lines(await redactBytes(input));
    expect(result!.output).toBe(WITHHELD);
  });

  it('forgets the oldest pending call past maxPendingCalls', async () => {
    const base = { v: 2, time: 't', session: 's', conversation: 'c', agent: 'claude' };
    const input = jsonl(
      {
        ...base,
        seq: 1,
        type: 'tool_call',
        tool: 'Read',
        toolUseId: 'a',
        input: { file_path: '.env' },
      },
      {
        ...base,
        seq: 2,
        type: 'tool_call',
        tool: 'Read',
        toolUseId: 'b',
        input: { file_path: '.env' },
      },
      { ...base, seq: 3, type: 'tool_result', toolUseId: 'a', output: 'A=1' },
      { ...base, seq: 4, type: 'tool_result', toolUseId: 'b', output: 'B=1' },
    );
    const out = lines(await redactBytes(input, 0, { maxPendingCalls: 1 }));
    expect(out[2]!.output).toBe('A=1');
    expect(out[3]!.output).toBe(WITHHELD);
    expect(() => redact({ maxPendingCalls: 0 })).toThrow('maxPendingCalls');
    expect(() => redact({ onEnd: 'x' as never })).toThrow('onEnd');
    expect(() => redact({ pii: 'yes' as never })).toThrow('pii');
  });

  it('redacts a line that is not JSON as text, and counts what it did', async () => {
    let counts: Readonly<Record<string, number>> = {};
    const out = await redactBytes(Buffer.from('{"a":1}\nnot json password=hunter2\n'), 0, {
      onEnd: (c) => (counts = c),
    });
    expect(out).toBe('{"a":1}\nnot json password=[redacted]\n');
    expect(counts).toEqual({ 'secret-name': 1 });
  });
});
