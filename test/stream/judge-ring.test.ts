// The shared ring a judging worker writes its verdicts into (judge-ring.ts): a verdict is read
// back only for its own file, line and length, never from a slot being written.
import { describe, expect, it } from 'vitest';
import { readVerdict, ringMemory, RING_SLOTS, writeVerdict } from '../../src/stream/judge-ring.js';

describe('judge ring', () => {
  it.each([
    ['the same file, line and length', 3, 7, 120, 2],
    ['another file (an earlier one wrote the slot)', 2, 7, 120, -1],
    ['another length', 3, 7, 121, -1],
    ['a line sharing the slot', 3, 7 + RING_SLOTS, 120, -1],
    ['a line never written', 3, 8, 0, -1],
  ])('%s', (_label, gen, line, length, want) => {
    const ring = new Int32Array(ringMemory());
    writeVerdict(ring, 3, 7, 120, 2);
    expect(readVerdict(ring, gen, line, length)).toBe(want);
  });

  it('a slot is rewritten for a later line, and read as that line only', () => {
    const ring = new Int32Array(ringMemory());
    writeVerdict(ring, 1, 5, 10, 1);
    writeVerdict(ring, 1, 5 + RING_SLOTS, 11, 0);
    expect(readVerdict(ring, 1, 5, 10)).toBe(-1);
    expect(readVerdict(ring, 1, 5 + RING_SLOTS, 11)).toBe(0);
  });

  it('a slot whose sequence number is odd (being written) is not read', () => {
    const ring = new Int32Array(ringMemory());
    writeVerdict(ring, 1, 9, 4, 1);
    const at = 9 * (ring.length / RING_SLOTS);
    Atomics.add(ring, at, 1);
    expect(readVerdict(ring, 1, 9, 4)).toBe(-1);
    Atomics.add(ring, at, 1);
    expect(readVerdict(ring, 1, 9, 4)).toBe(1);
  });
});
