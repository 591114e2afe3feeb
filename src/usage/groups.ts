import { addTokens, zeroTokens, type TokenCounts } from './tokens.js';

/** The running sums of one group of replies (a session, a model, a day, or all). */
export interface Acc {
  tokens: TokenCounts;
  cost: number;
  replies: number;
  models?: Set<string>;
  first?: string;
  last?: string;
}

/** A fresh, empty sum. */
export function newAcc(): Acc {
  return { tokens: zeroTokens(), cost: 0, replies: 0 };
}

/** Adds one counted reply to a group. */
export function tally(acc: Acc, tokens: Readonly<TokenCounts>, cost: number): void {
  addTokens(acc.tokens, tokens);
  acc.cost += cost;
  acc.replies++;
}

/**
 * Sums by group key. Replies come in long runs of one session, model and day, so the group looked
 * up last is remembered: most lookups are one string comparison, not a hash of a new string.
 */
export class Groups {
  readonly byKey = new Map<string, Acc>();
  #lastKey: string | undefined;
  #last: Acc | undefined;

  /** The sums of a group, made empty on first use. */
  at(key: string): Acc {
    if (key === this.#lastKey) return this.#last as Acc;
    let acc = this.byKey.get(key);
    if (acc === undefined) this.byKey.set(key, (acc = newAcc()));
    this.#lastKey = key;
    this.#last = acc;
    return acc;
  }
}

/**
 * The UTC day (`YYYY-MM-DD`) of an ISO time, `unknown` without one. Remembers the last day, so
 * that the many replies of one day do not each cut a new string.
 */
export class DayOf {
  #last = '';

  of(time: string | undefined): string {
    if (time === undefined) return 'unknown';
    const last = this.#last;
    if (last.length === 10 && time.length >= 10 && time.startsWith(last)) return last;
    return (this.#last = time.slice(0, 10));
  }
}
