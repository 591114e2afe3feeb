import type { UsageEntry } from '../extractor.js';
import type { TokenCounts } from '../tokens.js';

/**
 * How one field of a usage entry is kept in the cache: `string` as it is, `name` (a string that
 * takes few values in a file: a session, a model) as its index in the record's `names`.
 */
type FieldKind = 'string' | 'name' | 'flag' | 'counts';

/**
 * Every field of `UsageEntry`, with how it is kept. `satisfies Record<keyof UsageEntry, ...>`
 * makes a field added to `UsageEntry` a type error here until the cache keeps it too, so a
 * cached entry can never lose what a freshly read one has. Message text is never a field.
 */
const ENTRY_FIELDS = {
  key: 'string',
  session: 'name',
  model: 'name',
  time: 'string',
  tokens: 'counts',
  copy: 'flag',
  stopped: 'flag',
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

/** The values one entry takes in `CachedEntries.rows`. */
const ROW = FIELDS.reduce((n, [, kind]) => n + (kind === 'counts' ? COUNT_FIELDS.length : 1), 0);

/** Names the fields as kept and how: a cache written otherwise is from another version. */
export const ENTRY_SIGNATURE = FIELDS.map(([n, k]) =>
  k === 'counts' ? `${n}(${COUNT_FIELDS.join(',')})` : `${n}:${k}`,
).join(',');

/**
 * One value of a cached entry: a string (null: none), a name's index, a flag (0: none, 1: true,
 * 2: false), a count.
 */
type Cell = string | number | null;

/**
 * A file's usage entries as the cache keeps them (JSON): per entry `ROW` values one after another
 * in `rows`, in the order of `ENTRY_FIELDS` (the counts in the order of `COUNT_FIELDS`); each
 * `name` field's strings once in `names`.
 */
export interface CachedEntries {
  readonly names: string[];
  readonly rows: Cell[];
}

/** Adds entries to what a file's cache record keeps (after those already in it). */
export class EntryEncoder {
  readonly names: string[];
  readonly rows: Cell[];
  readonly #ids = new Map<string, number>();

  constructor(from?: CachedEntries) {
    this.names = from === undefined ? [] : from.names.slice();
    this.rows = from === undefined ? [] : from.rows.slice();
    this.names.forEach((n, i) => this.#ids.set(n, i));
  }

  /** False (nothing added) when the entry holds a value the cache cannot keep as it is. */
  add(e: UsageEntry): boolean {
    const rows = this.rows;
    const at = rows.length;
    for (const [name, kind] of FIELDS) {
      const v: unknown = e[name];
      if (kind === 'counts') {
        const t = v as Readonly<Record<string, unknown>>;
        for (const c of COUNT_FIELDS) {
          const n = t[c];
          if (typeof n !== 'number') return this.#undo(at);
          rows.push(n);
        }
      } else if (kind === 'flag') {
        if (v !== undefined && typeof v !== 'boolean') return this.#undo(at);
        rows.push(v === undefined ? 0 : v ? 1 : 2);
      } else {
        if (v !== undefined && typeof v !== 'string') return this.#undo(at);
        rows.push(v === undefined ? null : kind === 'name' ? this.#name(v) : v);
      }
    }
    return true;
  }

  #name(n: string): number {
    let id = this.#ids.get(n);
    if (id === undefined) {
      id = this.names.push(n) - 1;
      this.#ids.set(n, id);
    }
    return id;
  }

  /** Takes back the last `n` entries added (those of a last line without LF: read again later). */
  dropLast(n: number): void {
    this.rows.length -= n * ROW;
  }

  #undo(at: number): false {
    this.rows.length = at;
    return false;
  }
}

/** The entries a cache record keeps, as `EntryEncoder` took them; undefined when malformed. */
export function decodeEntries(c: CachedEntries): UsageEntry[] | undefined {
  const { names, rows } = c;
  if (!Array.isArray(names) || !Array.isArray(rows) || rows.length % ROW !== 0) return undefined;
  const out: UsageEntry[] = new Array<UsageEntry>(rows.length / ROW);
  for (let i = 0, at = 0; at < rows.length; i++) {
    const e: Record<string, unknown> = {};
    for (const [name, kind] of FIELDS) {
      if (kind === 'counts') {
        const t: Record<string, number> = {};
        for (const k of COUNT_FIELDS) {
          const n = rows[at++];
          if (typeof n !== 'number') return undefined;
          t[k] = n;
        }
        e[name] = t;
      } else if (kind === 'flag') {
        const f = rows[at++];
        if (f === 1 || f === 2) e[name] = f === 1;
        else if (f !== 0) return undefined;
      } else {
        const r = rows[at++];
        const v = kind === 'name' && typeof r === 'number' ? names[r] : r;
        if (typeof v === 'string') e[name] = v;
        else if (r !== null) return undefined;
      }
    }
    out[i] = e as unknown as UsageEntry;
  }
  return out;
}
