import { describe, expect, it } from 'vitest';
import { TokenDeltas } from '../../../src/formats/codex/token-deltas.js';

/** A `TokenUsage` (input, cached, output, reasoning, total). */
const u = (i: number, c: number, o: number, r: number, t: number) => ({
  input_tokens: i,
  cached_input_tokens: c,
  output_tokens: o,
  reasoning_output_tokens: r,
  total_tokens: t,
});
const tc = (total?: object, last?: object) => ({
  type: 'token_count',
  info: {
    ...(total ? { total_token_usage: total } : {}),
    ...(last ? { last_token_usage: last } : {}),
  },
});
const none = { type: 'token_count', info: null, rate_limits: {} };

/** [name, payloads, the calls read (input, cached, output, reasoning, total; null for none)] */
const rows: [string, object[], (number[] | null)[]][] = [
  [
    'last_token_usage is the call',
    [
      tc(u(100, 40, 10, 4, 110), u(100, 40, 10, 4, 110)),
      tc(u(250, 90, 30, 9, 280), u(150, 50, 20, 5, 170)),
    ],
    [
      [100, 40, 10, 4, 110],
      [150, 50, 20, 5, 170],
    ],
  ],
  [
    'the same totals again are one call',
    [
      tc(u(100, 40, 10, 4, 110), u(100, 40, 10, 4, 110)),
      tc(u(100, 40, 10, 4, 110), u(100, 40, 10, 4, 110)),
    ],
    [[100, 40, 10, 4, 110], null],
  ],
  [
    'totals only: the difference',
    [tc(u(100, 0, 10, 4, 110)), tc(u(300, 64, 25, 6, 325))],
    [
      [100, 0, 10, 4, 110],
      [200, 64, 15, 2, 215],
    ],
  ],
  [
    'totals only, repeated',
    [tc(u(100, 0, 10, 4, 110)), tc(u(100, 0, 10, 4, 110))],
    [[100, 0, 10, 4, 110], null],
  ],
  [
    'info null reports nothing and is not a repeat',
    [none, tc(u(5, 0, 1, 0, 6), u(5, 0, 1, 0, 6)), none],
    [null, [5, 0, 1, 0, 6], null],
  ],
  [
    'totals that went down started again',
    [tc(u(500, 0, 50, 0, 550)), tc(u(80, 0, 8, 0, 88))],
    [
      [500, 0, 50, 0, 550],
      [80, 0, 8, 0, 88],
    ],
  ],
  [
    'cached above input is capped at input',
    [tc(undefined, u(10, 30, 1, 0, 11))],
    [[10, 10, 1, 0, 11]],
  ],
  ['an all-zero call reports nothing', [tc(u(0, 0, 0, 0, 0), u(0, 0, 0, 0, 0))], [null]],
];

describe('TokenDeltas: token_count events to per-call usage', () => {
  it.each(rows)('%s', (_name, payloads, want) => {
    const d = new TokenDeltas();
    const got = payloads.map((p) => {
      const c = d.take(p as Record<string, unknown>);
      return c ? [c.input, c.cached, c.output, c.reasoning, c.total] : null;
    });
    expect(got).toEqual(want);
  });

  it('says which payload repeated the totals before it', () => {
    const d = new TokenDeltas();
    const same = tc(u(1, 0, 1, 0, 2), u(1, 0, 1, 0, 2)) as Record<string, unknown>;
    expect([same, same, none, same].map((p) => (d.take(p), d.repeated))).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });
});
