import { Transform, type TransformCallback } from 'node:stream';
import { afterDrain } from './after-drain.js';
import { badOption } from './errors.js';
import { stringifyKeepingNumbers } from './exact-numbers.js';
import { checkOnInvalid, type OnInvalid } from './parse.js';
import type { Rec } from './rec.js';
import { rawBytes } from './raw-bytes.js';
import { rejectInvalid } from './rejection.js';
import { checkKnownOptions, optionNames } from './known-options.js';

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

const LF = 0x0a;
const NEWLINE = Buffer.from('\n');
const EMPTY = Buffer.alloc(0);

/** The text of changed records a stage asked for ({@link currentText}), so the writer reuses it. */
const texts = new WeakMap<Rec, string>();

/**
 * The text written for a record: `raw` unless a stage changed the value; then the value
 * serialised, numbers the stage did not touch written as they were read (see exact-numbers.ts).
 */
export function recText(rec: Rec): string {
  if (!rec.changed) return rec.raw;
  return texts.get(rec) ?? stringifyKeepingNumbers(rec.value, rec.raw);
}

/**
 * The record's text as it stands, for a stage that judges text (redact's prescan): `raw` of an
 * unchanged record, else what the writer will write (a changed record's `raw` is the line as read,
 * or empty for one a stage made: convert, replay). Remembered, so the writer does not make it
 * again when the stage passes the record on.
 */
export function currentText(rec: Rec): string {
  if (!rec.changed) return rec.raw;
  let text = texts.get(rec);
  if (text === undefined) texts.set(rec, (text = stringifyKeepingNumbers(rec.value, rec.raw)));
  return text;
}

/**
 * The record as a reader of the written line would get it: a changed record becomes one whose
 * `raw` is its text ({@link currentText}), unchanged; an unchanged one is itself. For the stages
 * that read `raw` (a decoder keeps a line byte-exact: rupu's `rupuLine`) or hand records on to
 * the next command of a pipeline (as-piped.ts).
 */
export function settledRec(rec: Rec): Rec {
  if (!rec.changed) return rec;
  return { ...rec, raw: currentText(rec), changed: false };
}

/** Every option `stringify` takes (a misspelt one is an error, not ignored). */
const stringifyOptionNames = optionNames<StringifyOptions>({ onInvalid: true, batchBytes: true });

/**
 * Writes records as JSON Lines: an unchanged record as its original text, a changed one
 * serialised, each ending with `\n`. Output is gathered into batches of about `batchBytes`: a
 * batch is pushed when it is full, or on the next turn of the event loop (`setImmediate`) when no
 * more records came by then, so a fast stream is written in few large writes and a slow trickle
 * of lines (a log shipper) is not held back.
 */
export function stringify(options: StringifyOptions = {}): Transform {
  checkKnownOptions('stringify', options, stringifyOptionNames);
  const onInvalid = checkOnInvalid(options.onInvalid ?? stringifyDefaults.onInvalid);
  const batchBytes = options.batchBytes ?? stringifyDefaults.batchBytes;
  if (!(Number.isInteger(batchBytes) && batchBytes > 0)) {
    badOption(`batchBytes must be a positive integer, got ${String(options.batchBytes)}`);
  }
  // The batch: bytes gathered in `buf[0, pos)`. Records shorter than a batch are copied (or
  // encoded) straight into it; `buf` has room for two batches, so one always fits.
  let buf = EMPTY;
  let pos = 0;
  let timer: NodeJS.Immediate | undefined;
  const pushBatch = (): void => {
    if (timer !== undefined) clearImmediate(timer);
    timer = undefined;
    if (pos === 0) return;
    if (pos >= batchBytes / 4) {
      stage.push(buf.subarray(0, pos)); // handed on: the next batch gets a new buffer
      buf = EMPTY;
    } else {
      // A small batch (a trickle) is copied out, so a queue of them does not pin a big buffer
      // each, and the buffer is used again.
      stage.push(Buffer.from(buf.subarray(0, pos)));
    }
    pos = 0;
  };
  const room = (): void => {
    if (buf === EMPTY) buf = Buffer.allocUnsafe(2 * batchBytes);
  };
  const stage = new Transform({
    writableObjectMode: true,
    readableObjectMode: false,
    transform(this: Transform, rec: Rec, _enc: BufferEncoding, done: TransformCallback) {
      if (rec.invalid !== undefined && (rec.invalid === 'truncated' || onInvalid !== 'pass')) {
        const err = rejectInvalid(this, rec, rec.invalid, onInvalid);
        if (err) {
          // What came before the bad line is written before the stream fails.
          pushBatch();
          return afterDrain(this, () => done(err), false);
        }
      } else {
        // An untouched record is written from the bytes it was read from when the reader kept
        // them (no encoding); a line longer than a batch goes out on its own, not copied.
        const bytes = rawBytes(rec);
        if (bytes !== undefined && bytes.length < batchBytes) {
          room();
          pos += bytes.copy(buf, pos);
          buf[pos++] = LF;
        } else if (bytes !== undefined) {
          pushBatch();
          this.push(bytes);
          this.push(NEWLINE);
        } else {
          const text = recText(rec);
          if (text.length < batchBytes / 3 || Buffer.byteLength(text) < batchBytes) {
            room();
            pos += buf.write(text, pos);
            buf[pos++] = LF;
          } else {
            pushBatch();
            this.push(text + '\n');
          }
        }
      }
      if (pos >= batchBytes) pushBatch();
      else if (pos > 0 && timer === undefined) timer = setImmediate(pushBatch);
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
