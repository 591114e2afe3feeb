import type { Rec } from '../stream/rec.js';
import type { ReplyReport } from './keep-policy.js';

/** Where a value carries usage: a reply's own report, a copy of a subagent's, or nowhere. */
export type UsageSite = 'reply' | 'progress' | undefined;

/**
 * How `dedup-usage` finds and removes a format's repeated usage reports (Claude Code repeats a
 * reply's `usage` on each of the reply's entries).
 */
export interface UsageDedup {
  /** Where the value carries usage. */
  site(value: unknown): UsageSite;
  /** The reply key of a value whose site is `reply`, or undefined (counted each). */
  key(value: Record<string, unknown>): string | undefined;
  /** What `keep` compares of a `reply` value's report (its time, end and counts). */
  report(value: Record<string, unknown>): ReplyReport;
  /** A copy of the value without the usage at its site (the value itself is not changed). */
  strip(value: Record<string, unknown>, site: 'reply' | 'progress'): unknown;
}

/** What a format's own dedup reader takes from `dedup-usage`'s options. */
export interface DedupReaderOptions {
  /** Whether a later report replaces the kept one (from the keep-policy), by output tokens. */
  readonly replace: (keptOutput: number, nextOutput: number) => boolean;
  readonly maxSeenKeys: number;
  readonly maxHeldRecords: number;
  readonly maxHeldBytes: number;
}

/**
 * A format's own reading of repeated usage, for one input, where {@link UsageDedup}'s sites do not
 * fit (auto-swe: the lines of a reply inside session-file records): the records to write for each
 * record taken (held ones later), and those still held at the end of the input.
 */
export interface DedupReader {
  take(rec: Rec): Rec[];
  end(): Rec[];
}
