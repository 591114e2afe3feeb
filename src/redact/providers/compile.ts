import { flockdeckShapeIn } from '../flockdeck/redact-flockdeck.js';
import { isPlaceholderBody } from '../placeholder-body.js';
import type { Span } from '../spans.js';
import { CHECKSUMS } from './checksums.js';
import type { ProviderFormat } from './provider-format.js';
import { formatProblem } from './validate.js';

/** A catalog entry made ready to run. */
export interface CompiledFormat {
  readonly format: ProviderFormat;
  /** Its place in the catalog: at one start, of two entries with prefixes as long, the earlier names the kind. */
  readonly index: number;
  /** Sticky: `(prefix)body suffix`, the prefixes longest first; `endsWord` as a look-ahead. */
  readonly regex: RegExp;
}

/**
 * An entry whose regex is made when first run: most entries' prefixes never stand in a run's
 * text, and a few hundred regexes made at every start cost start-up (bench/RESULTS.md).
 */
class LazyFormat implements CompiledFormat {
  #regex: RegExp | undefined;
  constructor(
    readonly format: ProviderFormat,
    readonly index: number,
    readonly source: string,
  ) {}
  get regex(): RegExp {
    return (this.#regex ??= new RegExp(this.source, 'y'));
  }
}

const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The catalog as one matcher. Every prefix is keyed by its first three characters (exact case);
 * a scan looks each position's first two characters up in a 128 x 128 table and only where one
 * could start a prefix reads the third and runs that key's entries, sticky, there. No entry is
 * tried anywhere its prefix does not stand, so the cost of a text is one table look-up per
 * character plus the entries whose prefix it holds, however long the catalog. The prescan reads
 * the same tables, and a fourth character's, in its own pass over a line (prescan.ts), in exact
 * case: a catalog prefix never makes it run a regex where the prefix is not.
 *
 * An entry's match at a position keeps that entry from trying again before the match's end (as
 * a global regex goes on after its match), so a text is read by each entry at most once over:
 * linear time on `sk-sk-sk-…`.
 */
export class TokenCatalog {
  readonly formats: readonly CompiledFormat[];
  /**
   * A slot (not 0) at `(c0 << 7) | c1` for the first two characters of a prefix (7-bit codes):
   * what a caller in a hot loop may test before calling `couldStartAt` (a miss costs one look-up).
   */
  readonly pairs = new Uint16Array(1 << 14);
  /**
   * A slot (not 0) at `pairSlot * 128 + c2` where a prefix's first two characters go on with
   * `c2`. Row 0 is all zeros, so a caller may look a third up without testing the pair's slot.
   */
  readonly thirds: Uint16Array;
  /**
   * 1 at `thirdSlot * 128 + c3` where a prefix's first three characters go on with `c3`: its
   * fourth, or any character for a prefix of three. Row 0 is all zeros.
   */
  readonly fourths: Uint8Array;
  /** The entries of each first three characters, keyed `(c0 << 14) | (c1 << 7) | c2`. */
  private readonly byKey = new Map<number, LazyFormat[]>();
  /** Per key, its entries' regexes as one alternation (`couldStartAt`: one run, not one each). */
  private readonly anyOfKey = new Map<number, RegExp>();
  /** Per entry, the index before which it is not tried again in the current text. */
  private readonly until: Int32Array;
  private readonly touched: number[] = [];

  /**
   * `validate`: check every entry first (`formatProblem`), as tests do for the catalog; off for
   * the built-in catalog at run time (a few milliseconds of start-up), which the tests hold to it.
   */
  constructor(catalog: readonly ProviderFormat[], validate = true) {
    const pairSlot = new Map<number, number>();
    const thirdSlot = new Map<number, number>();
    /** Each three characters' fourths: -1 for any. */
    const fourth = new Map<number, Set<number>>();
    this.formats = catalog.map((format, index) => {
      const problem = validate ? formatProblem(format) : undefined;
      if (problem)
        throw new Error(`token catalog: ${format.provider} (${format.kind}): ${problem}`);
      const prefixes = [...format.prefixes].sort((a, b) => b.length - a.length);
      const source =
        `(${prefixes.map(escapeRe).join('|')})(?:${format.body})` +
        (format.suffix ? `(?:${format.suffix})` : '') +
        (format.endsWord ? '(?![A-Za-z0-9])' : '');
      const compiled = new LazyFormat(format, index, source);
      for (const p of prefixes) {
        const pair = (p.charCodeAt(0) << 7) | p.charCodeAt(1);
        const key = (pair << 7) | p.charCodeAt(2);
        if (!pairSlot.has(pair)) pairSlot.set(pair, pairSlot.size + 1);
        if (!thirdSlot.has(key)) thirdSlot.set(key, thirdSlot.size + 1);
        const fourths = fourth.get(key) ?? new Set();
        fourths.add(p.length > 3 ? p.charCodeAt(3) : -1);
        fourth.set(key, fourths);
        const list = this.byKey.get(key) ?? [];
        if (!list.includes(compiled)) list.push(compiled);
        this.byKey.set(key, list);
      }
      return compiled;
    });
    this.thirds = new Uint16Array((pairSlot.size + 1) * 128);
    this.fourths = new Uint8Array((thirdSlot.size + 1) * 128);
    for (const [pair, slot] of pairSlot) this.pairs[pair] = slot;
    for (const [key, slot] of thirdSlot) {
      this.thirds[(pairSlot.get(key >> 7) as number) * 128 + (key & 127)] = slot;
      const row = slot * 128;
      for (const c of fourth.get(key) as Set<number>)
        if (c < 0) this.fourths.fill(1, row, row + 128);
        else this.fourths[row + c] = 1;
    }
    this.until = new Int32Array(this.formats.length);
  }

  /** The entries whose prefix could start at `i` (by its first three characters), or undefined. */
  private entriesAt(s: string, i: number): readonly CompiledFormat[] | undefined {
    const key = this.keyAt(s, i);
    return key < 0 ? undefined : this.byKey.get(key);
  }

  /** The key of the first three characters at `i`, or -1 where no prefix starts so. */
  private keyAt(s: string, i: number): number {
    const c0 = s.charCodeAt(i);
    const c1 = s.charCodeAt(i + 1);
    const c2 = s.charCodeAt(i + 2);
    if (c0 > 127 || c1 > 127 || c2 > 127 || this.pairs[(c0 << 7) | c1] === 0) return -1;
    return (c0 << 14) | (c1 << 7) | c2;
  }

  /** Every token of the catalog in `s`, as spans (in the order of their starts). */
  find(s: string, spans: Span[]): void {
    const { pairs, thirds, fourths } = this;
    const n = s.length - 2;
    // One character read per position: the pair look-up is all most positions cost, and the
    // third and fourth characters' all but a few of the rest (`th`, `nt` and `do` start words).
    let c1 = s.charCodeAt(0) & 127;
    for (let i = 0; i < n; i++) {
      const c0 = c1;
      c1 = s.charCodeAt(i + 1) & 127;
      const slot = pairs[(c0 << 7) | c1] as number;
      if (slot === 0) continue;
      const third = thirds[slot * 128 + (s.charCodeAt(i + 2) & 127)] as number;
      if (fourths[third * 128 + (s.charCodeAt(i + 3) & 127)] === 0) continue;
      const list = this.entriesAt(s, i);
      if (list !== undefined) this.tryAt(s, i, list, spans);
    }
    for (const k of this.touched) this.until[k] = 0;
    this.touched.length = 0;
  }

  /**
   * The entries of `list` at `i`: each tried unless a match of its own covers `i`. Where several
   * take the token, one span covers them all, counted under the entry whose prefix matched the
   * most characters (`sk-lf-` is Langfuse's before it is an `sk-` key), the earlier on a tie.
   */
  private tryAt(s: string, i: number, list: readonly CompiledFormat[], spans: Span[]): void {
    const before = i > 0 ? s.charCodeAt(i - 1) : 0;
    let kind: string | undefined;
    let prefixLength = 0;
    let end = i;
    for (const f of list) {
      if ((this.until[f.index] as number) > i) continue;
      const glued = isWordCode(before) && !(before === 95 && f.format.afterUnderscore === true);
      if (glued && f.format.gluedBefore !== true && f.format.checksum === undefined) continue;
      f.regex.lastIndex = i;
      const m = f.regex.exec(s);
      if (m === null) continue;
      const matchEnd = i + m[0].length;
      this.until[f.index] = matchEnd;
      this.touched.push(f.index);
      if (!accepts(f.format, m, glued)) continue;
      if (matchEnd > end) end = matchEnd;
      if (kind === undefined || (m[1] as string).length > prefixLength) {
        kind = f.format.kind;
        prefixLength = (m[1] as string).length;
      }
    }
    if (kind !== undefined) spans.push({ start: i, end, kind });
  }

  /**
   * The token that starts exactly at `at` (glued to the end of another secret: no word boundary
   * asked for, nor a checksum), as `tryAt` counts it; undefined when none does.
   */
  at(s: string, at: number): Span | undefined {
    const list = this.entriesAt(s, at);
    if (list === undefined) return undefined;
    let best: Span | undefined;
    let prefixLength = 0;
    for (const f of list) {
      f.regex.lastIndex = at;
      const m = f.regex.exec(s);
      if (m === null || !accepts(f.format, m, false)) continue;
      const end = at + m[0].length;
      const longer = best === undefined || (m[1] as string).length > prefixLength;
      const kind = longer ? f.format.kind : (best as Span).kind;
      if (longer) prefixLength = (m[1] as string).length;
      best = { start: at, end: Math.max(end, best?.end ?? end), kind };
    }
    return best;
  }

  /**
   * Could a token of the catalog start at `i`? Its prefix and body are there (what is before it
   * and the checks after a match aside): the prescan's test, a superset of `find`.
   */
  couldStartAt(s: string, i: number): boolean {
    const key = this.keyAt(s, i);
    if (key < 0) return false;
    let any = this.anyOfKey.get(key);
    if (any === undefined) {
      const list = this.byKey.get(key);
      if (list === undefined) return false;
      any = new RegExp(list.map((f) => f.source).join('|'), 'y');
      this.anyOfKey.set(key, any);
    }
    any.lastIndex = i;
    return any.test(s);
  }

  /** `couldStartAt` at any index from `from` up to (not including) `to`. */
  couldStartIn(s: string, from: number, to: number): boolean {
    const pairs = this.pairs;
    const end = Math.min(to, s.length - 2);
    for (let i = Math.max(0, from); i < end; i++)
      if (
        pairs[((s.charCodeAt(i) & 127) << 7) | (s.charCodeAt(i + 1) & 127)] !== 0 &&
        this.couldStartAt(s, i)
      )
        return true;
    return false;
  }
}

/**
 * The checks after a match: digits and cases the body must hold, a checksum for a glued token,
 * and a body that is no stand-in (`isPlaceholderBody`, where Flockdeck's shapes do not take it).
 */
function accepts(f: ProviderFormat, m: RegExpExecArray, glued: boolean): boolean {
  const prefix = m[1] as string;
  const rest = m[0].slice(prefix.length);
  if (f.digit === true && !/\d/.test(rest)) return false;
  if (isPlaceholderBody(rest) && !flockdeckShapeIn(m[0])) return false;
  if (f.random === true && !(/\d/.test(rest) && /[a-z]/.test(rest) && /[A-Z]/.test(rest)))
    return false;
  if (glued && f.gluedBefore !== true)
    return f.checksum !== undefined && CHECKSUMS[f.checksum](prefix, rest);
  return true;
}
