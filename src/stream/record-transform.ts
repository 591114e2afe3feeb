import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { TxpipeError } from './errors.js';
import { TooDeepError, tooDeepRejection } from './depth.js';
import type { LineJudge } from './line-judge.js';
import type { Rec } from './rec.js';
import { afterLoad, type AfterLoad } from './after-load.js';
import { heldRecords, keepRecordLogic, type StageLogic } from './batch-logic.js';
import { emitReject, type Rejection } from './rejection.js';

/** What a stage's logic may do besides returning records. */
export interface StageContext {
  /** Sends a record downstream (for logic that emits several, or emits later). */
  push(rec: Rec): void;
  /** Reports a line the stage did not write. */
  reject(rejection: Rejection): void;
}

/** A stage's logic: pure functions of records, with optional state kept by the caller. */
export interface RecordLogic {
  /**
   * Called for every record. Return the record (the same object when unchanged), a replacement,
   * several, or nothing (the logic pushed or holds it). A thrown error fails the stream with the
   * record's place attached, except a {@link TooDeepError}: that record is rejected as `too-deep`
   * and the stream goes on.
   */
  transform(rec: Rec, ctx: StageContext): Rec | readonly Rec[] | undefined | void;
  /**
   * Called at the end of input, to push held records, or to return them as an iterable made one
   * at a time (the CLI then writes each few before the next are made: a stage holding much until
   * the end need not have its records all at once).
   */
  flush?(ctx: StageContext): Iterable<Rec> | void;
  /**
   * Lets go of what the logic holds outside the heap (run-record's temporary file) when the
   * stage is destroyed, before its end (a failure, a reader gone) or after it. May be called
   * more than once.
   */
  close?(): void;
  /** A per-line verdict the CLI may compute ahead on another thread (line-judge.ts). */
  readonly judge?: LineJudge;
  /**
   * The smallest record `line` the logic may still give output for later (a session's end it
   * will write when the next input starts, a record made only at the end), or undefined when
   * nothing it has seen can give more. Logic that holds records themselves needs no answer here:
   * those come out with their own line. A worker acknowledges a message only below this line.
   */
  heldFrom?(): number | undefined;
}

/**
 * The one adapter from record logic to a native object-mode `Transform`: it owns the stream
 * mechanics so the logic can stay a plain function (DESIGN §6.2). Errors thrown by the logic
 * travel through the callback, never out of `_transform`. The CLI may run the same logic on
 * batches of records instead (`batch-logic.ts`).
 */
export function recordTransform(logic: RecordLogic | RecordLogic['transform']): Transform {
  return stageOf(afterLoad(undefined, () => withDepthRule(logic)));
}

/**
 * A stage whose logic needs what `pending` loads (formats' facets: `facetsPending`): built at
 * once when nothing is pending, else a stage whose logic is built when `pending` settles, before
 * its first record or its end (a failure to load or build fails the stream). The package then
 * needs no top-level await, so CommonJS can `require()` it.
 */
export function recordTransformAfter(
  pending: Promise<unknown> | undefined,
  build: () => RecordLogic | RecordLogic['transform'],
): Transform {
  return stageOf(afterLoad(pending, () => withDepthRule(build())));
}

/** A stage's logic with the depth rule of {@link recordTransform}. */
function withDepthRule(logic: RecordLogic | RecordLogic['transform']): StageLogic {
  const {
    transform: given,
    flush,
    close,
    judge,
    heldFrom,
  } = typeof logic === 'function'
    ? {
        transform: logic,
        flush: undefined,
        close: undefined,
        judge: undefined,
        heldFrom: undefined,
      }
    : logic;
  // A record nested deeper than any walker goes (MAX_DEPTH): that line only, reported. The rule
  // is part of the logic, so the CLI's batches (which run the logic directly) keep it too.
  const transform: RecordLogic['transform'] = (rec, c) => {
    try {
      return given(rec, c);
    } catch (err) {
      if (!(err instanceof TooDeepError)) throw err;
      c.reject(tooDeepRejection(rec));
      return undefined;
    }
  };
  return { transform, flush, close, judge, heldFrom };
}

/** The Transform running the logic `given` builds (at once, or after a load). */
function stageOf(given: AfterLoad<StageLogic>): Transform {
  const ctx: StageContext = {
    push: (rec) => {
      stage.push(rec);
    },
    reject: (rejection) => emitReject(stage, rejection),
  };
  const run = (logic: StageLogic, rec: Rec, done: TransformCallback): void => {
    let out: Rec | readonly Rec[] | undefined | void;
    try {
      out = logic.transform(rec, ctx);
    } catch (err) {
      return done(err as Error);
    }
    if (out === undefined) return done();
    if (Array.isArray(out)) {
      for (const r of out as readonly Rec[]) stage.push(r);
      return done();
    }
    done(null, out);
  };
  const end = (logic: StageLogic, done: TransformCallback): void => {
    try {
      const held = logic.flush?.(ctx);
      for (const r of heldRecords(held)) stage.push(r);
    } catch (err) {
      return done(err as Error);
    }
    done();
  };
  const stage: Transform = new Transform({
    objectMode: true,
    transform(rec: Rec, _enc: BufferEncoding, done: TransformCallback) {
      if (!isRec(rec)) return done(notARecord(rec));
      const logic = given.now();
      if (logic) return run(logic, rec, done);
      given.use((l) => run(l, rec, done), done);
    },
    flush(done: TransformCallback) {
      given.use((l) => end(l, done), done);
    },
    destroy(err: Error | null, done: (err: Error | null) => void) {
      try {
        given.now()?.close?.();
      } catch (closing) {
        return done(err ?? (closing as Error));
      }
      done(err);
    },
  });
  const built = given.now();
  if (built) keepRecordLogic(stage, built);
  // A stage ends with the stream it was piped in; piped into again (a second pipeline), it would
  // take nothing and never finish: the source is failed at once instead.
  stage.on('pipe', (src: Readable) => {
    if (stage.writableEnded || stage.destroyed) {
      src.destroy(
        new TxpipeError(
          'ERR_TXPIPE_STAGE_ENDED',
          'stage already ended: a stage runs in one pipeline; make a new one for each',
        ),
      );
    }
  });
  return stage;
}

/** Whether a chunk is a record (`Rec`: `raw`, `line`, `source`), as readRecords and parse make. */
function isRec(chunk: unknown): boolean {
  const r = chunk as Partial<Rec> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.line === 'number' &&
    typeof r.source === 'string' &&
    'raw' in r
  );
}

function notARecord(chunk: unknown): TxpipeError {
  const what = chunk === null ? 'null' : Array.isArray(chunk) ? 'an array' : typeof chunk;
  return new TxpipeError(
    'ERR_TXPIPE_NOT_A_RECORD',
    `not a record (${what === 'object' ? 'a plain object' : what}): a stage takes records ({ raw, value, line, source }) as readRecords() or parse() makes them; pipe those into it`,
  );
}
