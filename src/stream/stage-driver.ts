import type { Transform } from 'node:stream';
import { recordLogicOf } from './batch-logic.js';
import type { Rec } from './rec.js';
import { REJECT_EVENT, type Rejection } from './rejection.js';

/** What driving one record (or the end) through the stages gave. */
export interface DriveResult {
  /** The records the last stage gave, in order. */
  readonly out: Rec[];
  /** The lines the stages reported and did not write while this record went through. */
  readonly rejected: Rejection[];
}

type Callback = (err?: Error | null, value?: unknown) => void;
type Pushing = Transform & {
  _transform(chunk: unknown, enc: BufferEncoding, cb: Callback): void;
  _flush?(cb: Callback): void;
};

/**
 * Drives a list of stages (native object-mode Transforms, as `CommandBehaviour.stages` builds
 * them) one record at a time, without piping them: each stage's `_transform` is called with the
 * record and what it pushes is collected, then handed to the next stage. So a caller knows which
 * records came out of which input, and when they are all out: what a line filter needs to answer
 * each line, and a worker to acknowledge a message only after its outputs. The stages keep their
 * state from record to record, as in a pipeline; they are never ended except by `end()`.
 */
export class StageDriver {
  private readonly stages: Pushing[];
  private readonly sinks: unknown[][];
  private readonly rejected: Rejection[] = [];
  private ended = false;

  constructor(stages: readonly Transform[]) {
    this.stages = stages as Pushing[];
    this.sinks = this.stages.map((stage) => {
      const sink: unknown[] = [];
      // Every push of the stage (its callback's value, or a `ctx.push`) lands in the sink.
      stage.push = (chunk: unknown): boolean => {
        if (chunk !== null && chunk !== undefined) sink.push(chunk);
        return true;
      };
      stage.on(REJECT_EVENT, (r: Rejection) => this.rejected.push(r));
      return sink;
    });
  }

  /** Drives one record through every stage. A stage's error rejects, leaving the stages usable. */
  async process(rec: Rec): Promise<DriveResult> {
    if (this.ended) throw new Error('StageDriver: process() after end()');
    this.rejected.length = 0;
    let batch: unknown[] = [rec];
    for (let i = 0; i < this.stages.length; i++) batch = await this.through(i, batch);
    return { out: batch as Rec[], rejected: this.rejected.splice(0) };
  }

  /**
   * The smallest record line any stage may still give output for later (`RecordLogic.heldFrom`),
   * or undefined: every record below it has given all it ever will.
   */
  heldFrom(): number | undefined {
    let min: number | undefined;
    for (const stage of this.stages) {
      const at = recordLogicOf(stage)?.heldFrom?.();
      if (at !== undefined && (min === undefined || at < min)) min = at;
    }
    return min;
  }

  /** Ends every stage in order (their flush), giving what they held. */
  async end(): Promise<DriveResult> {
    this.ended = true;
    this.rejected.length = 0;
    let batch: unknown[] = [];
    for (let i = 0; i < this.stages.length; i++) {
      batch = await this.through(i, batch);
      const stage = this.stages[i] as Pushing;
      const sink = this.sinks[i] as unknown[];
      if (stage._flush) {
        const flush = stage._flush;
        const value = await call((cb) => flush.call(stage, cb));
        if (value !== null && value !== undefined) sink.push(value);
      }
      batch.push(...sink.splice(0));
    }
    return { out: batch as Rec[], rejected: this.rejected.splice(0) };
  }

  /** Runs stage `i` over `inputs`; gives what it pushed. */
  private async through(i: number, inputs: readonly unknown[]): Promise<unknown[]> {
    const stage = this.stages[i] as Pushing;
    const sink = this.sinks[i] as unknown[];
    for (const chunk of inputs) {
      try {
        const value = await call((cb) => stage._transform(chunk, 'utf8', cb));
        if (value !== null && value !== undefined) sink.push(value);
      } catch (err) {
        sink.length = 0;
        throw err;
      }
    }
    return sink.splice(0);
  }
}

/** Calls a Node-style stage method and gives the value its callback was given (to be pushed). */
function call(fn: (cb: Callback) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    fn((err, value) => (err ? reject(err) : resolve(value)));
  });
}
