// The claim counters two threads share to read input files ahead of their turn (`usage` with a
// worker): inputs are claimed in order, each once, never more than a window past those handed on.
import { describe, expect, it } from 'vitest';
import {
  claimAt,
  claimFile,
  CLAIM_SLOTS,
  FED,
  NEXT,
  WINDOW_FULL,
} from '../../src/usage/claim-file.js';

function counters(next: number, fed: number): Int32Array {
  const s = new Int32Array(new SharedArrayBuffer(CLAIM_SLOTS * 4));
  s[NEXT] = next;
  s[FED] = fed;
  return s;
}

describe('claimFile', () => {
  // [what, next, fed, count, window, claimed, next after]
  const rows: [string, number, number, number, number, number, number][] = [
    ['the first input', 0, 0, 5, 2, 0, 1],
    ['the next one inside the window', 1, 0, 5, 2, 1, 2],
    ['none when the next lies a window past those handed on', 2, 0, 5, 2, WINDOW_FULL, 2],
    ['one again once an input is handed on', 2, 1, 5, 2, 2, 3],
    ['the count once every input is claimed', 5, 3, 5, 8, 5, 5],
    ['the count for no inputs', 0, 0, 0, 8, 0, 0],
  ];
  it.each(rows)('%s', (_, next, fed, count, window, claimed, after) => {
    const s = counters(next, fed);
    expect(claimFile(s, count, window)).toBe(claimed);
    expect(s[NEXT]).toBe(after);
  });

  it('hands each input out once, in order, however the claims go', () => {
    const s = counters(0, 0);
    const got: number[] = [];
    for (;;) {
      const i = claimFile(s, 10, 3);
      if (i === 10) break;
      if (i === WINDOW_FULL) s[FED] = (s[FED] as number) + 1;
      else got.push(i);
    }
    expect(got).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('claimAt', () => {
  it('claims an input at its turn when nobody has', () => {
    const s = counters(3, 3);
    expect(claimAt(s, 3)).toBe(true);
    expect(s[NEXT]).toBe(4);
  });

  it('does not claim an input another thread holds', () => {
    const s = counters(5, 3);
    expect(claimAt(s, 3)).toBe(false);
    expect(s[NEXT]).toBe(5);
  });
});
