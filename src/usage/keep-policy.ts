import { badOption } from '../stream/errors.js';

/**
 * Which of a reply's usage reports is kept: `last` (the final counts: on real Claude Code
 * sessions the last entry of a reply holds them, see docs/usage-evidence.md; chosen by time and
 * content, not by place, see {@link isFinal}), `first` (the first read), or `max` (the most
 * output tokens; ties go to the later entry).
 */
export type KeepPolicy = 'first' | 'last' | 'max';

export const KEEP_POLICIES: readonly KeepPolicy[] = ['first', 'last', 'max'];

/** Checks a keep option once, at construction. */
export function checkKeep(v: unknown): KeepPolicy {
  if (!KEEP_POLICIES.includes(v as KeepPolicy)) {
    badOption(`keep must be one of ${KEEP_POLICIES.join(', ')}, got ${String(v)}`);
  }
  return v as KeepPolicy;
}

/** Checks a positive integer bound once, at construction. */
export function checkBound(name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    badOption(`${name} must be a positive integer, got ${String(v)}`);
  }
  return v;
}

/** What a keep-policy compares of two reports of one reply. */
export interface ReplyReport {
  /** The time of the report's line (ISO 8601), when it has one. */
  readonly time?: string;
  /** The report ends the reply (Claude Code: its message has a `stop_reason`). */
  readonly stopped?: boolean;
  readonly output: number;
  /** All its tokens: input, output, cache writes and reads. */
  readonly total: number;
}

/** A report's time as a number; a report without a (readable) time comes before every other. */
function timeOf(r: ReplyReport): number {
  const t = r.time === undefined ? NaN : Date.parse(r.time);
  return Number.isNaN(t) ? -Infinity : t;
}

/**
 * Whether `next` is at least as final as `kept`: the later time, then the one that ends the reply
 * (`stopped`), then the more output tokens, then the more tokens in all; a report equal on all of
 * them replaces the one kept (the later read). So `last` keeps the same report of a reply
 * whatever the order its entries are read in (ccusage's totals, for any order of the lines).
 */
export function isFinal(kept: ReplyReport, next: ReplyReport): boolean {
  const dt = timeOf(next) - timeOf(kept);
  if (dt !== 0 && !Number.isNaN(dt)) return dt > 0;
  if ((next.stopped === true) !== (kept.stopped === true)) return next.stopped === true;
  if (next.output !== kept.output) return next.output > kept.output;
  return next.total >= kept.total;
}

/**
 * Whether a new report of the reply replaces the one kept so far. Chosen once per policy, so the
 * per-record path is one call.
 */
export function replacer(policy: KeepPolicy): (kept: ReplyReport, next: ReplyReport) => boolean {
  switch (policy) {
    case 'first':
      return () => false;
    case 'last':
      return isFinal;
    case 'max':
      return (kept, next) => next.output >= kept.output;
  }
}

/**
 * The policy by place and output count only, for a format whose reports carry neither time nor
 * an end (auto-swe's session-file deltas): `last` is the last read.
 */
export function outputReplacer(policy: KeepPolicy): (kept: number, next: number) => boolean {
  switch (policy) {
    case 'first':
      return () => false;
    case 'last':
      return () => true;
    case 'max':
      return (kept, next) => next >= kept;
  }
}
