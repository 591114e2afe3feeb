import { TxpipeError } from './errors.js';
import type { Rec } from './rec.js';
import type { Rejection } from './rejection.js';

/**
 * The deepest nesting of arrays and objects any txpipe stage walks: the one depth limit of every
 * walker (clip, omit-binary, redact and its PII rules, withholding, convert's readers and writers,
 * replay, normalize). `JSON.parse` reads deeper values, but a recursive walk (and V8's own
 * `JSON.stringify`, from about 4,000 levels) would overflow the stack. A record nested deeper is
 * rejected as `too-deep` by the stage that would walk it, and the run goes on. Real transcripts
 * nest a few dozen levels.
 */
export const MAX_DEPTH = 1000;

/** Thrown by a walker at a record nested deeper than {@link MAX_DEPTH}; the stage rejects the line. */
export class TooDeepError extends TxpipeError {
  constructor() {
    super('ERR_TXPIPE_TOO_DEEP', `nested deeper than ${MAX_DEPTH} levels`);
    this.name = 'TooDeepError';
  }
}

/** For a walker at nesting `depth` (the top value is 0): throws {@link TooDeepError} past the limit. */
export function checkDepth(depth: number): void {
  if (depth > MAX_DEPTH) throw new TooDeepError();
}

/**
 * Throws {@link TooDeepError} when `value` nests arrays and objects deeper than {@link MAX_DEPTH},
 * without recursion: for a stage about to hand a whole record to code that walks it.
 */
export function checkValueDepth(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const v = stack.pop() as object;
    const d = depths.pop()!;
    checkDepth(d);
    const children = Array.isArray(v) ? v : Object.values(v);
    for (const c of children) {
      if (typeof c === 'object' && c !== null) {
        stack.push(c);
        depths.push(d + 1);
      }
    }
  }
}

/** The rejection of a record too deep to walk. */
export function tooDeepRejection(rec: Rec): Rejection {
  return {
    source: rec.source,
    line: rec.line,
    reason: 'too-deep',
    message: `nested deeper than ${MAX_DEPTH} levels`,
    raw: rec.raw,
  };
}
