import type { UsageEntry } from './extractor.js';
import { replacer, type KeepPolicy, type ReplyReport } from './keep-policy.js';
import { costOf } from './prices.js';
import { SeenKeys } from './seen-keys.js';
import { DayOf, Groups, newAcc, tally, type Acc } from './groups.js';
import { totalTokens } from './tokens.js';

/** One row of a report: the counts of a group (a session, a model or a day). */
export interface UsageRow {
  readonly key: string;
  readonly input: number;
  readonly output: number;
  readonly cacheWrite: number;
  readonly cacheRead: number;
  readonly total: number;
  /** Estimated USD at list prices (0 for models with no known price). */
  readonly cost: number;
  /** Replies counted. */
  readonly replies: number;
  /** Sessions only: the models used, the first and last reply's time. */
  readonly models?: readonly string[];
  readonly first?: string;
  readonly last?: string;
}

/** What `txpipe usage --json` writes. */
export interface UsageReport {
  readonly totals: UsageRow;
  readonly sessions: readonly UsageRow[];
  readonly models: readonly UsageRow[];
  readonly days: readonly UsageRow[];
  /** Reports left out as repeats of a reply already counted. */
  readonly duplicates: number;
  /** Models with no known price (their cost is counted as 0). */
  readonly unpriced: readonly string[];
}

export interface UsageTotalsOptions {
  readonly keep: KeepPolicy;
  readonly maxSeenKeys: number;
}

/**
 * Sums usage entries by session, model and day (UTC date of the reply's time). Entries with a key
 * are one reply's repeated reports: a reply's reports are consecutive, so the one the policy keeps
 * is chosen when a report of another reply (or the end of an input) arrives, and a reply whose key
 * was already counted is a copy (a resumed session, a sidechain copy) and is left out.
 */
export class UsageTotals {
  readonly #replace: (kept: ReplyReport, next: ReplyReport) => boolean;
  readonly #seen: SeenKeys;
  #current: UsageEntry | undefined;
  /** Copies (subagent progress) not yet matched by a reply's own entry, by key. */
  readonly #copies = new Map<string, UsageEntry>();
  readonly #maxCopies: number;
  #duplicates = 0;
  readonly #all: Acc = newAcc();
  readonly #sessions = new Groups();
  readonly #models = new Groups();
  readonly #days = new Groups();
  readonly #dayOf = new DayOf();
  readonly #unpriced = new Set<string>();

  constructor(options: UsageTotalsOptions) {
    this.#replace = replacer(options.keep);
    this.#seen = new SeenKeys(options.maxSeenKeys);
    this.#maxCopies = options.maxSeenKeys;
  }

  add(e: UsageEntry): void {
    if (e.copy === true && e.key !== undefined) return this.#addCopy(e, e.key);
    // A report that is no reply's (counted each: an auto-swe http call) leaves the open reply
    // open: a reply cut across two auto-swe session-file deltas may have calls between them.
    if (e.key === undefined) return this.#count(e);
    const cur = this.#current;
    if (cur !== undefined && e.key === cur.key) {
      if (this.#replace(reportOf(cur), reportOf(e))) this.#current = e;
      return;
    }
    this.endReply();
    if (this.#seen.has(e.key)) {
      this.#duplicates++;
      return;
    }
    this.#current = e;
  }

  /** Counts the reply being read (call at the end of each input). */
  endReply(): void {
    const cur = this.#current;
    if (cur === undefined) return;
    this.#current = undefined;
    this.#seen.add(cur.key as string);
    if (this.#copies.delete(cur.key as string)) this.#duplicates++;
    this.#count(cur);
  }

  /** A copy waits until the end: a reply's own entry of the same key replaces it. */
  #addCopy(e: UsageEntry, key: string): void {
    if (this.#seen.has(key)) {
      this.#duplicates++;
      return;
    }
    const held = this.#copies.get(key);
    if (held !== undefined) {
      this.#duplicates++;
      if (!this.#replace(reportOf(held), reportOf(e))) return;
      this.#copies.delete(key);
    }
    this.#copies.set(key, e);
    if (this.#copies.size > this.#maxCopies) {
      const [oldest, entry] = this.#copies.entries().next().value as [string, UsageEntry];
      this.#copies.delete(oldest);
      this.#count(entry); // the bound: counted now, an own entry read later is then a duplicate
      this.#seen.add(oldest);
    }
  }

  #count(e: UsageEntry): void {
    const cost = costOf(e.model, e.tokens);
    if (cost === 0 && totalTokens(e.tokens) > 0) this.#unpriced.add(e.model);
    const s = this.#sessions.at(e.session);
    tally(this.#all, e.tokens, cost);
    tally(s, e.tokens, cost);
    tally(this.#models.at(e.model), e.tokens, cost);
    tally(this.#days.at(this.#dayOf.of(e.time)), e.tokens, cost);
    (s.models ??= new Set()).add(e.model);
    if (e.time !== undefined) {
      if (s.first === undefined || e.time < s.first) s.first = e.time;
      if (s.last === undefined || e.time > s.last) s.last = e.time;
    }
  }

  report(): UsageReport {
    this.endReply();
    for (const [key, e] of this.#copies) {
      this.#seen.add(key);
      this.#count(e);
    }
    this.#copies.clear();
    const rows = (g: Groups): UsageRow[] =>
      [...g.byKey]
        .map(([k, a]) => row(k, a))
        .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    return {
      totals: row('total', this.#all),
      sessions: rows(this.#sessions),
      models: rows(this.#models),
      days: rows(this.#days),
      duplicates: this.#duplicates,
      unpriced: [...this.#unpriced].sort(),
    };
  }
}

function row(key: string, a: Acc): UsageRow {
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
    ...(a.models ? { models: [...a.models].sort() } : {}),
    ...(a.first !== undefined ? { first: a.first, last: a.last } : {}),
  };
}

/** What the keep-policy compares of an entry. */
function reportOf(e: UsageEntry): ReplyReport {
  return {
    time: e.time,
    stopped: e.stopped,
    output: e.tokens.output,
    total: totalTokens(e.tokens),
  };
}
