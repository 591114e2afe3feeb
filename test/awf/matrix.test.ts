import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../src/events/event.js';
import { awf } from '../../src/formats/awf.js';
import { formats } from '../../src/formats/registry.js';
import { fixture, repoRoot } from '../shared.js';
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
 * The AWF column of the reader x writer matrix: for every format that can be read, its fixtures
 * (shared/fixtures as DESIGN §2 lists them, and this project's AWF fixtures) are decoded, written
 * as AWF, read back, and must keep their messages, tool calls, tool results and usage. Formats
 * gain a row here as soon as their adapter has a decoder.
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

/** What must survive a round trip through AWF. */
function facts(events: readonly Event[]): unknown[] {
  return events.flatMap((e) => {
    switch (e.kind) {
      case 'user_message':
      case 'assistant_message':
      case 'thinking':
        return [[e.session, e.kind, e.text]];
      case 'tool_call':
        return [[e.session, e.kind, e.name, e.callId ?? null, e.input ?? null]];
      case 'tool_result':
        return [[e.session, e.kind, e.callId ?? null, e.output ?? null, e.isError === true]];
      case 'usage':
        return [[e.session, e.kind, e.tokens]];
      default:
        return [];
    }
  });
}

const rows = formats
  .filter((f) => f.decoder && fixturesOf[f.id])
  .flatMap((f) => fixturesOf[f.id]!().map((path) => [f.id, path] as const));

describe('reader x AWF writer', () => {
  it('has rows (at least the AWF reader)', () => {
    expect(rows.some(([id]) => id === 'awf')).toBe(true);
  });

  it.each(rows)('%s %s: decode, write AWF, read back keeps the conversation', async (id, path) => {
    const reader = formats.find((f) => f.id === id)!.decoder!({ source: path });
    const recs = await records(path);
    const events = [...recs.flatMap((r) => reader.decode(r)), ...reader.end()];
    const written = encodeAll(events);
    const back = awf.decoder!({ source: 'out' });
    const again = written.flatMap((value, i) =>
      back.decode({ raw: '', value, line: i + 1, source: 'out' }),
    );
    expect(facts(again)).toEqual(facts(events));
  });
});
