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
  /** The output tokens of a `reply` value's report (what `keep` compares). */
  outputTokens(value: Record<string, unknown>): number;
  /** A copy of the value without the usage at its site (the value itself is not changed). */
  strip(value: Record<string, unknown>, site: 'reply' | 'progress'): unknown;
}
