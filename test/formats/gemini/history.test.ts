import { describe, expect, it } from 'vitest';
import { GeminiHistory } from '../../../src/formats/gemini/history.js';
import { geminiCounts, geminiTokensOf } from '../../../src/formats/gemini/tokens.js';

const meta = { sessionId: 's1', projectHash: 'h' };
const msg = (id: string, text = id) => ({ id, timestamp: 't', type: 'user', content: text });

/** The history's entries after the records, as ids (a checkpoint as `|`) and texts. */
function after(records: unknown[], maxHeld?: number) {
  const h = new GeminiHistory(maxHeld);
  const given: string[] = [];
  records.forEach((r, i) => {
    for (const e of h.apply(r, i + 1).overflow)
      given.push(e.kind === 'message' ? String(e.record.id) : '|');
  });
  const shown = h
    .entries()
    .map((e) =>
      e.kind === 'message' ? `${String(e.record.id)}=${String(e.record.content)}` : '|',
    );
  const dropped = h.dropped().map((e) => (e.kind === 'message' ? String(e.record.id) : '|'));
  return { given, shown, dropped, meta: h.meta };
}

// The rules of Gemini CLI's loadConversationRecord (chatRecordingService.ts).
describe('GeminiHistory reads a session as Gemini CLI loads it', () => {
  it.each([
    ['messages in the order written', [meta, msg('a'), msg('b')], ['a=a', 'b=b'], []],
    [
      'a record written again with the same id replaces it where it stood',
      [meta, msg('a'), msg('b'), msg('a', 'a2')],
      ['a=a2', 'b=b'],
      [],
    ],
    [
      '$rewindTo removes that message and every later one',
      [meta, msg('a'), msg('b'), msg('c'), { $rewindTo: 'b' }, msg('d')],
      ['a=a', 'd=d'],
      ['b', 'c'],
    ],
    [
      '$rewindTo an id not held clears the history',
      [meta, msg('a'), msg('b'), { $rewindTo: 'zz' }, msg('c')],
      ['c=c'],
      ['a', 'b'],
    ],
    [
      'a $set with messages is a checkpoint: the history rebuilt from them',
      [meta, msg('a'), msg('b'), { $set: { messages: [msg('s'), msg('b', 'b2')] } }, msg('c')],
      ['|', 's=s', 'b=b2', 'c=c'],
      ['a'],
    ],
    [
      'a legacy record holds its messages',
      [{ ...meta, messages: [msg('a'), msg('b')] }],
      ['a=a', 'b=b'],
      [],
    ],
    [
      'a message rewound and written again is not dropped',
      [meta, msg('a'), { $rewindTo: 'a' }, msg('a', 'again')],
      ['a=again'],
      [],
    ],
  ])('%s', (_why, records, shown, dropped) => {
    const got = after(records);
    expect(got.shown).toEqual(shown);
    expect(got.dropped).toEqual(dropped);
  });

  it('$set and the metadata line are the metadata; $set.messages is not kept there', () => {
    const got = after([meta, { $set: { summary: 'x', messages: [] } }, { $set: { summary: 'y' } }]);
    expect(got.meta).toEqual({ sessionId: 's1', projectHash: 'h', summary: 'y' });
  });

  it('past maxHeld entries the oldest is given out as it stands', () => {
    const got = after([meta, msg('a'), msg('b'), msg('c'), msg('b', 'b2')], 2);
    expect(got.given).toEqual(['a']);
    expect(got.shown).toEqual(['b=b2', 'c=c']);
  });

  it('a metadata line of another session says so, and is read again after clear()', () => {
    const h = new GeminiHistory();
    h.apply(meta, 1);
    h.apply(msg('a'), 2);
    const other = { sessionId: 's2', projectHash: 'h' };
    expect(h.apply(other, 3).newSession).toBe(true);
    h.clear();
    expect(h.apply(other, 3).newSession).toBeUndefined();
    expect(h.meta.sessionId).toBe('s2');
  });
});

describe("Gemini's tokens as txpipe's counts", () => {
  it.each([
    // [tokens, input, output, cacheRead]
    [{ input: 100, output: 10, cached: 0, thoughts: 0, tool: 0, total: 110 }, 100, 10, 0],
    [{ input: 100, output: 10, cached: 60, thoughts: 0, tool: 0, total: 110 }, 40, 10, 60],
    [{ input: 100, output: 10, cached: 0, thoughts: 25, tool: 0, total: 135 }, 100, 35, 0],
    [{ input: 100, output: 10, cached: 60, thoughts: 5, tool: 7, total: 122 }, 47, 15, 60],
    // Older records without thoughts and tool; a cache larger than the prompt is capped.
    [{ input: 50, output: 5, cached: 80, total: 55 }, 0, 5, 50],
  ])('%o', (t, input, output, cacheRead) => {
    const g = geminiTokensOf(t)!;
    const c = geminiCounts(g);
    expect(c).toEqual({ input, output, cacheRead });
    if (t.cached <= t.input) expect(c.input + c.output + c.cacheRead).toBe(t.total);
  });

  it('no tokens (null, absent) is no count', () => {
    expect(geminiTokensOf(null)).toBeUndefined();
    expect(geminiTokensOf(undefined)).toBeUndefined();
  });
});
