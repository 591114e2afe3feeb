import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, ensureBuilt, fixture } from '../shared.js';
import { validator } from '../convert/schemas.js';

const valid = validator('run-record.schema.json');
const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

beforeAll(ensureBuilt);

/** Runs the built CLI as a user would; returns stdout, stderr and the exit code. */
function txpipe(args: string[]): { out: string; err: string; code: number } {
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
  });
  return { out: r.stdout, err: r.stderr, code: r.status ?? -1 };
}

describe('the schema check itself', () => {
  it('rejects records that break the schema', () => {
    expect(valid({ eval_id: 'x' })).not.toEqual([]);
    expect(
      valid({
        eval_id: 'x',
        condition: 'c',
        skill_path: null,
        prompt: '',
        files: [],
        final_message: '',
        tool_invocations: [],
        extra: 1,
      }),
    ).not.toEqual([]);
  });
});

describe('agreement with the reference run-record writer: slow-powers/record-runs', () => {
  const dir = fixture('slow-powers', 'record-runs');

  it('reproduces run.json from the persisted subagent transcript and the dispatch flags', () => {
    const task = (json(join(dir, 'dispatch.json')) as { tasks: Record<string, unknown>[] })
      .tasks[0]!;
    const tmp = mkdtempSync(join(tmpdir(), 'txpipe-sp-'));
    const timing = join(tmp, 'timing.json');
    const r = txpipe([
      'convert',
      '--to',
      'run-record',
      join(dir, 'subagents', 'agent-a.jsonl'), // before --fixture-files, which takes the words after it
      '--eval-id',
      task.eval_id as string,
      '--condition',
      task.condition as string,
      '--skill-path',
      task.skill_path as string,
      '--prompt',
      task.user_prompt as string,
      '--timing',
      timing,
      '--fixture-files',
      ...(task.fixtures as string[]),
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const got = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(valid(got)).toEqual([]);
    const expected = json(join(dir, 'expected', 'run.json')) as Record<string, unknown>;
    const expectedTiming = json(join(dir, 'expected', 'timing.json')) as Record<string, unknown>;
    // The reference leaves run.json's totals null and puts them in timing.json; txpipe writes
    // them in both (the issue asks for them in the record). Everything else is equal, key order too.
    expect(got).toEqual({
      ...expected,
      total_tokens: expectedTiming.total_tokens,
      duration_ms: expectedTiming.duration_ms,
    });
    expect(Object.keys(got)).toEqual(Object.keys(expected));
    expect(JSON.stringify((got.tool_invocations as unknown[])[0])).toBe(
      JSON.stringify((expected.tool_invocations as unknown[])[0]),
    );
    expect(json(timing)).toEqual(expectedTiming);
  });

  it('--pretty writes one pretty record', () => {
    const r = txpipe([
      'convert',
      '--to',
      'run-record',
      '--pretty',
      '--eval-id',
      'crash',
      join(dir, 'subagents', 'agent-a.jsonl'),
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('\n  "eval_id": "crash",\n');
    expect(JSON.parse(r.out)).toMatchObject({
      eval_id: 'crash',
      total_tokens: 500,
      duration_ms: 60000,
    });
  });

  it('rejects a bad flag with the usage exit code', () => {
    const r = txpipe([
      'convert',
      '--to',
      'run-record',
      '--run-index',
      '0',
      join(dir, 'subagents', 'agent-a.jsonl'),
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/run-index/);
  });
});

describe('agreement with eval-magic (claude stream-json input)', () => {
  const dir = fixture('eval-magic');

  it('takes tokens, duration and final text from the terminal result event', () => {
    const expected = json(join(dir, 'claude-stream-json', 'expected-summary.json')) as Record<
      string,
      unknown
    >;
    const r = txpipe([
      'convert',
      '--to',
      'run-record',
      '--conversation',
      '--eval-id',
      'e',
      join(dir, 'claude-stream-json', 'claude-events.jsonl'),
    ]);
    expect(r.code).toBe(0);
    const got = JSON.parse(r.out) as Record<string, unknown>;
    expect(valid(got)).toEqual([]);
    expect(got.tool_invocations).toEqual(expected.tool_invocations);
    expect(got.total_tokens).toBe(expected.total_tokens);
    expect(got.duration_ms).toBe(expected.duration_ms);
    expect(got.final_message).toBe(expected.final_text);
    const events = (got.conversation as { events: Record<string, unknown>[] }).events.map(
      ({ round: _r, ...e }) => e,
    );
    expect(events).toEqual(expected.events);
  });

  it('multi-turn: two rounds summed (250 tokens, 60000 ms)', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'txpipe-em-'));
    const timing = join(tmp, 'timing.json');
    const r = txpipe([
      'convert',
      '--to',
      'run-record',
      '--rounds',
      '--conversation-file',
      join(dir, 'multi-turn', 'conversation.json'),
      '--timing',
      timing,
      join(dir, 'multi-turn', 'outputs', 'turn-1', 'claude-events.jsonl'),
      join(dir, 'multi-turn', 'outputs', 'turn-2', 'claude-events.jsonl'),
    ]);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toHaveLength(1);
    const got = JSON.parse(r.out) as Record<string, unknown>;
    expect(valid(got)).toEqual([]);
    expect(json(timing)).toEqual(json(join(dir, 'multi-turn', 'expected-timing.json')));
    // README: final_message is conversation.json's last assistant message, tool_invocations its
    // tool_invocation events (none), and the record carries the whole conversation object.
    expect(got).toMatchObject({
      final_message: 'Done.',
      prompt: 'Fix it.',
      tool_invocations: [],
      total_tokens: 250,
      duration_ms: 60000,
      conversation: json(join(dir, 'multi-turn', 'conversation.json')),
    });
  });
});
