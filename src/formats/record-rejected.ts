import { TxpipeError } from '../stream/errors.js';
import type { Rec } from '../stream/rec.js';
import type { StageContext } from '../stream/record-transform.js';

/**
 * Thrown by a decoder for one record it cannot read (corrupt for its format): `convert` and
 * `replay` reject that line (reason `format`) and read on. Any other error fails the stream.
 */
export class RecordRejected extends TxpipeError {
  constructor(message: string) {
    super('ERR_TXPIPE_FORMAT', message);
    this.name = 'RecordRejected';
  }
}

/** `read(rec)`, or, when it throws {@link RecordRejected}, that line rejected and undefined. */
export function readOrReject<T>(
  rec: Rec,
  ctx: Pick<StageContext, 'reject'>,
  read: (rec: Rec) => T,
): T | undefined {
  try {
    return read(rec);
  } catch (err) {
    if (!(err instanceof RecordRejected)) throw err;
    ctx.reject({
      source: rec.source,
      line: rec.line,
      reason: 'format',
      message: err.message,
      raw: rec.raw,
    });
    return undefined;
  }
}
