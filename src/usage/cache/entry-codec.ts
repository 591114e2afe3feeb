import type { UsageEntry } from '../extractor.js';
import type { TokenCounts } from '../tokens.js';

/** How one field of a usage entry is kept in the cache. */
type FieldKind = 'string' | 'flag' | 'counts';

/**
 * Every field of `UsageEntry`, with how it is kept. `satisfies Record<keyof UsageEntry, ...>`
 * makes a field added to `UsageEntry` a type error here until the cache keeps it too, so a
 * cached entry can never lose what a freshly read one has. Message text is never a field.
 */
const ENTRY_FIELDS = {
  key: 'string',
  session: 'string',
  model: 'string',
  time: 'string',
  tokens: 'counts',
  copy: 'flag',
} as const satisfies Record<keyof UsageEntry, FieldKind>;

/** Every count of `TokenCounts`, in the order they are kept (complete, as above). */
const COUNT_FIELDS = Object.keys({
  input: 0,
  output: 0,
  cacheWrite: 0,
  cacheRead: 0,
  cacheWrite1h: 0,
} satisfies Record<keyof TokenCounts, 0>) as (keyof TokenCounts)[];

const FIELDS = Object.entries(ENTRY_FIELDS) as [keyof UsageEntry, FieldKind][];

/** The numbers one entry takes in `CachedEntries.rows`. */
const ROW = FIELDS.reduce((n, [, kind]) => n + (kind === 'counts' ? COUNT_FIELDS.length : 1), 0);

/** Names the fields as kept: a cache written with other fields is from another version. */
export const ENTRY_SIGNATURE = FIELDS.map(([n, k]) =>
  k === 'counts' ? `${n}(${COUNT_FIELDS.join(',')})` : n,
).join(',');

/**
 * A file's usage entries as the cache keeps them (JSON): each string once in `strings`, and per
 * entry `ROW` numbers in `rows`: a string's index (-1: none), a flag (0: none, 1: true, 2:
 * false) or the counts.
 */
export interface CachedEntries {
  readonly strings: string[];
  readonly rows: number[];
}

/** Adds entries to what a file's cache record keeps (after those already in it). */
export class EntryEncoder {
  readonly #ids = new Map<string, number>();
  readonly strings: string[] = [];
  readonly rows: number[] = [];

  constructor(from?: CachedEntries) {
    if (from === undefined) return;
    for (const s of from.strings) this.#ref(s);
    for (const n of from.rows) this.rows.push(n);
  }

  /** False (nothing added) when the entry holds a value the cache cannot keep as it is. */
  add(e: UsageEntry): boolean {
    const row: number[] = [];
    for (const [name, kind] of FIELDS) {
      const v: unknown = e[name];
      if (kind === 'counts') {
        const t = v as Readonly<Record<string, unknown>>;
        for (const c of COUNT_FIELDS) {
          if (typeof t[c] !== 'number') return false;
          row.push(t[c] as number);
        }
      } else if (kind === 'flag') {
        if (v !== undefined && typeof v !== 'boolean') return false;
        row.push(v === undefined ? 0 : v ? 1 : 2);
      } else {
        if (v !== undefined && typeof v !== 'string') return false;
        row.push(v === undefined ? -1 : this.#ref(v));
      }
    }
    for (const n of row) this.rows.push(n);
    return true;
  }

  /** Takes back the last `n` entries added (those of a last line without LF: read again later). */
  dropLast(n: number): void {
    this.rows.length -= n * ROW;
  }

  #ref(s: string): number {
    let id = this.#ids.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(s);
      this.#ids.set(s, id);
    }
    return id;
  }
}

/** The entries a cache record keeps, as `EntryEncoder` took them; undefined when malformed. */
export function decodeEntries(c: CachedEntries): UsageEntry[] | undefined {
  const { strings, rows } = c;
  if (!Array.isArray(strings) || !Array.isArray(rows) || rows.length % ROW !== 0) return undefined;
  for (const n of rows) if (typeof n !== 'number') return undefined;
  const out: UsageEntry[] = new Array<UsageEntry>(rows.length / ROW);
  for (let i = 0, at = 0; at < rows.length; i++) {
    const e: Record<string, unknown> = {};
    for (const [name, kind] of FIELDS) {
      if (kind === 'counts') {
        const t: Record<string, number> = {};
        for (const k of COUNT_FIELDS) t[k] = rows[at++] as number;
        e[name] = t;
      } else if (kind === 'flag') {
        const f = rows[at++];
        if (f !== 0) e[name] = f === 1;
      } else {
        const r = rows[at++] as number;
        if (r >= 0) {
          const s = strings[r];
          if (typeof s !== 'string') return undefined;
          e[name] = s;
        }
      }
    }
    out[i] = e as unknown as UsageEntry;
  }
  return out;
}
