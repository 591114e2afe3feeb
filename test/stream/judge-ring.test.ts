// The shared ring a judging worker writes its verdicts into (judge-ring.ts): a verdict is read
// back only for its own file, line and length, never from a slot being written.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { readVerdict, ringMemory, RING_SLOTS, writeVerdict } from '../../src/stream/judge-ring.js';
import { ensureBuilt, repoRoot } from '../shared.js';

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

describe('judge ring between two threads', () => {
  it('a verdict read while another thread rewrites the slot is the one written for that key', async () => {
    ensureBuilt();
    const memory = ringMemory();
    const stop = new Int32Array(new SharedArrayBuffer(4));
    // The writer flips a few slots between two lines each, every write with its own verdict: a
    // read mixing the fields of two writes would pair one line with the other's verdict.
    const ring = pathToFileURL(join(repoRoot, 'dist', 'src', 'stream', 'judge-ring.js')).href;
    const worker = new Worker(
      `const { workerData: { memory, stop } } = require('node:worker_threads');
import(${JSON.stringify(ring)}).then(({ writeVerdict, RING_SLOTS }) => {
  const ring = new Int32Array(memory);
  const halt = new Int32Array(stop);
  for (let i = 0; Atomics.load(halt, 0) === 0; i++) {
    const line = 1 + (i % 4) + (i & 4 ? RING_SLOTS : 0);
    writeVerdict(ring, 1, line, line % 1000, line * 3);
  }
});`,
      { eval: true, workerData: { memory, stop: stop.buffer } },
    );
    const exited = new Promise((resolve) => worker.on('exit', resolve));
    const view = new Int32Array(memory);
    let seen = 0;
    let wrong = 0;
    // 400 ms of reads once the writer has begun (it may be slow to start on a busy machine).
    const start = Date.now();
    let until = Infinity;
    while (Date.now() < until && Date.now() - start < 20_000) {
      if (seen > 0 && until === Infinity) until = Date.now() + 400;
      for (let k = 0; k < 1000; k++) {
        const line = 1 + (k % 4) + (k & 4 ? RING_SLOTS : 0);
        const v = readVerdict(view, 1, line, line % 1000);
        if (v < 0) continue;
        seen++;
        if (v !== line * 3) wrong++;
      }
    }
    Atomics.store(stop, 0, 1);
    await exited;
    expect(wrong).toBe(0);
    expect(seen).toBeGreaterThan(1000);
  });
});
