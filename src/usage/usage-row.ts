import type { Acc } from './groups.js';
import { totalTokens } from './tokens.js';

/** One row of a report: the counts of a group (a session, a model, a day, a block...). */
export interface UsageRow {
  readonly key: string;
  readonly input: number;
  readonly output: number;
  readonly cacheWrite: number;
  readonly cacheRead: number;
  readonly total: number;
  /** Estimated USD at the price table's prices, of the tokens of models it prices. */
  readonly cost: number;
  /** Replies counted. */
  readonly replies: number;
  /** Tokens of models the price table has no price for (not in `cost`); absent when none. */
  readonly unpricedTokens?: number;
  /** Sessions only: the models used, the first and last reply's time. */
  readonly models?: readonly string[];
  readonly first?: string;
  readonly last?: string;
  /** With `breakdown`: the row's counts by model (ccusage's `modelBreakdowns`). */
  readonly breakdown?: readonly UsageRow[];
}

/** The row of a group's sums. */
export function row(key: string, a: Acc): UsageRow {
  const t = a.tokens;
  return {
    key,
    input: t.input,
    output: t.output,
    cacheWrite: t.cacheWrite,
    cacheRead: t.cacheRead,
    total: totalTokens(t),
    cost: Math.round(a.cost * 1e6) / 1e6,
    replies: a.replies,
    ...(a.unpriced > 0 ? { unpricedTokens: a.unpriced } : {}),
    ...(a.models ? { models: [...a.models].sort() } : {}),
    ...(a.first !== undefined ? { first: a.first, last: a.last } : {}),
  };
}

/** Rows in the order of their keys. */
export function byKey<R extends { readonly key: string }>(rows: R[]): R[] {
  return rows.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}
