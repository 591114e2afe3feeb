import type { JudgePart, JudgeVerdicts, JudgeWorkerData } from './line-judge.js';
import { LineSplitter, type LineSink } from './line-splitter.js';

/** Characters of judged lines after which the worker answers (before the part's end). */
const ANSWER_CHARS = 64 * 1024;

/**
 * The loop of a judging worker (see line-judge.ts): splits the parts of each file with the same
 * `LineSplitter` as the main thread (so line N here is the same text as line N there), and
 * answers each part with the verdict of `judge` on every line it ended, except the lines the
 * main thread has passed already (it judged those itself). Lines over `maxLineBytes` are not
 * judged (the main thread drops them).
 */
export function serveLineJudge(wd: JudgeWorkerData, judge: (text: string) => number): void {
  const passed = new Int32Array(wd.passed);
  const busy = new Int32Array(wd.busy);
  let gen = -1;
  let splitter: LineSplitter | undefined;
  let lines: number[] = [];
  let lengths: number[] = [];
  let verdicts: number[] = [];
  let chars = 0;
  const answer = (): void => {
    const out: JudgeVerdicts = {
      gen,
      lines: Float64Array.from(lines),
      lengths: Float64Array.from(lengths),
      verdicts: Uint8Array.from(verdicts),
    };
    lines = [];
    lengths = [];
    verdicts = [];
    chars = 0;
    wd.port.postMessage(out, [
      out.lines.buffer as ArrayBuffer,
      out.lengths.buffer as ArrayBuffer,
      out.verdicts.buffer as ArrayBuffer,
    ]);
  };
  const sink: LineSink = {
    line(line) {
      if (line.line <= Atomics.load(passed, 0)) return;
      lines.push(line.line);
      lengths.push(line.text.length);
      verdicts.push(judge(line.text));
      // Answered every 64 Ki characters, not only per part: the main thread, which may be at
      // these lines already, takes them as they come.
      chars += line.text.length;
      if (chars >= ANSWER_CHARS) answer();
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
    if (lines.length > 0) answer();
  });
}
