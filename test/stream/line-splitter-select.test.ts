// `select` and `narrow()` of the LineSplitter: a line is given to the sink exactly when it
// contains one of the needles in force, whatever the chunking, the needles' order, or where their
// matches fall (at line starts, ends, overlapping, several per line, none at all).
import { describe, expect, it } from 'vitest';
import { LineSplitter, type LineSink } from '../../src/stream/line-splitter.js';
import { rng } from '../clip/random.js';

const ALPHABET = ['a', 'b', 'u', 's', '"', '_', 'x', '\n', '\r', 'é'];

interface Case {
  readonly text: string;
  readonly needles: readonly string[];
  /** After this line number (1-based) the needles become `narrowTo`. */
  readonly narrowAfter?: number;
  readonly narrowTo?: readonly string[];
}

/** The line numbers a splitter selects, the input given in chunks of the given sizes. */
function selected(c: Case, chunkSizes: readonly number[]): number[] {
  const splitter = new LineSplitter({ source: 't', maxLineBytes: 1 << 20, select: c.needles });
  const got: number[] = [];
  let narrowed = false;
  const narrowIfDue = (lineNo: number): void => {
    if (!narrowed && c.narrowAfter !== undefined && lineNo >= c.narrowAfter) {
      splitter.narrow(c.narrowTo ?? []);
      narrowed = true;
    }
  };
  const sink: LineSink = {
    line: (l) => {
      got.push(l.line);
      narrowIfDue(l.line);
    },
    tooLong: () => undefined,
  };
  const buf = Buffer.from(c.text);
  let at = 0;
  for (let i = 0; at < buf.length; i++) {
    const n = Math.max(1, chunkSizes[i % chunkSizes.length] ?? buf.length);
    splitter.write(buf.subarray(at, at + n), sink);
    at += n;
  }
  splitter.end(sink);
  return got;
}

/** The same by the definition (narrowing happens on the first selected line at or after k). */
function expected(c: Case): number[] {
  const lines = c.text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let needles = c.needles;
  const out: number[] = [];
  lines.forEach((l, i) => {
    const text = l.endsWith('\r') ? l.slice(0, -1) : l;
    if (!needles.some((n) => text.includes(n))) return;
    out.push(i + 1);
    if (c.narrowAfter !== undefined && i + 1 >= c.narrowAfter && needles === c.needles) {
      needles = c.narrowTo ?? [];
    }
  });
  return out;
}

describe('LineSplitter select', () => {
  const table: Case[] = [
    // A needle with a line break never lies within a line; it must not hide the next needle.
    { text: 'xa\nbc\n', needles: ['a\nb', 'c'] },
    { text: 'xa\nb\nc\n', needles: ['a\nb', 'c'] },
    { text: 'a usage" b\nnone\n"run_start" x\n', needles: ['usage"', '"run_start"'] },
    { text: 'none\nnone\n"run_start"\nusage"\n', needles: ['usage"', '"run_start"'] },
    { text: 'usage"usage"\n"run_start"usage"\n\n', needles: ['"run_start"', 'usage"'] },
    { text: 'x\r\nusage"\r\nrun_start', needles: ['usage"', 'run_start'] },
    {
      text: 'usage"\n"run_start"\nusage"\n"run_start"\n',
      needles: ['usage"', '"run_start"'],
      narrowAfter: 1,
      narrowTo: ['usage"'],
    },
    {
      text: '"run_start"\nusage"\n"run_start"\n',
      needles: ['usage"', '"run_start"'],
      narrowAfter: 1,
      narrowTo: [],
    },
  ];
  it.each(table)('selects by the definition: %j', (c) => {
    for (const sizes of [[1 << 20], [1], [2, 3], [5, 1, 7]])
      expect(selected(c, sizes)).toEqual(expected(c));
  });

  it('selects by the definition on random lines that hold some of the needles', () => {
    const next = rng(11);
    const tokens = ['usage"', '"run_start"', 'zz', 'ab', '""'];
    const filler = ['a', 'b', 'u', '"', 'x y', 's', '_', 'é'];
    const any = (xs: readonly string[]): string => xs[Math.floor(next() * xs.length)] as string;
    for (let round = 0; round < 300; round++) {
      const lines = Array.from({ length: Math.floor(next() * 30) }, () => {
        let l = '';
        for (let k = Math.floor(next() * 6); k > 0; k--)
          l += next() < 0.2 ? any(tokens) : any(filler);
        return l + (next() < 0.1 ? '\r' : '');
      });
      const needles = tokens.filter(() => next() < 0.5);
      const c: Case = {
        text: lines.join('\n') + (next() < 0.5 ? '\n' : ''),
        needles,
        ...(next() < 0.5
          ? { narrowAfter: Math.floor(next() * 30), narrowTo: needles.filter(() => next() < 0.5) }
          : {}),
      };
      for (const sizes of [[1 << 20], [1 + Math.floor(next() * 30)], [3, 1]]) {
        expect(selected(c, sizes), JSON.stringify({ c, sizes })).toEqual(expected(c));
      }
    }
  });

  it('selects by the definition on random text, needles and chunkings', () => {
    const next = rng(7);
    const pick = (): string => ALPHABET[Math.floor(next() * ALPHABET.length)] as string;
    const word = (n: number): string =>
      Array.from({ length: n }, pick)
        .join('')
        .replace(/[\n\r]/g, 'a');
    for (let round = 0; round < 400; round++) {
      const text = Array.from({ length: Math.floor(next() * 200) }, pick).join('');
      const needles = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
        word(1 + Math.floor(next() * 3)),
      );
      const c: Case =
        next() < 0.5
          ? { text, needles }
          : {
              text,
              needles,
              narrowAfter: 1 + Math.floor(next() * 10),
              narrowTo: needles.slice(0, Math.floor(next() * needles.length)),
            };
      const sizes = [1 + Math.floor(next() * 40), 1 + Math.floor(next() * 5)];
      expect(selected(c, sizes), JSON.stringify({ c, sizes })).toEqual(expected(c));
      expect(selected(c, [1 << 20]), JSON.stringify(c)).toEqual(expected(c));
    }
  });
});
