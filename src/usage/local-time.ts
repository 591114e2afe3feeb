import { badOption } from '../stream/errors.js';

const HOUR = 3_600_000;

/** The time zone of the system (`TZ`, else the machine's), as an IANA name. */
export function systemTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** The IANA name of `tz` as Intl knows it; a usage error naming it when it is not a zone. */
export function checkTimeZone(tz: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return badOption(
      `timezone: unknown time zone ${JSON.stringify(tz)} (an IANA name such as UTC or Europe/Paris)`,
    );
  }
}

const isUtc = (tz: string): boolean => tz === 'UTC' || tz === 'Etc/UTC' || tz === 'Etc/GMT';

/**
 * Dates in one time zone: the local day (`YYYY-MM-DD`) of an instant. A zone's offset is asked of
 * Intl once per hour of time seen (offsets change on whole hours or half hours at most, and an
 * hour whose start and end differ is worked out for the instant itself); UTC is the date's text.
 */
export class LocalCalendar {
  readonly timeZone: string;
  readonly #utc: boolean;
  readonly #parts: Intl.DateTimeFormat | undefined;
  /** The offset (ms) in force through each hour seen, by hour since the epoch (NaN: it changes). */
  readonly #offsets = new Map<number, number>();
  #lastText = '';
  #lastDay: string | undefined;

  constructor(timeZone: string) {
    this.timeZone = timeZone;
    this.#utc = isUtc(timeZone);
    this.#parts = this.#utc
      ? undefined
      : new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        });
  }

  /** The local day of an ISO time, or undefined without one (or when it is not a time). */
  day(time: string | undefined): string | undefined {
    if (time === undefined) return undefined;
    // Replies come in long runs of one day: the same text as before is the same day.
    if (time === this.#lastText) return this.#lastDay;
    // A UTC time in UTC: its own date (what Claude Code and most agents write).
    if (this.#utc && time.length >= 20 && time.endsWith('Z') && time[10] === 'T') {
      const last = this.#lastDay;
      this.#lastText = time;
      return last !== undefined && time.startsWith(last)
        ? last
        : (this.#lastDay = time.slice(0, 10));
    }
    const ms = Date.parse(time);
    const day = Number.isNaN(ms) ? undefined : this.dayOf(ms);
    this.#lastText = time;
    this.#lastDay = day;
    return day;
  }

  /** The local day of an instant (ms since the epoch). */
  dayOf(ms: number): string {
    const local = ms + this.offsetAt(ms);
    return new Date(local).toISOString().slice(0, 10);
  }

  /** The zone's offset from UTC at an instant, in ms (local = UTC + offset). */
  offsetAt(ms: number): number {
    if (this.#utc) return 0;
    const hour = Math.floor(ms / HOUR);
    let off = this.#offsets.get(hour);
    if (off === undefined) {
      const a = this.#exactOffset(hour * HOUR);
      const b = this.#exactOffset(hour * HOUR + HOUR - 1);
      off = a === b ? a : NaN;
      if (this.#offsets.size > 100_000) this.#offsets.clear(); // bounded
      this.#offsets.set(hour, off);
    }
    return Number.isNaN(off) ? this.#exactOffset(ms) : off;
  }

  /** The local wall time at `ms`, read as if it were UTC, minus `ms`. */
  #exactOffset(ms: number): number {
    const p: Record<string, number> = {};
    for (const x of this.#parts!.formatToParts(new Date(ms))) {
      if (x.type !== 'literal') p[x.type] = Number(x.value);
    }
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
    return wall - (ms - (((ms % 1000) + 1000) % 1000));
  }

  /** The instant a local day (`YYYY-MM-DD`) starts at, in ms since the epoch. */
  startOfDay(day: string): number {
    const wall = Date.parse(`${day}T00:00:00Z`);
    // The offset at the local midnight: that of the instant `wall - offset`, settled in two steps.
    let guess = wall - this.offsetAt(wall);
    guess = wall - this.offsetAt(guess);
    return guess;
  }
}

/** The first day of the week (`YYYY-MM-DD`) that holds `day`, weeks starting on `start` (0: Sunday). */
export function weekOf(day: string, start: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() - start + 7) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
