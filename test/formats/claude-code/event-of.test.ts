import { describe, expect, it } from 'vitest';
import type { Base } from '../../../src/formats/claude-code/content-blocks.js';
import { eventOf, type EventFields } from '../../../src/formats/claude-code/event-of.js';

const origin = { format: 'claude-code', source: 'x.jsonl', line: 3 };
const full = {
  v: 1,
  session: 's',
  origin,
  time: '2026-01-01T00:00:00Z',
  id: 'u1',
  cwd: '/w',
  meta: { entryBytes: 9_000_000 },
} as Base;
const bare = { v: 1, session: 's', origin } as Base;

// eventOf stands in for `{ ...base, ...fields }` on the reader's hot path: the same keys, values
// and order (JSON text included), a field of the event replacing the base's in its place; but
// `meta` of both is merged (the entry's size or mistyped field stays beside the event's own).
const rows: [string, Base, EventFields][] = [
  ['bare base', bare, { kind: 'assistant_message', text: 'hi' }],
  ['full base', full, { kind: 'notice', subtype: 'progress', text: 'hook_progress' }],
  ['meta merged in place', full, { kind: 'title', title: 't', meta: { custom: true } }],
  ['undefined fields kept as keys', bare, { kind: 'tool_call', name: 'Bash', input: undefined }],
];

describe('eventOf', () => {
  it.each(rows)('%s: equals the spread, key for key', (_name, base, fields) => {
    const spread = { ...base, ...fields };
    if (base.meta && fields.meta) spread.meta = { ...base.meta, ...fields.meta };
    const ev = eventOf(base, fields);
    expect(Object.keys(ev)).toEqual(Object.keys(spread));
    expect(ev).toStrictEqual(spread);
    expect(JSON.stringify(ev)).toBe(JSON.stringify(spread));
  });

  it('copies: the base is left as it was', () => {
    const base = { ...full };
    eventOf(base, { kind: 'title', title: 't', meta: { custom: true } });
    expect(base).toStrictEqual(full);
  });
});
