import type { Transform } from 'node:stream';

/** Why a line was not written. */
export type RejectReason = 'malformed' | 'truncated' | 'line-too-long' | 'over-limit' | 'format';

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
