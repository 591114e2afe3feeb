/**
 * The verdicts a judging worker gives (line-judge.ts), in memory shared with the main thread: a
 * ring of RING_SLOTS slots, line N in slot N % RING_SLOTS, each written by the worker alone under
 * a sequence number (odd while it writes), so the main thread reads a slot without a message and
 * without a lock, and never half-written.
 */
export const RING_SLOTS = 1 << 16;
const STRIDE = 8;
const SEQ = 0;
const GEN = 1;
const LINE = 2;
const LENGTH = 3;
const VERDICT = 4;

/** The shared memory of a ring. */
export function ringMemory(): SharedArrayBuffer {
  return new SharedArrayBuffer(RING_SLOTS * STRIDE * 4);
}

/** The worker's side: writes the verdict on line `line` (file `gen`, `length` characters). */
export function writeVerdict(
  ring: Int32Array,
  gen: number,
  line: number,
  length: number,
  verdict: number,
): void {
  const at = (line % RING_SLOTS) * STRIDE;
  const seq = ring[at + SEQ] as number;
  Atomics.store(ring, at + SEQ, seq + 1);
  Atomics.store(ring, at + GEN, gen);
  Atomics.store(ring, at + LINE, line);
  Atomics.store(ring, at + LENGTH, length);
  Atomics.store(ring, at + VERDICT, verdict);
  Atomics.store(ring, at + SEQ, seq + 2);
}

/** The main thread's side: the verdict on line `line` of file `gen`, `length` characters, or -1. */
export function readVerdict(ring: Int32Array, gen: number, line: number, length: number): number {
  const at = (line % RING_SLOTS) * STRIDE;
  const seq = Atomics.load(ring, at + SEQ);
  if ((seq & 1) !== 0) return -1;
  const g = Atomics.load(ring, at + GEN);
  const l = Atomics.load(ring, at + LINE);
  const n = Atomics.load(ring, at + LENGTH);
  const v = Atomics.load(ring, at + VERDICT);
  if (Atomics.load(ring, at + SEQ) !== seq) return -1;
  return g === gen && l === line && n === length ? v : -1;
}
