import type { JudgePart, JudgeWorkerData } from './line-judge.js';
import { LineSplitter, type LineSink } from './line-splitter.js';
import { RING_SLOTS, writeVerdict } from './judge-ring.js';

/**
 * The loop of a judging worker (see line-judge.ts): splits the parts of each file with the same
 * `LineSplitter` as the main thread (so line N here is the same text as line N there), and writes
 * the verdict of `judge` on every line it ends into the shared ring (judge-ring.ts), except the
 * lines the main thread has passed already (it judged those itself, or read their verdicts).
 * Before a line a ring's length ahead of the main thread, it waits for the main thread to move on
 * (a file of short lines is read ahead by more lines than the ring holds). Lines over
 * `maxLineBytes` are not judged (the main thread drops them).
 */
export function serveLineJudge(wd: JudgeWorkerData, judge: (text: string) => number): void {
  const passed = new Int32Array(wd.passed);
  const busy = new Int32Array(wd.busy);
  const ring = new Int32Array(wd.verdicts);
  let gen = -1;
  let splitter: LineSplitter | undefined;
  /** Whether to judge line `n` of file `gen`: not passed yet, after waiting to be in reach. */
  const wanted = (n: number): boolean => {
    for (;;) {
      const file = Atomics.load(passed, 1);
      const at = Atomics.load(passed, 0);
      if (file !== gen) return file < gen; // the main thread is past this file, or not at it yet
      if (n <= at) return false;
      if (n - at < RING_SLOTS) return true;
      // The main thread moves the line on at every record: a short wait, then look again.
      Atomics.wait(passed, 0, at, 5);
    }
  };
  const sink: LineSink = {
    line(line) {
      if (wanted(line.line)) writeVerdict(ring, gen, line.line, line.text.length, judge(line.text));
    },
    tooLong: () => undefined,
  };
  wd.port.on('message', (m: JudgePart) => {
    if (m.gen !== gen || splitter === undefined) {
      gen = m.gen;
      splitter = new LineSplitter({ source: '', maxLineBytes: m.maxLineBytes });
    }
    const part = Buffer.from(m.sab, 0, m.length);
    splitter.write(part, sink);
    // The start of a line that goes on in the next part is copied out: the buffer is free now.
    splitter.release(part);
    Atomics.store(busy, m.slot, 0);
  });
}
