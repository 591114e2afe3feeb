import { badOption } from '../stream/errors.js';

const HOUR = 3_600_000;
const UTC_NAMES = new Set([
  'UTC',
  'Etc/UTC',
  'Etc/GMT',
  'GMT',
  'Etc/Universal',
  'Universal',
  'Zulu',
]);

/** The IANA name of `tz` as Intl knows it; a usage error naming it when it is not a zone. */
export function checkTimeZone(tz: string): string {
  if (UTC_NAMES.has(tz)) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return badOption(
      `timezone: unknown time zone ${JSON.stringify(tz)} (an IANA name such as UTC or Europe/Paris)`,
    );
  }
}

/** How a calendar finds a zone's offset at an instant. */
type OffsetFn = (ms: number) => number;

/** The offset of the system's zone: what Date's local time uses (no Intl: it costs ~50 ms to start). */
const systemOffset: OffsetFn = (ms) => -new Date(ms).getTimezoneOffset() * 60_000;

/** The offset of a named zone, from Intl. */
function namedOffset(timeZone: string): OffsetFn {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (ms) => {
    const p: Record<string, number> = {};
    for (const x of parts.formatToParts(new Date(ms))) {
      if (x.type !== 'literal') p[x.type] = Number(x.value);
    }
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
    return wall - (ms - (((ms % 1000) + 1000) % 1000));
  };
}

/**
 * Dates in one time zone: the local day (`YYYY-MM-DD`) of a time. `zone` undefined is the
 * system's zone (`TZ`, else the machine's), whose offsets Date knows; a named zone's come from
 * Intl. An hour's offset is looked up once; replies come in runs within one hour, so most
 * times (ISO, in UTC, as agents write them) are matched on their first 13 characters only.
 */
export class LocalCalendar {
  readonly #zone: string | undefined;
  readonly #offset: OffsetFn;
  /** The offset (ms) in force through each hour seen, by hour since the epoch (NaN: it changes). */
  readonly #offsets = new Map<number, number>();
  #lastText = '';
  #lastDay: string | undefined;
  /** `YYYY-MM-DDTHH` of the last UTC hour seen whose local day is `#hourDay` throughout. */
  #hour = '';
  #hourDay = '';
  /** The day of every such hour seen (sessions come back to hours seen in other files). */
  readonly #hourDays = new Map<string, string>();

  constructor(zone?: string) {
    const utc = zone === undefined ? UTC_NAMES.has(process.env.TZ ?? '') : UTC_NAMES.has(zone);
    this.#zone = utc ? 'UTC' : zone;
    this.#offset = utc ? () => 0 : zone === undefined ? systemOffset : namedOffset(zone);
  }

  /** The zone's name (the system's asked of Intl only now: titles need it, days do not). */
  get timeZone(): string {
    return this.#zone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
  }

  /** The local day of an ISO time, or undefined without one (or when it is not a time). */
  day(time: string | undefined): string | undefined {
    if (time === undefined) return undefined;
    if (time === this.#lastText) return this.#lastDay;
    const utcIso = time.length >= 20 && time.endsWith('Z') && time[13] === ':';
    if (utcIso) {
      if (this.#hour !== '' && time.startsWith(this.#hour)) return this.#hourDay;
      const known = this.#hourDays.get(time.slice(0, 13));
      if (known !== undefined) {
        this.#hour = time.slice(0, 13);
        return (this.#hourDay = known);
      }
    }
    const ms = Date.parse(time);
    const day = Number.isNaN(ms) ? undefined : this.#dayAndHour(ms, time);
    this.#lastText = time;
    this.#lastDay = day;
    return day;
  }

  /** The local day of an instant; an ISO UTC hour whose day it is throughout is remembered. */
  #dayAndHour(ms: number, time: string): string {
    const day = this.dayOf(ms);
    if (time.length >= 20 && time.endsWith('Z') && time[10] === 'T' && time[13] === ':') {
      const start = Math.floor(ms / HOUR) * HOUR;
      if (this.dayOf(start) === day && this.dayOf(start + HOUR - 1) === day) {
        this.#hour = time.slice(0, 13);
        this.#hourDay = day;
        if (this.#hourDays.size > 100_000) this.#hourDays.clear(); // bounded
        this.#hourDays.set(this.#hour, day);
      }
    }
    return day;
  }

  /** The local day of an instant (ms since the epoch). */
  dayOf(ms: number): string {
    return new Date(ms + this.offsetAt(ms)).toISOString().slice(0, 10);
  }

  /** The zone's offset from UTC at an instant, in ms (local = UTC + offset). */
  offsetAt(ms: number): number {
    const hour = Math.floor(ms / HOUR);
    let off = this.#offsets.get(hour);
    if (off === undefined) {
      const a = this.#offset(hour * HOUR);
      const b = this.#offset(hour * HOUR + HOUR - 1);
      off = a === b ? a : NaN;
      if (this.#offsets.size > 100_000) this.#offsets.clear(); // bounded
      this.#offsets.set(hour, off);
    }
    return Number.isNaN(off) ? this.#offset(ms) : off;
  }

  /** The instant a local day (`YYYY-MM-DD`) starts at, in ms since the epoch. */
  startOfDay(day: string): number {
    const wall = Date.parse(`${day}T00:00:00Z`);
    // The offset at the local midnight: that of the instant `wall - offset`, settled in two steps.
    const guess = wall - this.offsetAt(wall);
    return wall - this.offsetAt(guess);
  }
}

/** The first day of the week (`YYYY-MM-DD`) that holds `day`, weeks starting on `start` (0: Sunday). */
export function weekOf(day: string, start: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() - start + 7) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
