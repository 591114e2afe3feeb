import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../src/events/event.js';
import { awf } from '../../../src/formats/awf/index.js';
import { codecOf } from '../../../src/formats/codecs.js';
import { formats } from '../../../src/formats/registry.js';
import { fixture, repoRoot } from '../../shared.js';
import { encodeAll, records } from './helpers.js';

/** Every .jsonl file below a folder. */
function jsonl(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((n) => n.endsWith('.jsonl'))
    .map((n) => join(dir, n))
    .filter((p) => statSync(p).isFile())
    .sort();
}

/**
 * The AWF column of the reader x writer matrix, in more detail than test/convert/matrix.test.ts
 * (which compares a per-session projection through the CLI on a few fixtures per reader): here
 * every fixture of every reader listed (all of shared/fixtures/claude-code and flockdeck, the
 * Flockdeck goldens, this project's AWF runs, so AWF -> AWF too) is decoded, written as AWF, read
 * back, and must keep each event's facts: user roles, thinking, call ids, message ids, each usage
 * as it was, error results, a session end's text and totals. Formats gain a row here as soon as
 * their adapter has a decoder and a fixture entry below.
 */
const fixturesOf: Record<string, () => string[]> = {
  // shared/fixtures/flockdeck holds Flockdeck's test conversations, which are Claude Code files.
  'claude-code': () => [...jsonl(fixture('claude-code')), ...jsonl(fixture('flockdeck'))],
  'claude-stream-json': () => [fixture('eval-magic', 'claude-stream-json', 'claude-events.jsonl')],
  // Flockdeck v2 recordings: the hand-written goldens and the detection fixture.
  flockdeck: () => [
    ...jsonl(join(repoRoot, 'test', 'golden', 'flockdeck')),
    join(repoRoot, 'test', 'fixtures', 'formats', 'flockdeck-v2.jsonl'),
  ],
  rupu: () => [fixture('rupu', 'run_smoke.jsonl')],
  awf: () => jsonl(join(repoRoot, 'test', 'fixtures', 'awf')),
};

/**
 * The events of sessions that make a run: a session with no conversation and an end that says
 * nothing of a run (a Claude Code file's leading snapshot entry) is not written (issue 12 item 8).
 */
function inRuns(events: readonly Event[]): Event[] {
  const outside = new Set(['session_start', 'session_end', 'notice', 'title']);
  const runs = new Set<string>();
  for (const e of events) {
    const ended =
      e.kind === 'session_end' &&
      (e.status ?? e.text ?? e.totalTokens ?? e.durationMs) !== undefined;
    if (!outside.has(e.kind) || ended) runs.add(e.session);
  }
  return events.filter((e) => runs.has(e.session));
}

/** What must survive a round trip through AWF. */
function facts(events: readonly Event[]): unknown[] {
  return events.flatMap((e) => {
    switch (e.kind) {
      case 'user_message':
        return [[e.session, e.kind, e.text, e.role ?? 'prompt']];
      case 'assistant_message':
      case 'thinking':
        return [[e.session, e.kind, e.text, e.messageId ?? null]];
      case 'tool_call':
        return [
          [e.session, e.kind, e.name, e.callId ?? null, e.input ?? null, e.messageId ?? null],
        ];
      case 'session_end':
        return [[e.session, e.kind, e.text ?? null, e.totalTokens ?? null, e.durationMs ?? null]];
      case 'tool_result':
        return [[e.session, e.kind, e.callId ?? null, e.output ?? null, e.isError === true]];
      case 'usage':
        return [[e.session, e.kind, e.tokens, e.messageId ?? null]];
      default:
        return [];
    }
  });
}

const rows = formats
  .filter((f) => codecOf(f.id).decoder && fixturesOf[f.id])
  .flatMap((f) => fixturesOf[f.id]!().map((path) => [f.id, path] as const));

describe('reader x AWF writer', () => {
  it('has rows (at least the AWF reader)', () => {
    expect(rows.some(([id]) => id === 'awf')).toBe(true);
  });

  it.each(rows)('%s %s: decode, write AWF, read back keeps the conversation', async (id, path) => {
    const reader = codecOf(id).decoder!({ source: path });
    const recs = await records(path);
    const events = [...recs.flatMap((r) => reader.decode(r)), ...reader.end()];
    const written = encodeAll(events);
    const back = codecOf(awf.id).decoder!({ source: 'out' });
    const again = written.flatMap((value, i) =>
      back.decode({ raw: '', value, line: i + 1, source: 'out' }),
    );
    expect(facts(again)).toEqual(facts(inRuns(events)));
  });
});
