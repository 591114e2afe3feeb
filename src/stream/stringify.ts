import { Transform, type TransformCallback } from 'node:stream';
import { TxpipeError } from './errors.js';
import { checkOnInvalid, type OnInvalid } from './parse.js';
import type { Rec } from './rec.js';
import { rawBytes } from './raw-bytes.js';
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

const NEWLINE = Buffer.from('\n');

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
  // The batch: buffers to write in one push, and their total size.
  let parts: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Immediate | undefined;
  const pushBatch = (): void => {
    if (timer !== undefined) clearImmediate(timer);
    timer = undefined;
    if (parts.length > 0) stage.push(parts.length === 1 ? parts[0] : Buffer.concat(parts, size));
    parts = [];
    size = 0;
  };
  const add = (bytes: Buffer): void => {
    parts.push(bytes);
    size += bytes.length;
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
        // An untouched record is written from the bytes it was read from: no encoding, no copy
        // but the batch's. A line longer than a batch goes out on its own, not copied at all.
        const bytes = rawBytes(rec);
        if (bytes === undefined) add(Buffer.from(recText(rec) + '\n'));
        else if (bytes.length < batchBytes) {
          add(bytes);
          add(NEWLINE);
        } else {
          pushBatch();
          this.push(bytes);
          this.push(NEWLINE);
        }
      }
      if (size >= batchBytes) pushBatch();
      else if (size > 0 && timer === undefined) timer = setImmediate(pushBatch);
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
