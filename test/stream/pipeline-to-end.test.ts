// Issue 24, item 5: a library pipeline in which a later stage fails still delivers to the sink
// every record processed before the failure, as the CLI does. `pipelineToEnd` (exported by the
// package) runs the stages to the end; Node's `pipeline` destroys them and what they hold.
import { Readable, Transform, Writable } from 'node:stream';
import * as txpipe from 'txpipe';
import { describe, expect, it } from 'vitest';

/** 2,000 Claude Code assistant entries, 40 to a reply (usage repeated, as streaming writes it). */
const input = Array.from({ length: 2000 }, (_, k) => {
  const reply = Math.floor(k / 40);
  return JSON.stringify({
    type: 'assistant',
    sessionId: 's',
    uuid: `u${k}`,
    requestId: `r${reply}`,
    timestamp: '2025-09-03T00:52:31.217Z',
    message: {
      id: `msg_${reply}`,
      role: 'assistant',
      model: 'claude-sonnet-4',
      content: [{ type: 'text', text: `part ${k}` }],
      usage: { input_tokens: 3, output_tokens: k % 40 },
    },
  });
}).join('\n');

/** A stage that fails at its `at`-th record, counting the records it handed on before. */
function failingAt(at: number): { stage: Transform; passed: () => number } {
  let seen = 0;
  let passed = 0;
  const stage = new Transform({
    objectMode: true,
    transform(rec: unknown, _enc, done) {
      // Node may still hand a failed Transform the writes it had queued: not passed on.
      if (++seen >= at) return done(seen === at ? new Error('boom') : null);
      passed++;
      done(null, rec);
    },
  });
  return { stage, passed: () => passed };
}

/** A byte sink counting lines, slow when asked (each write a turn of the event loop later). */
function lineSink(slow: boolean): { sink: Writable; lines: () => number } {
  let n = 0;
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _enc, done) {
      n += chunk.toString().split('\n').length - 1;
      if (slow) setImmediate(done);
      else done();
    },
  });
  return { sink, lines: () => n };
}

describe('pipelineToEnd: records processed before a failure reach the sink', () => {
  it.each([
    { name: 'failing stage alone', upstream: () => [], at: 1500, slow: false },
    { name: 'failing stage alone, slow sink', upstream: () => [], at: 1500, slow: true },
    { name: 'dedupUsage() upstream', upstream: () => [txpipe.dedupUsage()], at: 1500, slow: false },
    {
      name: 'dedupUsage() upstream, early',
      upstream: () => [txpipe.dedupUsage()],
      at: 50,
      slow: true,
    },
    { name: 'redact() upstream', upstream: () => [txpipe.redact()], at: 1500, slow: false },
  ])('$name (fails at record $at)', async ({ upstream, at, slow }) => {
    const failing = failingAt(at);
    const out = lineSink(slow);
    await expect(
      txpipe.pipelineToEnd(
        txpipe.readRecords(Readable.from([Buffer.from(input)])),
        ...upstream(),
        failing.stage,
        txpipe.stringify(),
        out.sink,
      ),
    ).rejects.toThrow('boom');
    expect(failing.passed()).toBe(at - 1);
    expect(out.lines()).toBe(at - 1);
  });

  it('resolves when nothing fails, every record written', async () => {
    const out = lineSink(false);
    await txpipe.pipelineToEnd(
      txpipe.readRecords(Readable.from([Buffer.from(input)])),
      txpipe.dedupUsage(),
      txpipe.stringify(),
      out.sink,
    );
    expect(out.lines()).toBe(2000);
  });
});
