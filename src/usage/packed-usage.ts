import type { UsageEntry } from './extractor.js';
import type { FileUsage } from './file-usage.js';
import type { TokenCounts } from './tokens.js';

/**
 * A file's usage parts packed to cross between threads cheaply: one string and a few typed arrays
 * for all its entries instead of five strings and two objects per entry (posting 42k entries one
 * object each cost ~90 ms of the two threads' time; most of it copying small strings).
 */
export interface PackedUsage {
  readonly source: string;
  /** Each part without its entries, and how many of the entries are its. */
  readonly parts: readonly PackedPart[];
  /** The entries' strings, each once, one after another... */
  readonly text: string;
  /** ...each ending here. */
  readonly ends: Int32Array;
  /** Per entry: its key, session, model and time, as indexes into the strings (-1: none). */
  readonly refs: Int32Array;
  /** Per entry: input, output, cacheWrite, cacheRead and cacheWrite1h. */
  readonly tokens: Float64Array;
  /** Per entry: `COPY` for a copy (`UsageEntry.copy`), `STOPPED` for a reply's end (`stopped`). */
  readonly copies: Uint8Array;
}

const COPY = 1;
const STOPPED = 2;

interface PackedPart extends Omit<FileUsage, 'entries'> {
  readonly count: number;
}

const ENTRY_KEYS = new Set(['key', 'session', 'model', 'time', 'tokens', 'copy', 'stopped']);
const TOKEN_KEYS = ['input', 'output', 'cacheWrite', 'cacheRead', 'cacheWrite1h'] as const;

/**
 * Packs a file's parts, or gives undefined when an entry holds what the packing does not keep
 * (a field besides those of `UsageEntry`, a string `copy`...): such parts are posted as they are.
 */
export function packUsage(parts: readonly FileUsage[]): PackedUsage | undefined {
  let n = 0;
  for (const p of parts) n += p.entries.length;
  const ids = new Map<string, number>();
  const strings: string[] = [];
  const refs = new Int32Array(n * 4);
  const tokens = new Float64Array(n * 5);
  const copies = new Uint8Array(n);
  const ref = (s: unknown): number | undefined => {
    if (s === undefined) return -1;
    if (typeof s !== 'string') return undefined;
    let id = ids.get(s);
    if (id === undefined) {
      id = strings.length;
      strings.push(s);
      ids.set(s, id);
    }
    return id;
  };
  let i = 0;
  for (const p of parts) {
    for (const e of p.entries) {
      if (!plainEntry(e)) return undefined;
      const r = [ref(e.key), ref(e.session), ref(e.model), ref(e.time)];
      if (r.includes(undefined) || e.session === undefined || e.model === undefined)
        return undefined;
      refs.set(r as number[], i * 4);
      for (let k = 0; k < 5; k++) tokens[i * 5 + k] = e.tokens[TOKEN_KEYS[k]!];
      copies[i] = (e.copy === true ? COPY : 0) | (e.stopped === true ? STOPPED : 0);
      i++;
    }
  }
  const ends = new Int32Array(strings.length);
  let end = 0;
  for (let s = 0; s < strings.length; s++) ends[s] = end += strings[s]!.length;
  return {
    source: parts[0]?.source ?? '',
    parts: parts.map(({ entries, ...rest }) => ({ ...rest, count: entries.length })),
    text: strings.join(''),
    ends,
    refs,
    tokens,
    copies,
  };
}

/** The parts `packUsage` packed, equal to them field for field. */
export function unpackUsage(p: PackedUsage): FileUsage[] {
  const strings: string[] = new Array<string>(p.ends.length);
  let start = 0;
  for (let s = 0; s < p.ends.length; s++) {
    const end = p.ends[s]!;
    strings[s] = p.text.slice(start, end);
    start = end;
  }
  const str = (r: number): string | undefined => (r < 0 ? undefined : strings[r]);
  const { refs, tokens, copies } = p;
  let i = 0;
  return p.parts.map(({ count, ...rest }) => {
    const entries: UsageEntry[] = new Array<UsageEntry>(count);
    for (let k = 0; k < count; k++, i++) {
      const t = i * 5;
      const counts: TokenCounts = {
        input: tokens[t]!,
        output: tokens[t + 1]!,
        cacheWrite: tokens[t + 2]!,
        cacheRead: tokens[t + 3]!,
        cacheWrite1h: tokens[t + 4]!,
      };
      const e: UsageEntry = {
        key: str(refs[i * 4]!),
        session: str(refs[i * 4 + 1]!)!,
        model: str(refs[i * 4 + 2]!)!,
        time: str(refs[i * 4 + 3]!),
        tokens: counts,
      };
      const flags = copies[i]!;
      entries[k] =
        flags === 0
          ? e
          : {
              ...e,
              ...((flags & COPY) !== 0 ? { copy: true } : {}),
              ...((flags & STOPPED) !== 0 ? { stopped: true } : {}),
            };
    }
    return { ...rest, entries } as FileUsage;
  });
}

/** Whether the entry holds only what `UsageEntry` names, its counts plain numbers. */
function plainEntry(e: UsageEntry): boolean {
  for (const k in e) if (!ENTRY_KEYS.has(k)) return false;
  if (e.copy !== undefined && e.copy !== true) return false;
  if (e.stopped !== undefined && e.stopped !== true) return false;
  const t = e.tokens as unknown as Record<string, unknown>;
  let keys = 0;
  for (const k in t) {
    keys++;
    if (typeof t[k] !== 'number') return false;
  }
  return keys === 5 && TOKEN_KEYS.every((k) => typeof t[k] === 'number');
}
