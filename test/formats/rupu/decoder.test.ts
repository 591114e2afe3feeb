import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../src/events/event.js';
import { rupuDecoder } from '../../../src/formats/rupu/decoder.js';
import { rupu } from '../../../src/formats/rupu/index.js';
import { convert } from '../../../src/transforms/convert.js';
import { fixture, repoRoot } from '../../shared.js';
import { runStage } from '../../convert/run-stage.js';

const own = (name: string): string => join(repoRoot, 'test', 'fixtures', 'rupu', name);

/** Canonical events of files, as `convert --to txpipe` gives them. */
async function events(files: string[], chunk?: number) {
  const { recs, rejections } = await runStage(
    files,
    convert({ to: 'txpipe', from: 'rupu' }),
    chunk,
  );
  return { events: recs.map((r) => r.value as Event), rejections };
}

describe('rupu reader: version 1 (shared fixtures)', () => {
  it('reads the real three-line run: session from run_id, turn kept, run_complete totals', async () => {
    const { events: evs } = await events([fixture('rupu', 'run_smoke.jsonl')]);
    expect(evs.map((e) => e.kind)).toEqual(['session_start', 'unknown', 'session_end']);
    expect(evs.every((e) => e.session === 'run_smoke')).toBe(true);
    expect(evs[0]).toMatchObject({
      agent: 'rupu',
      model: 'claude-sonnet-4-6',
      time: '2026-05-05T19:00:00Z',
    });
    expect(evs[2]).toMatchObject({ status: 'ok', totalTokens: 42, durationMs: 30000 });
  });

  it('reads one of each v1 event (JSON array framing), none lost', async () => {
    const file = fixture('rupu', 'transcript_events.json');
    const lines = JSON.parse(readFileSync(file, 'utf8')) as {
      type: string;
      data: Record<string, unknown>;
    }[];
    const { events: evs, rejections } = await events([file]);
    expect(rejections).toEqual([]);
    // every input record is the origin of at least one event
    expect(new Set(evs.map((e) => e.origin.line))).toEqual(new Set(lines.map((_, i) => i + 1)));
    const byLine = (n: number) => evs.filter((e) => e.origin.line === n).map((e) => e.kind);
    const rows: [string, number, string[]][] = [
      ['run_start', 1, ['session_start']],
      ['turn_start', 2, ['unknown']],
      ['assistant_delta', 3, ['unknown']],
      ['assistant_message with v1 thinking', 4, ['thinking', 'assistant_message']],
      ['assistant_message', 5, ['assistant_message']],
      ['tool_call', 6, ['tool_call']],
      ['tool_result with error', 7, ['tool_result']],
      ['file_edit', 9, ['unknown']],
      ['command_run', 10, ['unknown']],
      ['action_emitted', 11, ['unknown']],
      ['gate_requested', 13, ['unknown']],
      ['turn_end', 15, ['unknown']],
      ['usage', 17, ['usage']],
      ['run_complete', 19, ['session_end']],
      ['tool_audit', 21, ['unknown']],
      ['net_flow', 24, ['unknown']],
    ];
    for (const [what, line, kinds] of rows) expect(byLine(line), what).toEqual(kinds);
    const think = evs.find((e) => e.kind === 'thinking');
    expect(think).toMatchObject({ text: 'reasoning trace' });
    const errResult = evs.find((e) => e.kind === 'tool_result' && e.callId === 'call-2');
    expect(errResult).toMatchObject({ isError: true, output: 'error output' });
    expect(errResult?.meta).toEqual({
      rupu: { error: 'boom', duration_ms: 5, structured: { matchCount: 2, tool: 'ast_grep' } },
    });
    const named = evs.find((e) => e.kind === 'tool_result' && e.callId === 'call-1');
    expect(named).toMatchObject({ name: 'Read', output: 'ok' });
    const usage = evs.find((e) => e.kind === 'usage');
    expect(usage).toMatchObject({
      tokens: { input: 1000, output: 200, cacheRead: 50 },
      model: 'claude-sonnet-4-6',
    });
    expect(usage?.meta).toEqual({
      rupu: { provider: 'anthropic', served_model: 'claude-sonnet-4-6-20260201' },
    });
  });
});

describe('rupu reader: version 2', () => {
  it('maps every event of a full transcript in file order', async () => {
    const file = own('run_v2_full.jsonl');
    const types = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { type: string }).type);
    const { events: evs, rejections } = await events([file]);
    expect(rejections).toEqual([]);
    expect(evs).toHaveLength(types.length); // one event per line, no synthesized end (it completed)
    const expected: Record<string, string> = {
      run_start: 'session_start',
      run_complete: 'session_end',
      user_message: 'user_message',
      assistant_message: 'assistant_message',
      thinking: 'thinking',
      tool_call: 'tool_call',
      tool_result: 'tool_result',
      usage: 'usage',
      notice: 'notice',
    };
    evs.forEach((e, i) => {
      expect(e.origin.line).toBe(i + 1);
      expect(e.kind, types[i]).toBe(expected[types[i]!] ?? 'unknown');
    });
    const unknown = evs.filter((e) => e.kind === 'unknown');
    expect(
      unknown.find((e) => e.meta?.rupu && (e.meta.rupu as { type: string }).type === 'future_event')
        ?.meta?.rupu,
    ).toEqual({
      type: 'future_event',
      known: false,
    });
    const usage = evs.find((e) => e.kind === 'usage');
    expect(usage).toMatchObject({
      tokens: { input: 18240, output: 612, cacheRead: 16384, cacheWrite: 100 },
    });
  });

  it('keeps thinking.raw: the provider block reaches the event unchanged', async () => {
    const file = own('run_v2_full.jsonl');
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('{"type":"thinking",'))!;
    const { events: evs } = await events([file]);
    const think = evs.find((e) => e.kind === 'thinking')!;
    expect(think.meta?.rupuLine).toBe(line);
    expect((think.meta?.rupu as { raw: unknown }).raw).toEqual(
      (JSON.parse(line) as { data: { raw: unknown } }).data.raw,
    );
    expect(think).toMatchObject({ text: 'Let me read the file.' });
  });

  it('reading rules: aborted run, malformed line, line without type, truncated last line', async () => {
    const file = own('run_v2_damaged.jsonl');
    const { recs, rejections } = await runStage([file], convert({ to: 'txpipe' }));
    // A line that is not JSON travels on to the writer (which reports it); the others are events.
    const passed = recs.filter((r) => r.invalid).map((r) => [r.line, r.invalid]);
    expect(passed).toEqual([
      [6, 'malformed'],
      [11, 'truncated'],
    ]);
    expect(rejections.map((r) => [r.line, r.reason])).toEqual([[7, 'format']]);
    const evs = recs.filter((r) => !r.invalid).map((r) => r.value as Event);
    expect(evs.map((e) => e.origin.line)).toEqual([1, 2, 3, 4, 5, 8, 9, 10, 10]);
    const end = evs.at(-1)!;
    expect(end).toMatchObject({ kind: 'session_end', status: 'aborted', session: 'run_damaged' });
  });

  it('gives the same events whatever the chunk size', async () => {
    const file = own('run_v2_full.jsonl');
    const whole = (await events([file])).events;
    for (const size of [1, 2, 3, 7, 64])
      expect((await events([file], size)).events, `chunk ${size}`).toEqual(whole);
  });

  it('names the session after the file when run_start is missing, and reads no type as corrupt', () => {
    const d = rupuDecoder({ source: '/x/run_01ABC.jsonl' });
    const evs = d.decode({
      raw: '',
      value: { type: 'user_message', data: { content: 'hi' } },
      line: 1,
      source: '/x/run_01ABC.jsonl',
    });
    expect(evs[0]).toMatchObject({ session: 'run_01ABC', kind: 'user_message', text: 'hi' });
    expect(d.end()).toEqual([]); // no run_start: nothing to call aborted
    for (const value of [[1, 2], 'text', { data: {} }, { type: 3, data: {} }]) {
      expect(() => d.decode({ raw: '', value, line: 2, source: 'f' })).toThrow(/not a rupu event/);
    }
  });

  it('detects rupu lines and no others', () => {
    const rows: [unknown, boolean][] = [
      [{ type: 'run_start', data: {} }, true],
      [{ type: 'future_event', data: { a: 1 } }, true],
      [{ type: 'run_start', data: {}, extra: 1 }, false],
      [{ type: 'Run', data: {} }, false],
      [{ type: 'x', data: [] }, false],
      [null, false],
    ];
    for (const [v, want] of rows) expect(rupu.detect(v), JSON.stringify(v)).toBe(want);
  });
});
