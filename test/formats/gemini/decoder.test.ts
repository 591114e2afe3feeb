import { describe, expect, it } from 'vitest';
import { decodeAll, pick } from '../decode.js';

const meta = { sessionId: 's1', projectHash: 'h', startTime: '2026-01-01T00:00:00Z' };
const user = (id: string, text: string) => ({
  id,
  timestamp: 't',
  type: 'user',
  content: [{ text }],
});
const reply = (id: string, text: string, tokens?: Record<string, number>) => ({
  id,
  timestamp: 't',
  type: 'gemini',
  content: text,
  thoughts: [],
  tokens: tokens ?? null,
  model: 'gemini-2.5-pro',
});
const tokens = { input: 10, output: 2, cached: 4, thoughts: 1, tool: 3, total: 16 };

describe('the Gemini decoder', () => {
  it('past maxHeldMessages the oldest messages are given as they stand, after session_start', () => {
    const records = [meta, user('u1', 'a'), reply('g1', 'b'), user('u2', 'c'), reply('g2', 'd')];
    const held = decodeAll('gemini', records);
    const bounded = decodeAll('gemini', records, { maxHeldMessages: 1 });
    expect(bounded.map((e) => e.kind)).toEqual(held.map((e) => e.kind));
    expect(pick(bounded, 'text')).toEqual(pick(held, 'text'));
    expect(bounded[0]!.kind).toBe('session_start');
  });

  it('a metadata line of another session ends the one before it', () => {
    const events = decodeAll('gemini', [
      meta,
      user('u1', 'a'),
      { sessionId: 's2', projectHash: 'h' },
      user('u2', 'b'),
    ]);
    expect(events.map((e) => `${e.session}:${e.kind}`)).toEqual([
      's1:session_start',
      's1:user_message',
      's1:session_end',
      's2:session_start',
      's2:user_message',
      's2:session_end',
    ]);
  });

  it("a reply's usage: prompt less cached plus tool, reply plus thoughts, Gemini's counts kept in meta", () => {
    const events = decodeAll('gemini', [meta, user('u1', 'a'), reply('g1', 'b', tokens)]);
    const usage = events.find((e) => e.kind === 'usage') as unknown as Record<string, unknown>;
    expect(usage.tokens).toEqual({ input: 10 - 4 + 3, output: 2 + 1, cacheRead: 4 });
    expect(usage.meta).toEqual({ gemini: { thoughts: 1, tool: 3, cached: 4, total: 16 } });
  });

  it('user text Gemini writes itself is not a prompt; commands are commands', () => {
    const events = decodeAll('gemini', [
      meta,
      user('u1', '/compress'),
      user('u2', '<session_context>cwd</session_context>'),
      user('u3', 'Fix it'),
    ]);
    expect(pick(events, 'role')).toEqual([
      { kind: 'user_message', role: 'command' },
      { kind: 'user_message', role: 'meta' },
      { kind: 'user_message', role: 'prompt' },
    ]);
  });

  it('a line that is no Gemini record is rejected', () => {
    expect(() => decodeAll('gemini', [meta, { type: 'assistant', uuid: 'x' }])).toThrow(
      /not a Gemini CLI session line/,
    );
  });
});

describe('the Gemini decoder, times', () => {
  it("a thought without its own timestamp has the message's time", () => {
    const m = { ...reply('g1', 'b'), timestamp: '2026-01-01T00:00:05Z' };
    const events = decodeAll('gemini', [
      meta,
      { ...m, thoughts: [{ subject: 's', description: 'd' }] },
    ]);
    expect(events.find((e) => e.kind === 'thinking')?.time).toBe('2026-01-01T00:00:05Z');
  });
});
