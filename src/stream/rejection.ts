import type { Transform } from 'node:stream';
import { TxpipeError } from './errors.js';
import type { OnInvalid } from './parse.js';
import type { InvalidReason, Rec } from './rec.js';

/** Why a line was not written. */
export type RejectReason =
  | 'malformed'
  | 'truncated'
  | 'line-too-long'
  | 'over-limit'
  | 'format'
  | 'unknown-format'
  | 'too-deep'
  | 'trailing-bytes';

/** A line that a stage did not write, reported instead (DESIGN §3: nothing is lost silently). */
export interface Rejection {
  readonly source: string;
  readonly line: number;
  readonly reason: RejectReason;
  readonly message: string;
  /** The line verbatim where it could be kept (a line over `maxLineBytes` cannot). */
  readonly raw?: string;
}

/** The event name every txpipe stage emits a {@link Rejection} under. */
export const REJECT_EVENT = 'txpipe:reject';

/** Emits a rejection on a stage; listeners (the CLI's reporter, a library user) collect it. */
export function emitReject(stage: Transform, rejection: Rejection): void {
  stage.emit(REJECT_EVENT, rejection);
}

/**
 * Settles a record that is not JSON (`reason` is its `rec.invalid`) and is not passed on: a malformed line
 * under `onInvalid: 'error'` is the error returned (the caller fails the stream with it); any
 * other is reported on `stage` as a rejection, its text kept, and nothing is returned.
 */
export function rejectInvalid(
  stage: Transform,
  rec: Rec,
  reason: InvalidReason,
  onInvalid: OnInvalid,
): TxpipeError | undefined {
  if (reason === 'malformed' && onInvalid === 'error') {
    return new TxpipeError('ERR_TXPIPE_INVALID_JSON', 'line is not JSON', {
      source: rec.source,
      line: rec.line,
    });
  }
  emitReject(stage, invalidRejection(rec, reason));
  return undefined;
}

/** The rejection of a record that is not JSON (`reason` is its `rec.invalid`), its text kept. */
export function invalidRejection(rec: Rec, reason: InvalidReason): Rejection {
  return {
    source: rec.source,
    line: rec.line,
    reason,
    message: reason === 'truncated' ? 'last line cut off (not JSON)' : 'line is not JSON',
    raw: rec.raw,
  };
}
