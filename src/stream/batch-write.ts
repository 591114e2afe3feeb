import type { OnInvalid } from './parse.js';
import { rawBytes } from './raw-bytes.js';
import type { Rec } from './rec.js';
import { invalidRejection, type Rejection } from './rejection.js';
import { TxpipeError } from './errors.js';
import { recText } from './stringify.js';

const LF = 0x0a;

/** What {@link encodeBatch} gives: the batch's JSON Lines bytes, and the error that stopped it. */
export interface EncodedBatch {
  /** The lines of the records before an error (all of them when there is none). */
  readonly bytes: Buffer;
  /** `onInvalid: 'error'` met a malformed line: the records after it are not encoded. */
  readonly error?: TxpipeError;
}

/**
 * Records as JSON Lines bytes, as `stringify` writes them: an unchanged record as its original
 * text (its bytes when the reader kept them), a changed one serialised, each ending with `\n`; a
 * record that is not JSON is written (`pass`), reported to `reject` (`skip`, and always a
 * `truncated` last line) or stops the batch (`error`, a malformed line). One buffer per batch.
 */
export function encodeBatch(
  recs: readonly Rec[],
  onInvalid: OnInvalid,
  reject: (r: Rejection) => void,
): EncodedBatch {
  const parts: (string | Buffer)[] = [];
  let size = 0;
  let error: TxpipeError | undefined;
  for (let i = 0; i < recs.length; i++) {
    const rec = recs[i] as Rec;
    if (rec.invalid !== undefined && (rec.invalid === 'truncated' || onInvalid !== 'pass')) {
      if (rec.invalid === 'malformed' && onInvalid === 'error') {
        error = new TxpipeError('ERR_TXPIPE_INVALID_JSON', 'line is not JSON', {
          source: rec.source,
          line: rec.line,
        });
        break;
      }
      reject(invalidRejection(rec, rec.invalid));
      continue;
    }
    const bytes = rawBytes(rec);
    if (bytes !== undefined) {
      parts.push(bytes);
      size += bytes.length + 1;
    } else {
      const text = recText(rec);
      parts.push(text);
      // Never less than the UTF-8 length: a string of n UTF-16 units takes at most 3n bytes.
      size += text.length * 3 + 1;
    }
  }
  const buf = Buffer.allocUnsafe(size);
  let pos = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string | Buffer;
    pos += typeof p === 'string' ? buf.write(p, pos) : p.copy(buf, pos);
    buf[pos++] = LF;
  }
  const out = buf.subarray(0, pos);
  return error === undefined ? { bytes: out } : { bytes: out, error };
}
