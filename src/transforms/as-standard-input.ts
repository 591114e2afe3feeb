import type { Transform } from 'node:stream';
import type { OnInvalid } from '../stream/parse.js';
import type { Rec } from '../stream/rec.js';
import { recordTransform } from '../stream/record-transform.js';
import { invalidRejection } from '../stream/rejection.js';

/**
 * Between two stages of `txpipe run`: the records as the next command of the shell pipeline
 * (`txpipe A FOLDER | txpipe B`) reads them, one stream on its standard input: source `-`, lines
 * numbered from 1 in the order the stage before wrote them. So a later stage that works per input
 * (convert's reader per source, a run record per input, subagent files by path) sees what it
 * would see in the shell, and `run` writes the shell pipeline's bytes (issue 24). The record is
 * relabelled in place (the same object: the CLI still copies an unchanged record from the bytes
 * it was read from). A line that is not JSON is what the stage before writes of it under
 * `onInvalid`: reported here and not passed on (`skip`, and a truncated last line always),
 * passed on as a line of the stream (`pass`), or left for the writer to fail on, under its own
 * place (`error`).
 */
export function asStandardInput(onInvalid: OnInvalid): Transform {
  let line = 0;
  return recordTransform((rec, ctx) => {
    if (rec.invalid !== undefined && !(rec.invalid === 'malformed' && onInvalid === 'pass')) {
      if (rec.invalid === 'malformed' && onInvalid === 'error') return rec;
      ctx.reject(invalidRejection(rec, rec.invalid));
      return undefined;
    }
    const r = rec as { -readonly [K in keyof Rec]: Rec[K] };
    r.source = '-';
    r.line = ++line;
    return rec;
  });
}
