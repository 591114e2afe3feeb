import { describe, expect, it } from 'vitest';
import { pipelineRejectedText, pipelineStages } from '../../src/transforms/chain.js';
import { RecordWork } from '../../src/worker/record-work.js';
import { recText } from '../../src/stream/stringify.js';

/** The stages' context the worker gives: records keep their line (the work's own numbering). */
const ctx = { inputs: [], stdoutIsTTY: false, stderr: process.stderr, keepLines: true };
const work = (pipeline: string): RecordWork =>
  new RecordWork('IN', () => pipelineStages(pipeline, ctx), pipelineRejectedText(pipeline));

/** One Claude Code entry of reply `id` (entries of one reply repeat its id and usage). */
const entry = (id: string, output: number, uuid: string): string =>
  JSON.stringify({
    type: 'assistant',
    uuid,
    sessionId: 's1',
    requestId: `req-${id}`,
    message: {
      id,
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'hi' }],
      usage: { input_tokens: 10, output_tokens: output },
    },
  });

describe('RecordWork: what a worker may acknowledge', () => {
  it('settles each message of a stateless pipeline as soon as it is taken, ids from its sequence', async () => {
    const w = work('redact | clip --limit 1KiB');
    const a = await w.take(
      7,
      't.p1.s1',
      '{"a":"token ghp_abcdefghijklmnopqrstuvwxyz0123456789"}\n',
    );
    expect(a.done).toEqual([7]);
    expect(a.outputs.map((o) => o.id)).toEqual(['IN:7:1:0']);
    expect(recText(a.outputs[0]!.rec)).toBe('{"a":"token [redacted]"}');
    const b = await w.take(8, 't.p1.s1', '{"b":1}\n{"c":2}\n');
    expect(b.outputs.map((o) => [o.seq, o.id])).toEqual([
      [8, 'IN:8:1:0'],
      [8, 'IN:8:2:0'],
    ]);
    expect(w.held).toBe(0);
  });

  it('dead-letters a line that is not JSON, cleaned by the pipeline, and goes on', async () => {
    const w = work('redact');
    const s = await w.take(
      3,
      't.p1.s1',
      '{"ok":1}\n{"bad": "ghp_abcdefghijklmnopqrstuvwxyz0123456789"\n',
    );
    expect(s.outputs).toHaveLength(1);
    expect(s.dead).toEqual([
      {
        seq: 3,
        line: 2,
        reason: 'malformed',
        message: 'line is not JSON',
        raw: '{"bad": "[redacted]"',
      },
    ]);
    expect(s.done).toEqual([3]);
  });

  it('keeps a message unsettled while a stage holds its record, and settles it when the record comes out', async () => {
    const w = work('dedup-usage');
    const first = await w.take(1, 't.p1.s1', entry('m1', 5, 'u1'));
    const second = await w.take(2, 't.p1.s1', entry('m1', 9, 'u2'));
    // dedup-usage holds a reply's entries until the reply is over.
    const held = [...first.done, ...second.done];
    expect(held.length).toBeLessThan(2);
    expect(w.held).toBe(2 - held.length);
    const third = await w.take(3, 't.p1.s1', entry('m2', 4, 'u3'));
    const settledSoFar = [...held, ...third.done];
    const flushed = await w.checkpoint();
    const all = [...settledSoFar, ...flushed.done].sort();
    expect(all).toEqual([1, 2, 3]); // every message settled exactly once
    expect(w.held).toBe(0);
    const outputs = [first, second, third, flushed].flatMap((s) => s.outputs);
    expect(outputs.map((o) => o.seq).sort()).toEqual([1, 2, 3]);
    expect(new Set(outputs.map((o) => o.id)).size).toBe(3);
    // The reply's usage is kept once (the last entry, by default).
    const kept = outputs.filter((o) => JSON.stringify(o.rec.value).includes('output_tokens'));
    expect(kept.map((o) => o.seq).sort()).toEqual([2, 3]);
  });

  it('does not take again a message redelivered while a stage still holds it', async () => {
    const w = work('dedup-usage');
    const first = await w.take(1, 't.p1.s1', entry('m1', 5, 'u1'));
    expect(first.done).toEqual([]);
    const again = await w.take(1, 't.p1.s1', entry('m1', 5, 'u1'));
    expect(again).toEqual({ outputs: [], dead: [], done: [] });
    const flushed = await w.checkpoint();
    expect(flushed.done).toEqual([1]);
    expect(flushed.outputs.map((o) => o.id)).toEqual(['IN:1:1:0']);
  });
});

/** A Claude Code prompt of session `sid`. */
const prompt = (sid: string, uuid: string, minute: number): string =>
  JSON.stringify({
    type: 'user',
    uuid,
    sessionId: sid,
    timestamp: `2025-01-01T00:0${minute}:00Z`,
    message: { role: 'user', content: `hello from ${sid}` },
  });

const kindsOf = (s: { outputs: readonly { seq: number; rec: { value?: unknown } }[] }) =>
  s.outputs.map((o) => [o.seq, (o.rec.value as { kind?: string }).kind]);

describe('RecordWork: output a stage gives late belongs to the message it came from', () => {
  it('convert: a session_end given when the next subject starts is the earlier message`s, which is acknowledged only after it', async () => {
    const w = work('convert');
    const a = await w.take(1, 's.a', prompt('sa', 'u1', 0));
    expect(kindsOf(a)).toEqual([
      [1, 'session_start'],
      [1, 'user_message'],
    ]);
    // Message 1 may still give its session's end: not yet settled.
    expect(a.done).toEqual([]);
    const b = await w.take(2, 's.b', prompt('sb', 'u2', 1));
    expect(kindsOf(b)).toEqual([
      [1, 'session_end'],
      [2, 'session_start'],
      [2, 'user_message'],
    ]);
    expect(b.outputs[0]?.rec.source).toBe('s.a');
    expect(b.done).toEqual([1]);
    const end = await w.checkpoint();
    expect(kindsOf(end)).toEqual([[2, 'session_end']]);
    expect(end.done).toEqual([2]);
    // Ids stay distinct from the message's own outputs.
    const ids = [a, b, end].flatMap((s) => s.outputs.map((o) => o.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('convert --to run-record: every message waits for the record its session gives at the end', async () => {
    const w = work('convert --to run-record');
    const a = await w.take(1, 's.a', prompt('sa', 'u1', 0));
    const b = await w.take(2, 's.a', prompt('sa', 'u2', 1));
    expect([...a.done, ...b.done]).toEqual([]);
    const end = await w.checkpoint();
    expect(end.outputs.map((o) => o.seq)).toEqual([2]);
    expect(end.done.sort()).toEqual([1, 2]);
  });
});
