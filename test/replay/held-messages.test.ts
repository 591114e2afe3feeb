// The events replayer holds finished messages as JSON text off V8's heap (issue 24: replay over
// the 200 MiB corpus peaked at 200 MiB) and gives its sessions one at a time: what it gives back
// is the same JSON as the messages pushed, in memory and past the 4 MiB that go to a file.
import { describe, expect, it } from 'vitest';
import { EVENT_VERSION, type Event } from '../../src/events/event.js';
import { HeldMessages } from '../../src/replay/held-messages.js';
import { eventsReplayer } from '../../src/replay/events-replayer.js';
import type { Message } from '../../src/replay/replayer.js';

const message = (i: number, size: number): Message =>
  i % 2 === 0
    ? { role: 'user', content: `prompt ${i} é😀\u2028 ${'x'.repeat(size)}` }
    : {
        role: 'assistant',
        content: [
          { type: 'text', text: `answer ${i} ${'y'.repeat(size)}` },
          {
            type: 'tool_use',
            id: `t${i}`,
            name: 'Bash',
            input: { command: 'ls', n: [1, 2.5, null] },
          },
        ],
      };

describe('HeldMessages', () => {
  it.each([
    ['in memory', 10, 100],
    ['past 4 MiB, in a file', 60, 100_000],
  ])('%s: the same messages back, list by list', (_name, count, size) => {
    const held = new HeldMessages();
    const a = held.list();
    const b = held.list();
    const want: [Message[], Message[]] = [[], []];
    for (let i = 0; i < count; i++) {
      const m = message(i, size);
      held.push(i % 3 === 0 ? b : a, m);
      want[i % 3 === 0 ? 1 : 0].push(m);
    }
    expect(held.take(a)).toEqual(want[0]);
    expect(held.take(b)).toEqual(want[1]);
    held.close();
  });
});

describe('eventsReplayer', () => {
  const ev = (session: string, line: number, text: string): Event => ({
    v: EVENT_VERSION,
    kind: 'user_message',
    session,
    text,
    origin: { format: 'x', source: 'f', line },
  });
  it('gives one session at a time, each made when asked for', () => {
    const events = [ev('s1', 1, 'one'), ev('s2', 2, 'two'), ev('s3', 3, 'three')];
    const r = eventsReplayer({ decode: (rec) => [events[rec.line - 1]!], end: () => [] }, 'x', 'f');
    events.forEach((_, i) => r.add({ raw: '', value: {}, line: i + 1, source: 'f' }));
    const it = r.end()[Symbol.iterator]();
    const first = it.next();
    expect(first.value).toEqual({
      session: 's1',
      source: 'f',
      format: 'x',
      messages: [{ role: 'user', content: 'one' }],
    });
    expect([...{ [Symbol.iterator]: () => it }].map((s) => s.session)).toEqual(['s2', 's3']);
  });
});
