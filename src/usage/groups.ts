import { addTokens, zeroTokens, type TokenCounts } from './tokens.js';

/** The running sums of one group of replies (a session, a model, a day, or all). */
export interface Acc {
  tokens: TokenCounts;
  cost: number;
  replies: number;
  /** Tokens of models with no price (not in `cost`). */
  unpriced: number;
  models?: Set<string>;
  first?: string;
  last?: string;
}

/** A fresh, empty sum. */
export function newAcc(): Acc {
  return { tokens: zeroTokens(), cost: 0, replies: 0, unpriced: 0 };
}

/** Adds one counted reply to a group (`unpriced`: its tokens when its model has no price). */
export function tally(acc: Acc, tokens: Readonly<TokenCounts>, cost: number, unpriced = 0): void {
  addTokens(acc.tokens, tokens);
  acc.cost += cost;
  acc.replies++;
  acc.unpriced += unpriced;
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
