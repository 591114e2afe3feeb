import { GENERATED_TABLES } from './generated-tables.js';

/**
 * Tables of the prescan's four-character starts (`PRESCAN_STARTS` in prescan.ts, plus config
 * names, read in any case) and of the token catalog's prefixes (in their exact case), small
 * enough to stay in cache: a slot per first two characters (looked at on every position), a slot
 * per third character of those, and the allowed fourth characters, marked by which list they
 * complete a start of.
 */
export interface StartTables {
  /**
   * Slot of the pair of 7-bit codes `(a << 7) | b`, 0 when no start begins so: bytes while the
   * slots fit in one (the usual case: half the cache), else 16 bits.
   */
  readonly pairs: Uint8Array | Uint16Array;
  /** Slot of the triple: `thirds[pairSlot * 128 + c]`, 0 when none. */
  readonly thirds: Uint16Array;
  /**
   * Where a fourth code completes a start, `fourths[tripleSlot * 128 + d]`: START_ANY_CASE for a
   * start of the first list, START_EXACT for one of the second, both bits for both; else 0.
   */
  readonly fourths: Uint8Array;
}

/** A bit of `fourths`: a start of the case-insensitive list ends here. */
export const START_ANY_CASE = 1;
/** A bit of `fourths`: an exact-case start (a catalog prefix's first four characters) ends here. */
export const START_EXACT = 2;

const ALL = [...Array(128).keys()];

/**
 * The 7-bit codes one character of a start stands for (`[…]` a set, `*` any): a letter in both
 * cases, as the scan looks characters up as they are; a character past ASCII (a config name's)
 * stands for any, as the scan sees only the low seven bits of one.
 */
function codeSets(pattern: string): number[][] {
  return [...pattern.matchAll(/\[([^\]]+)\]|\*|./g)].map((m) =>
    m[0] === '*' ? ALL : [...new Set([...(m[1] ?? m[0])].flatMap((ch) => cases(ch)))],
  );
}

function fourCodeSets(start: string): number[][] {
  const sets = codeSets(start);
  if (sets.length !== 4) throw new Error(`prescan start "${start}" is not four characters`);
  return sets;
}

/** The codes of an exact start: its three or four characters (three: any fourth), 7-bit. */
function exactCodes(start: string): number[][] {
  const codes = [...start].map((ch) => [ch.charCodeAt(0)]);
  if (codes.length === 3) codes.push(ALL);
  if (codes.length !== 4 || codes.some(([c]) => (c as number) > 127))
    throw new Error(`exact start "${start}" is not three or four ASCII characters`);
  return codes;
}

function cases(ch: string): number[] {
  const c = ch.charCodeAt(0);
  if (c >= 128) return ALL;
  const low = lower(c);
  return low >= 97 && low <= 122 ? [low, low - 32] : [low];
}

/** The lower case of a 7-bit code: starts are keyed by it, whatever the case they are seen in. */
const lower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

const tablesMemo = new Map<string, StartTables | undefined>();

/**
 * Pair slots past this many make the tables too big to help (a config name past ASCII stands for
 * a hundred pairs a character): the regex scans alone then. Prefixes of ASCII (every catalog
 * entry's) never come near it: there are 128 x 128 pairs of 7-bit codes, folded to lower case.
 */
const MAX_PAIR_SLOTS = 4095;

/** The pair table for `slots` slots: bytes when they fit. */
const pairTable = (slots: number): Uint8Array | Uint16Array =>
  slots > 255 ? new Uint16Array(1 << 14) : new Uint8Array(1 << 14);

/**
 * The tables of `starts` (case-insensitive) and `exact` (literal, in their case), or undefined
 * when they need more than MAX_PAIR_SLOTS pair slots (the regex scans then). Once per pair of
 * lists; the default lists' come ready-made from generated-tables.ts (used only when made from
 * the same lists: a stale file costs time, never a wrong table).
 */
export function startTables(
  starts: readonly string[],
  exact: readonly string[] = [],
): StartTables | undefined {
  const key = `${starts.join('\n')}\n\n${exact.join('\n')}`;
  if (tablesMemo.has(key)) return tablesMemo.get(key);
  const tables =
    key === `${GENERATED_TABLES.starts}\n\n${GENERATED_TABLES.exact}`
      ? decodeStartTables(GENERATED_TABLES.tables)
      : deriveStartTables(starts, exact);
  if (tablesMemo.size >= 16) tablesMemo.clear();
  tablesMemo.set(key, tables);
  return tables;
}

/**
 * The tables derived from the character sets of each start (never expanded into strings: `\\/**`
 * alone would be 16k of them). An exact start is three or four characters as they are (three:
 * any fourth); it shares the slots of the starts that begin alike in any case, so a text may hit
 * it in another case: a candidate, which its exact test then refuses.
 */
export function deriveStartTables(
  starts: readonly string[],
  exact: readonly string[] = [],
): StartTables | undefined {
  const patterns = [
    ...starts.map((s) => [START_ANY_CASE, fourCodeSets(s)] as const),
    ...exact.map((s) => [START_EXACT, exactCodes(s)] as const),
  ];
  const pairSlot = new Map<number, number>();
  const tripleSlot = new Map<number, number>();
  for (const [, sets] of patterns) {
    const [as, bs, cs] = sets as [number[], number[], number[]];
    for (const a of as)
      for (const b of bs) {
        const pair = (lower(a) << 7) | lower(b);
        if (!pairSlot.has(pair)) pairSlot.set(pair, pairSlot.size + 1);
        for (const c of cs) {
          const t = (pair << 7) | lower(c);
          if (!tripleSlot.has(t)) tripleSlot.set(t, tripleSlot.size + 1);
        }
      }
  }
  if (pairSlot.size > MAX_PAIR_SLOTS) return undefined;
  const pairs = pairTable(pairSlot.size);
  const thirds = new Uint16Array((pairSlot.size + 1) * 128);
  const fourths = new Uint8Array((tripleSlot.size + 1) * 128);
  for (const [bit, [as, bs, cs, ds]] of patterns as [number, number[][]][])
    for (const a of as as number[])
      for (const b of bs as number[]) {
        const pair = (lower(a) << 7) | lower(b);
        const ps = pairSlot.get(pair) as number;
        pairs[(a << 7) | b] = ps;
        for (const c of cs as number[]) {
          const ts = tripleSlot.get((pair << 7) | lower(c)) as number;
          thirds[ps * 128 + c] = ts;
          for (const d of ds as number[]) {
            const at = ts * 128 + d;
            fourths[at] = (fourths[at] as number) | bit;
          }
        }
      }
  return { pairs, thirds, fourths };
}

/**
 * The tables as base64 bytes (what generated-tables.ts holds): the sizes of `thirds` and
 * `fourths` in rows (u16 each), the set entries of `pairs` (a u16 count, then index u16 and slot
 * u16 each) and of `thirds` (a u16 count, then index u16 and slot u16 each), then each row of
 * `fourths` but the first (all zeros): the value most of its codes hold, then a count and, for
 * each code that holds another, the code and its value.
 */
export function encodeStartTables({ pairs, thirds, fourths }: StartTables): string {
  const out: number[] = [];
  const u16 = (n: number): number => out.push(n >> 8, n & 255);
  u16(thirds.length / 128);
  u16(fourths.length / 128);
  const entries = (table: Uint8Array | Uint16Array): void => {
    const set = [...table.keys()].filter((i) => table[i] !== 0);
    u16(set.length);
    for (const i of set) {
      u16(i);
      u16(table[i] as number);
    }
  };
  entries(pairs);
  entries(thirds);
  for (let row = 128; row < fourths.length; row += 128) {
    const values = [...fourths.subarray(row, row + 128)];
    const most = [0, 1, 2, 3].reduce((m, v) =>
      values.filter((x) => x === v).length > values.filter((x) => x === m).length ? v : m,
    );
    const others = [...values.keys()].filter((d) => values[d] !== most);
    out.push(most, others.length, ...others.flatMap((d) => [d, values[d] as number]));
  }
  return Buffer.from(out).toString('base64');
}

/** The tables `encodeStartTables` wrote. */
export function decodeStartTables(base64: string): StartTables {
  const b = Buffer.from(base64, 'base64');
  let at = 0;
  const u16 = (): number => {
    at += 2;
    return ((b[at - 2] as number) << 8) | (b[at - 1] as number);
  };
  const thirds = new Uint16Array(u16() * 128);
  const fourths = new Uint8Array(u16() * 128);
  const pairs = pairTable(thirds.length / 128 - 1);
  for (let n = u16(); n > 0; n--) pairs[u16()] = u16();
  for (let n = u16(); n > 0; n--) thirds[u16()] = u16();
  for (let row = 128; row < fourths.length; row += 128) {
    fourths.fill(b[at++] as number, row, row + 128);
    for (let n = b[at++] as number; n > 0; n--, at += 2)
      fourths[row + (b[at] as number)] = b[at + 1] as number;
  }
  return { pairs, thirds, fourths };
}
