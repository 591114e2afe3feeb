import { badOption } from '../stream/errors.js';
import type { LocalCalendar } from './local-time.js';

/**
 * The span of time a report covers (`--since`, `--until`), as instants in ms since the epoch,
 * both ends included. A report line counts only when its own time is inside (one without a time,
 * or with one that is not a time, is left out once either end is given), before replies are
 * deduplicated: so a file whose entries all lie outside can be left unread and the report is the
 * same (the usage cache skips such files by the times it keeps of each).
 */
export interface TimeWindow {
  readonly from: number;
  readonly to: number;
}

const DAY = 86_400_000;

/** `YYYYMMDD` or `YYYY-MM-DD`: a local day; anything else Date.parse reads as an instant. */
const DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;

/**
 * The window of `--since` and `--until` (either may be absent; both absent: undefined). A date
 * is a whole day in the calendar's time zone (`--since` from its start, `--until` to its end);
 * an ISO date-time is that instant (one with no offset a wall time in that zone). A value that is neither is a usage error.
 */
export function timeWindow(
  since: string | undefined,
  until: string | undefined,
  calendar: LocalCalendar,
): TimeWindow | undefined {
  if (since === undefined && until === undefined) return undefined;
  const from = since === undefined ? -Infinity : bound('since', since, calendar, 0);
  const to = until === undefined ? Infinity : bound('until', until, calendar, 1);
  if (from > to) badOption(`since: ${since} is after --until ${until}`);
  return { from, to };
}

function bound(name: string, v: string, calendar: LocalCalendar, end: 0 | 1): number {
  const d = DATE.exec(v);
  if (d !== null) {
    const day = `${d[1]}-${d[2]}-${d[3]}`;
    const start = Date.parse(`${day}T00:00:00Z`);
    if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== day) {
      return badOption(`${name}: ${v} is not a date (YYYYMMDD or YYYY-MM-DD)`);
    }
    const next = new Date(start + DAY).toISOString().slice(0, 10);
    return end === 0 ? calendar.startOfDay(day) : calendar.startOfDay(next) - 1;
  }
  // A date-time with no offset is a wall time in the calendar's zone.
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(v);
  const wall = /^\d{4}-\d{2}-\d{2}T/.test(v) ? Date.parse(zoned ? v : `${v}Z`) : NaN;
  const ms = zoned ? wall : wall - calendar.offsetAt(wall - calendar.offsetAt(wall));
  if (Number.isNaN(ms)) {
    return badOption(`${name}: ${v} is not a date (YYYYMMDD, YYYY-MM-DD or an ISO date-time)`);
  }
  return ms;
}

/** Whether an entry's time is in the window. */
export function inWindow(w: TimeWindow, time: string | undefined): boolean {
  if (time === undefined) return false;
  const ms = Date.parse(time);
  return ms >= w.from && ms <= w.to; // NaN: false
}

/** Whether any time in `[min, max]` (a file's entries' times) can be in the window. */
export function rangeMeets(w: TimeWindow, min: number, max: number): boolean {
  return max >= w.from && min <= w.to;
}
