import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { readRecords } from '../../src/stream/read-records.js';
import { REJECT_EVENT, type Rejection } from '../../src/stream/rejection.js';
import { convert } from '../../src/transforms/convert.js';
import { collect } from '../helpers.js';
import { bin, ensureBuilt, fixture } from '../shared.js';
import { jsonlFiles, parseLines, runConvert } from './run-convert.js';

describe('convert options', () => {
  it.each([
    [{ to: 'nope' }, /unknown format nope/],
    [{ to: 'txpipe', from: 'nope' }, /unknown format nope/],
    [{ to: 'txpipe', replyUsage: 'middle' as never }, /replyUsage/],
  ])('%o is refused', (o, message) => {
    expect(() => convert(o)).toThrow(message);
  });

  it('reports input whose format it cannot find within the hold limit, line by line', async () => {
    const data = Buffer.from('{"a":1}\n{"b":2}\n');
    const stage = convert({ to: 'txpipe', holdLimit: 1 });
    const rejections: Rejection[] = [];
    stage.on(REJECT_EVENT, (r: Rejection) => rejections.push(r));
    const recs = await collect(
      readRecords(Readable.from([data]), { source: 'x.jsonl' }).pipe(stage),
    );
    expect(recs).toEqual([]);
    expect(rejections.map((r) => [r.line, r.reason])).toEqual([
      [1, 'unknown-format'],
      [2, 'unknown-format'],
    ]);
  });
});

describe('convert: subagents attached to the call that started them', () => {
  it('a projects tree: the subagent session names its parent and the Agent call (meta.json)', async () => {
    const files = jsonlFiles(fixture('flockdeck', 'claude_stream'));
    const events = parseLines(await runConvert(files, { to: 'txpipe' }));
    const sub = events.find((e) => e.kind === 'session_start' && e.session === 'agent-sub1');
    expect(sub).toMatchObject({
      parentSession: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
      parentCallId: 'toolu_agent_1',
      sidechain: true,
    });
  });

  it('a real session without meta.json: linked through the parent Task result', async () => {
    const files = jsonlFiles(fixture('claude-code', 'marot-spotter'));
    const events = parseLines(await runConvert(files, { to: 'txpipe' }));
    const task = events.find(
      (e) =>
        e.kind === 'tool_result' &&
        Array.isArray(e.children) &&
        (e.children as string[]).includes('agent-aac57f5'),
    );
    const sub = events.find((e) => e.kind === 'session_start' && e.session === 'agent-aac57f5');
    expect(task).toBeDefined();
    expect(sub).toMatchObject({
      parentSession: 'ae4a77f8-aedd-4bc1-888f-c94edc91af04',
      parentCallId: task!.callId,
    });
  });
});

describe('convert: the built CLI', () => {
  beforeAll(ensureBuilt);

  it('refuses a Flockdeck file of another version with exit 1 and the line named', () => {
    const line =
      '{"v":3,"seq":1,"time":"2026-10-01T09:00:00Z","session":"s","conversation":"c","agent":"claude","type":"user_prompt","text":"x"}\n';
    const r = spawnSync(process.execPath, [bin, 'convert', '--to', 'txpipe'], {
      input: line,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /-:1: a Flockdeck transcript of format version 3: only version 2 can be read/,
    );
  });

  it('reports the line that is not JSON and writes the rest', () => {
    const r = spawnSync(
      process.execPath,
      [bin, 'convert', '--to', 'flockdeck', fixture('flockdeck', 'claude_export')],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/11111111-2222-3333-4444-555555555555\.jsonl:16: malformed/);
    expect(parseLines(r.stdout).at(-1)!.type).toBe('recording_stopped');
  });
});

describe('convert: sessions in one input', () => {
  it('a concatenation of sessions (not named by id) gives one transcript per sessionId', async () => {
    const a = {
      type: 'user',
      sessionId: 'aaaaaaaa-1',
      timestamp: '2026-10-01T09:00:00Z',
      message: { role: 'user', content: 'one' },
    };
    const b = { ...a, sessionId: 'bbbbbbbb-2', message: { role: 'user', content: 'two' } };
    const data = Buffer.from(`${JSON.stringify(a)}\n${JSON.stringify(b)}\n`);
    const lines = parseLines(
      await runConvert([{ source: 'corpus.jsonl', data }], { to: 'flockdeck' }),
    );
    expect(lines.map((l) => [l.seq, l.type, l.conversation])).toEqual([
      [1, 'recording_started', 'aaaaaaaa-1'],
      [2, 'user_prompt', 'aaaaaaaa-1'],
      [3, 'recording_stopped', 'aaaaaaaa-1'],
      [1, 'recording_started', 'bbbbbbbb-2'],
      [2, 'user_prompt', 'bbbbbbbb-2'],
      [3, 'recording_stopped', 'bbbbbbbb-2'],
    ]);
  });

  it('a file named by its id is that one conversation, whatever its entries say', async () => {
    const a = {
      type: 'user',
      sessionId: 'other',
      timestamp: '2026-10-01T09:00:00Z',
      message: { role: 'user', content: 'one' },
    };
    const source = '/x/12345678-aaaa-bbbb-cccc-1234567890ab.jsonl';
    const lines = parseLines(
      await runConvert([{ source, data: Buffer.from(JSON.stringify(a) + '\n') }], {
        to: 'flockdeck',
      }),
    );
    expect(new Set(lines.map((l) => l.conversation))).toEqual(
      new Set(['12345678-aaaa-bbbb-cccc-1234567890ab']),
    );
  });
});

describe('convert --to flockdeck: entries Flockdeck steps over', () => {
  it('an entry over 8 MiB gives no line (its result then has no call to be named by)', async () => {
    const t = '2026-10-01T09:00:00Z';
    const big = 'x'.repeat(8 * 1024 * 1024 + 1);
    const entries = [
      { type: 'user', timestamp: t, message: { role: 'user', content: 'go' } },
      {
        type: 'assistant',
        timestamp: t,
        message: {
          content: [{ type: 'tool_use', id: 'big', name: 'Write', input: { content: big } }],
        },
      },
      {
        type: 'user',
        timestamp: t,
        message: { content: [{ type: 'tool_result', tool_use_id: 'big', content: 'ok' }] },
      },
    ];
    const data = Buffer.from(entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const lines = parseLines(
      await runConvert([{ source: 'big.jsonl', data }], { to: 'flockdeck' }),
    );
    expect(lines.map((l) => l.type)).toEqual([
      'recording_started',
      'user_prompt',
      'tool_result',
      'recording_stopped',
    ]);
    expect(lines[2]!.tool).toBeUndefined();
    expect(lines[0]!.agent).toBe('claude');
  });
});
