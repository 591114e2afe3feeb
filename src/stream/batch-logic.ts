import type { Transform } from 'node:stream';
import type { Rec } from './rec.js';
import type { Rejection } from './rejection.js';
import type { RecordLogic, StageContext } from './record-transform.js';

/** Where `recordTransform` keeps the logic of the stage it built (see {@link recordLogicOf}). */
const LOGIC = Symbol('txpipe.recordLogic');

/** The pure logic of a stage, for a caller that runs it on batches of records. */
export interface StageLogic {
  readonly transform: RecordLogic['transform'];
  readonly flush?: RecordLogic['flush'];
  readonly close?: RecordLogic['close'];
  readonly judge?: RecordLogic['judge'];
  readonly heldFrom?: RecordLogic['heldFrom'];
}

/** Marks `stage` as built by `recordTransform` from `logic` (nothing else about it changes). */
export function keepRecordLogic(stage: Transform, logic: StageLogic): void {
  Object.defineProperty(stage, LOGIC, { value: logic });
}

/**
 * The logic of a stage built by `recordTransform`, or undefined for any other Transform. A caller
 * that owns the stage (the CLI builds its stages and listens to nothing else on them) may run the
 * logic directly on batches of records instead of writing them to the stream one by one: the
 * records, rejections and errors are the same.
 */
export function recordLogicOf(stage: Transform): StageLogic | undefined {
  return (stage as unknown as { [LOGIC]?: StageLogic })[LOGIC];
}

/**
 * Runs stages' logic over batches of records, synchronously, in stage order: what the stages'
 * Transforms would write, for the records given so far. An error a stage throws goes to the
 * caller after what the stages made before it is in `out` (what a stage made before it failed
 * goes through the stages after it, as piped stages hand it on: `chainToEnd`), so the caller
 * writes that, then fails.
 */
export class BatchStages {
  readonly #logic: readonly StageLogic[];
  readonly #reject: (r: Rejection) => void;

  constructor(logic: readonly StageLogic[], reject: (r: Rejection) => void) {
    this.#logic = logic;
    this.#reject = reject;
  }

  /**
   * The records the stages give for `recs`, appended to `out` (which it returns). When a stage
   * throws, `out` holds what came before the failure when the error is thrown.
   */
  run(recs: readonly Rec[], out: Rec[] = []): Rec[] {
    return this.#from(0, recs, out);
  }

  /** The end of input: every stage's `flush`, in order, its records through the stages after it. */
  end(out: Rec[] = []): Rec[] {
    for (const recs of this.endChunks()) for (const r of recs) out.push(r);
    return out;
  }

  /**
   * The records of `end`, in order, a few at a time (at most `every` from a flush per chunk: few, so that the records made for a chunk die young): a
   * flush that returns its records as an iterable (run-record) makes the next ones only when the
   * caller asks, so they need not all exist at once. An error a stage throws comes out of the
   * iteration after the chunks before it.
   */
  *endChunks(every = 8): Generator<Rec[]> {
    for (let i = 0; i < this.#logic.length; i++) {
      const { flush } = this.#logic[i] as StageLogic;
      if (flush === undefined) continue;
      let pushed: Rec[] = [];
      const held = flush(this.#context(pushed));
      for (const rec of heldRecords(held)) {
        pushed.push(rec);
        if (pushed.length < every) continue;
        const out = this.#from(i + 1, pushed, []);
        pushed.length = 0;
        if (out.length > 0) yield out;
      }
      const out = this.#from(i + 1, pushed, []);
      pushed = [];
      if (out.length > 0) yield out;
    }
  }

  /** `recs` through the stages from `first` on. */
  #from(first: number, recs: readonly Rec[], out: Rec[]): Rec[] {
    let batch = recs;
    for (let i = first; i < this.#logic.length; i++) {
      const next: Rec[] = i === this.#logic.length - 1 ? out : [];
      const { transform } = this.#logic[i] as StageLogic;
      const ctx = this.#context(next);
      for (let j = 0; j < batch.length; j++) {
        let r;
        try {
          r = transform(batch[j] as Rec, ctx);
        } catch (err) {
          if (next !== out) this.#from(i + 1, next, out);
          throw err;
        }
        if (r === undefined) continue;
        if (Array.isArray(r)) for (const x of r as readonly Rec[]) next.push(x);
        else next.push(r as Rec);
      }
      batch = next;
    }
    if (batch !== out) for (const r of batch) out.push(r);
    return out;
  }

  #context(into: Rec[]): StageContext {
    return { push: (rec) => void into.push(rec), reject: this.#reject };
  }
}

/**
 * The records a `flush` returned: its iterable, or none (a flush that pushes may return anything
 * else, e.g. an arrow function's expression).
 */
export function heldRecords(held: unknown): Iterable<Rec> {
  const it = held as { [Symbol.iterator]?: unknown } | null | undefined;
  return typeof it?.[Symbol.iterator] === 'function' && typeof held !== 'string'
    ? (held as Iterable<Rec>)
    : [];
}
