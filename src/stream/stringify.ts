import { Transform, type TransformCallback } from 'node:stream';
import { TxpipeError } from './errors.js';
import { checkOnInvalid, type OnInvalid } from './parse.js';
import type { Rec } from './rec.js';
import { emitReject } from './rejection.js';

export interface StringifyOptions {
  /**
   * What to do with a record that is not JSON (parsed in `pass` mode): write its text (`pass`),
   * drop and report it (`skip`), or fail (`error`). A `truncated` last line is always skipped and
   * reported.
   */
  readonly onInvalid?: OnInvalid;
  /** Bytes gathered before one push downstream; bigger batches mean fewer writes. */
  readonly batchBytes?: number;
}

export const stringifyDefaults = {
  onInvalid: 'skip',
  batchBytes: 64 * 1024,
} as const satisfies Required<StringifyOptions>;

/** The text written for a record: `raw` unless a stage changed the value. */
export function recText(rec: Rec): string {
  return rec.changed ? JSON.stringify(rec.value) : rec.raw;
}

/**
 * Writes records as JSON Lines: an unchanged record as its original text, a changed one
 * serialised, each ending with `\n`. Output is gathered into batches of about `batchBytes`: a
 * batch is pushed when it is full, or on the next turn of the event loop (`setImmediate`) when no
 * more records came by then, so a fast stream is written in few large writes and a slow trickle
 * of lines (a log shipper) is not held back.
 */
export function stringify(options: StringifyOptions = {}): Transform {
  const onInvalid = checkOnInvalid(options.onInvalid ?? stringifyDefaults.onInvalid);
  const batchBytes = options.batchBytes ?? stringifyDefaults.batchBytes;
  let batch = '';
  let timer: NodeJS.Immediate | undefined;
  const pushBatch = (): void => {
    if (timer !== undefined) clearImmediate(timer);
    timer = undefined;
    if (batch.length > 0) stage.push(batch);
    batch = '';
  };
  const stage = new Transform({
    writableObjectMode: true,
    readableObjectMode: false,
    transform(this: Transform, rec: Rec, _enc: BufferEncoding, done: TransformCallback) {
      if (rec.invalid !== undefined && (rec.invalid === 'truncated' || onInvalid !== 'pass')) {
        if (rec.invalid === 'malformed' && onInvalid === 'error') {
          return done(
            new TxpipeError('ERR_TXPIPE_INVALID_JSON', 'line is not JSON', {
              source: rec.source,
              line: rec.line,
            }),
          );
        }
        emitReject(this, {
          source: rec.source,
          line: rec.line,
          reason: rec.invalid,
          message:
            rec.invalid === 'truncated' ? 'last line cut off (not JSON)' : 'line is not JSON',
          raw: rec.raw,
        });
      } else {
        batch += recText(rec) + '\n';
      }
      if (batch.length >= batchBytes) pushBatch();
      else if (batch.length > 0 && timer === undefined) timer = setImmediate(pushBatch);
      done();
    },
    flush(this: Transform, done: TransformCallback) {
      pushBatch();
      done();
    },
    destroy(err, done) {
      if (timer !== undefined) clearImmediate(timer);
      timer = undefined;
      done(err);
    },
  });
  return stage;
}
