import type { UsageEntry } from './extractor.js';
import { replacer, type KeepPolicy, type ReplyReport } from './keep-policy.js';
import { builtInPrices, costAt, type PriceTable } from './prices.js';
import { SeenKeys } from './seen-keys.js';
import { newAcc, tally, type Acc } from './groups.js';
import { totalTokens } from './tokens.js';
import { LocalCalendar } from './local-time.js';
import { inWindow, type TimeWindow } from './time-window.js';
import { projectOf } from './project-of.js';
import { row, type UsageRow } from './usage-row.js';
import { DEFAULT_VIEWS, VIEWS, type ViewName } from './views/registry.js';
import type { ViewContext, ViewSum } from './views/view.js';

export type { UsageRow } from './usage-row.js';
export type { BlockRow } from './views/blocks.js';

/**
 * What `txpipe usage --json` writes: the totals, one array of rows per view asked for (`--by`;
 * by default `sessions`, `models` and `days`), the repeats left out and the models with no price.
 */
export interface UsageReport {
  readonly totals: UsageRow;
  readonly sessions?: readonly UsageRow[];
  readonly projects?: readonly UsageRow[];
  readonly models?: readonly UsageRow[];
  readonly days?: readonly UsageRow[];
  readonly weeks?: readonly UsageRow[];
  readonly months?: readonly UsageRow[];
  readonly blocks?: readonly UsageRow[];
  /** Reports left out as repeats of a reply already counted. */
  readonly duplicates: number;
  /** Models with no known price (their tokens are in `unpricedTokens`, not in `cost`). */
  readonly unpriced: readonly string[];
}

/** A report of the default views (no `by` given): sessions, models and days. */
export type DefaultUsageReport = UsageReport &
  Required<Pick<UsageReport, 'sessions' | 'models' | 'days'>>;

export interface UsageTotalsOptions {
  readonly keep: KeepPolicy;
  readonly maxSeenKeys: number;
  /** The views of the report, in order (default: session, model, day). */
  readonly by?: readonly ViewName[];
  /** Each row also has its counts by model. */
  readonly breakdown?: boolean;
  /** Day, week and month boundaries: this calendar (default: UTC). */
  readonly calendar?: LocalCalendar;
  /** The first day of a week: 0 Sunday (default, as ccusage), 1 Monday. */
  readonly startOfWeek?: number;
  /** Only reports whose own time is in this window count (see `TimeWindow`). */
  readonly window?: TimeWindow;
  /** The time now, for the active billing block (default: the clock at `report()`). */
  readonly now?: number;
  /** The prices (default: the built-in table). */
  readonly prices?: PriceTable;
}

/**
 * Sums usage entries in the views asked for (by session, model and day unless told). Entries with a key
 * are one reply's repeated reports: a reply's reports are consecutive, so the one the policy keeps
 * is chosen when a report of another reply (or the end of an input) arrives, and a reply whose key
 * was already counted is a copy (a resumed session, a sidechain copy) and is left out.
 */
export class UsageTotals {
  readonly #replace: (kept: ReplyReport, next: ReplyReport) => boolean;
  readonly #seen: SeenKeys;
  #current: UsageEntry | undefined;
  /** Copies (subagent progress) not yet matched by a reply's own entry, by key. */
  readonly #copies = new Map<string, { readonly e: UsageEntry; readonly project: string }>();
  readonly #maxCopies: number;
  #duplicates = 0;
  readonly #all: Acc = newAcc();
  readonly #unpriced = new Set<string>();
  readonly #window: TimeWindow | undefined;
  readonly #prices: PriceTable;
  readonly #ctx: ViewContext;
  readonly #views: (readonly [string, ViewSum])[];
  /** The project of the input being read, and of the reply held (`#current`). */
  #source = '';
  #project = '';
  #currentProject = '';

  constructor(options: UsageTotalsOptions) {
    this.#replace = replacer(options.keep);
    this.#seen = new SeenKeys(options.maxSeenKeys);
    this.#maxCopies = options.maxSeenKeys;
    this.#window = options.window;
    this.#prices = options.prices ?? builtInPrices;
    const ctx: ViewContext = {
      calendar: options.calendar ?? new LocalCalendar('UTC'),
      startOfWeek: options.startOfWeek ?? 0,
      breakdown: options.breakdown === true,
      // Read when the report is made: the block view asks only then.
      get now() {
        return options.now ?? Date.now();
      },
    };
    this.#ctx = ctx;
    const by = [...new Set(options.by ?? DEFAULT_VIEWS)];
    this.#views = by.map((name) => [VIEWS[name].field, VIEWS[name].start(ctx)] as const);
  }

  /** The context the views share (their titles are made from it). */
  get context(): ViewContext {
    return this.#ctx;
  }

  /**
   * Adds one usage report, read from `source` (the input's path, or `-`: it names the
   * reply's project).
   */
  add(e: UsageEntry, source = '-'): void {
    if (this.#window !== undefined && !inWindow(this.#window, e.time)) return;
    if (source !== this.#source) {
      this.#source = source;
      this.#project = projectOf(source);
    }
    if (e.copy === true && e.key !== undefined) return this.#addCopy(e, e.key);
    // A report that is no reply's (counted each: an auto-swe http call) leaves the open reply
    // open: a reply cut across two auto-swe session-file deltas may have calls between them.
    if (e.key === undefined) return this.#count(e, this.#project);
    const cur = this.#current;
    if (cur !== undefined && e.key === cur.key) {
      if (this.#replace(reportOf(cur), reportOf(e))) {
        this.#current = e;
        this.#currentProject = this.#project;
      }
      return;
    }
    this.endReply();
    if (this.#seen.has(e.key)) {
      this.#duplicates++;
      return;
    }
    this.#current = e;
    this.#currentProject = this.#project;
  }

  /** Counts the reply being read (call at the end of each input). */
  endReply(): void {
    const cur = this.#current;
    if (cur === undefined) return;
    this.#current = undefined;
    this.#seen.add(cur.key as string);
    if (this.#copies.delete(cur.key as string)) this.#duplicates++;
    this.#count(cur, this.#currentProject);
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
      if (!this.#replace(reportOf(held.e), reportOf(e))) return;
      this.#copies.delete(key);
    }
    this.#copies.set(key, { e, project: this.#project });
    if (this.#copies.size > this.#maxCopies) {
      const [oldest, held] = this.#copies.entries().next().value as [
        string,
        { e: UsageEntry; project: string },
      ];
      this.#copies.delete(oldest);
      // the bound: counted now, an own entry read later is then a duplicate
      this.#count(held.e, held.project);
      this.#seen.add(oldest);
    }
  }

  #count(e: UsageEntry, project: string): void {
    const price = this.#prices.priceOf(e.model);
    const cost = price !== undefined ? costAt(price, e.tokens) : 0;
    const unpriced = price !== undefined ? 0 : totalTokens(e.tokens);
    if (unpriced > 0) this.#unpriced.add(e.model);
    tally(this.#all, e.tokens, cost, unpriced);
    const c = { entry: e, cost, unpriced, project };
    for (const [, v] of this.#views) v.add(c);
  }

  report(): UsageReport {
    this.endReply();
    for (const [key, held] of this.#copies) {
      this.#seen.add(key);
      this.#count(held.e, held.project);
    }
    this.#copies.clear();
    const views = Object.fromEntries(this.#views.map(([field, v]) => [field, v.rows()]));
    return {
      totals: row('total', this.#all),
      ...views,
      duplicates: this.#duplicates,
      unpriced: [...this.#unpriced].sort(),
    };
  }
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
