import type { UsageEntry } from '../extractor.js';
import type { LocalCalendar } from '../local-time.js';
import type { UsageRow } from '../usage-row.js';

/** One counted reply, as the views see it. */
export interface Counted {
  readonly entry: UsageEntry;
  /** Its estimated cost (0 when its model has no price). */
  readonly cost: number;
  /** Its tokens when its model has no price, else 0. */
  readonly unpriced: number;
  /** The project of the input it was read from (`projectOf`). */
  readonly project: string;
}

/** What the views of one report share. */
export interface ViewContext {
  /** Day, week and month boundaries are in this calendar's time zone. */
  readonly calendar: LocalCalendar;
  /** The first day of a week: 0 Sunday (as ccusage), 1 Monday. */
  readonly startOfWeek: number;
  /** Each row also has its counts by model. */
  readonly breakdown: boolean;
  /** The time now (ms since the epoch): which billing block is active. */
  readonly now: number;
}

/** The running sums of one view over a report's counted replies. */
export interface ViewSum {
  add(c: Counted): void;
  rows(): UsageRow[];
}

/** How a report groups replies (`--by`): one entry of `VIEWS`. */
export interface View {
  /** The report's field (`days`), and the CSV `group` and table title (`day`). */
  readonly field: string;
  readonly title: (ctx: ViewContext) => string;
  /** How the HTML page charts it: columns over time, or bars by size. */
  readonly chart: 'columns' | 'bars' | 'costliest';
  start(ctx: ViewContext): ViewSum;
}
