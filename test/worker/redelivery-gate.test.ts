import { describe, expect, it } from 'vitest';
import { RedeliveryGate } from '../../src/worker/redelivery-gate.js';

/** A fetched message that counts the times it was told it is being worked on. */
const msg = (seq: number) => {
  const m = { seq, worked: 0, working: () => void m.worked++ };
  return m;
};
const seqs = (ms: readonly { seq: number }[]) => ms.map((m) => m.seq);

describe('RedeliveryGate: a restarted worker takes the dead one`s messages first', () => {
  it('is open when nothing was pending at start', () => {
    const g = new RedeliveryGate({ ackPending: 0, delivered: 50 }, 1000);
    expect(g.holding).toBe(false);
    expect(seqs(g.admit([msg(51), msg(52)], undefined, 0))).toEqual([51, 52]);
  });

  it('parks newer messages (keeping their ack wait fresh) until every pending one came back, then gives them in order', () => {
    const g = new RedeliveryGate({ ackPending: 2, delivered: 10 }, 1000);
    const new12 = msg(12);
    const new11 = msg(11);
    expect(seqs(g.admit([new12, new11], 5, 0))).toEqual([]);
    expect(new12.worked + new11.worked).toBe(2);
    expect(seqs(g.admit([msg(9)], 5, 1))).toEqual([9]);
    expect(g.holding).toBe(true);
    // The second pending one comes back: it first, then the parked ones by sequence.
    expect(seqs(g.admit([msg(13), msg(10)], 5, 2))).toEqual([10, 11, 12, 13]);
    expect(g.holding).toBe(false);
    expect(seqs(g.admit([msg(14)], undefined, 3))).toEqual([14]);
  });

  it('a redelivery of a parked message replaces it (taken once)', () => {
    const g = new RedeliveryGate({ ackPending: 1, delivered: 3 }, 1000);
    g.admit([msg(4)], 0, 0);
    g.admit([msg(4)], 0, 1);
    expect(seqs(g.admit([msg(3)], 0, 2))).toEqual([3, 4]);
  });

  it('opens when the acknowledgement floor passed the pending ones (another worker acknowledged them)', () => {
    const g = new RedeliveryGate({ ackPending: 3, delivered: 20 }, 1000);
    expect(seqs(g.admit([msg(21)], 19, 0))).toEqual([]);
    expect(seqs(g.admit([msg(22)], 20, 1))).toEqual([21, 22]);
  });

  it('opens at its deadline (the pending ones may have left the stream)', () => {
    const g = new RedeliveryGate({ ackPending: 3, delivered: 20 }, 1000);
    expect(seqs(g.admit([msg(21)], 0, 999))).toEqual([]);
    expect(seqs(g.admit([], 0, 1000))).toEqual([21]);
  });
});
