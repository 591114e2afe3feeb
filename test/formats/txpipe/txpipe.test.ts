import { describe, expect, it } from 'vitest';
import { fixture } from '../../shared.js';
import { parseLines, runConvert } from '../../convert/run-convert.js';
import { decodeAll } from '../decode.js';

describe('txpipe events (--to txpipe)', () => {
  const file = fixture(
    'flockdeck',
    'claude_more',
    'home',
    'projects',
    'C--work-shop',
    '33333333-4444-5555-6666-777777777777.jsonl',
  );

  it('writes identity first and reads back what it wrote, byte for byte', async () => {
    const text = await runConvert([file], { to: 'txpipe' });
    const first = parseLines(text)[0]!;
    expect(Object.keys(first).slice(0, 3)).toEqual(['v', 'kind', 'session']);
    const again = await runConvert([{ source: 'events.jsonl', data: Buffer.from(text) }], {
      to: 'txpipe',
      from: 'txpipe',
    });
    expect(again).toBe(text);
  });

  it('refuses a line that is not a valid event, naming it', () => {
    const ok = {
      v: 1,
      kind: 'title',
      session: 's',
      origin: { format: 'x', source: 'y', line: 1 },
      title: 't',
    };
    expect(decodeAll('txpipe', [ok])).toEqual([ok]);
    expect(() => decodeAll('txpipe', [ok, { ...ok, title: 7 }])).toThrow(
      /test\.jsonl:2: not a valid txpipe event/,
    );
    expect(() => decodeAll('txpipe', [{ ...ok, surprise: 1 }])).toThrow(/not a valid txpipe event/);
  });

  it('the writer refuses an event the schema does not allow', async () => {
    const { codecOf } = await import('../../../src/formats/codecs.js');
    const enc = codecOf('txpipe').encoder!();
    const bad = {
      v: 1,
      kind: 'user_message',
      session: 's',
      origin: { format: 'x', source: 'f', line: 3 },
    };
    expect(() => enc.encode(bad as never)).toThrow(/f:3: not a valid txpipe event/);
  });
});
