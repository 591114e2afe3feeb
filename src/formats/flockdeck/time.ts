/** A point in time as Flockdeck writes it: whole seconds since the epoch and nanoseconds. */
export interface FlockTime {
  readonly seconds: number;
  readonly nanos: number;
  /** RFC 3339 in UTC, `Z`, fraction without trailing zeros (Go's RFC3339Nano). */
  readonly text: string;
}

/**
 * Go's `time.RFC3339Nano` as `time.Parse` reads it: an upper-case `T` and `Z` only; the fraction
 * after a point or a comma (Go reads `05,5` as `05.5`).
 */
const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9})\d*)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses a stored timestamp; undefined when it is missing or unreadable. */
export function parseTime(value: unknown): FlockTime | undefined {
  if (typeof value !== 'string') return undefined;
  const m = RFC3339.exec(value);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const h = Number(m[4]);
  const mi = Number(m[5]);
  const s = Number(m[6]);
  const local = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(local);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return undefined;
  }
  const zone = m[8]!;
  const offsetMin =
    zone === 'Z'
      ? 0
      : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const ms = local - offsetMin * 60_000;
  const frac = (m[7] ?? '').padEnd(9, '0');
  const nanos = Number(frac);
  const trimmed = frac.replace(/0+$/, '');
  // In UTC (`Z`, `T`) from year 100 on (Date.UTC reads 0-99 as 1900-1999), the date and time are
  // the stored ones, as checked above: no second Date to print them.
  const utc = zone === 'Z' && value.charCodeAt(10) === 84 && y >= 100;
  const day = utc ? value.slice(0, 19) : new Date(ms).toISOString().slice(0, 19);
  const text = `${day}${trimmed ? `.${trimmed}` : ''}Z`;
  return { seconds: ms / 1000, nanos, text };
}

/** Is `a` earlier than `b`? */
export function before(a: FlockTime, b: FlockTime): boolean {
  return a.seconds < b.seconds || (a.seconds === b.seconds && a.nanos < b.nanos);
}

/** `20261001T101530Z`: the `<start>` of a transcript's name. */
export function stamp(t: FlockTime): string {
  return `${t.text.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/**
 * The time of an entry (Flockdeck's rule): its own, else the previous entry's; never before the
 * previous entry read (which may have given no line); with neither, the fallback (a run's start).
 * Undefined: no usable time yet, and so no line.
 */
export function entryTime(
  own: FlockTime | undefined,
  last: FlockTime | undefined,
  fallback?: FlockTime,
): FlockTime | undefined {
  if (own && (!last || !before(own, last))) return own;
  return last ?? fallback;
}
