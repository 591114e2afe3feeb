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

const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The catalog as one matcher. Every prefix is keyed by its first three characters (exact case);
 * a scan looks each position's first two characters up in a 128 x 128 table and only where one
 * could start a prefix reads the three-character key and runs that key's entries, sticky, there.
 * No entry is tried anywhere its prefix does not stand, so the cost of a text is one table
 * look-up per character plus the entries whose prefix it holds, however long the catalog.
 *
 * An entry's match at a position keeps that entry from trying again before the match's end (as
 * a global regex goes on after its match), so a text is read by each entry at most once over:
 * linear time on `sk-sk-sk-…`.
 */
export class TokenCatalog {
  readonly formats: readonly CompiledFormat[];
  /**
   * The prescan's starts for the catalog (`PRESCAN_STARTS`): each prefix's first four
   * characters, lower-cased, `*` for a fourth when the prefix has three.
   */
  readonly starts: readonly string[];
  /**
   * A slot (not 0) at `(c0 << 7) | c1` for the first two characters of a prefix (7-bit codes):
   * what a caller in a hot loop may test before calling `couldStartAt` (a miss costs one look-up).
   */
  readonly pairs = new Uint16Array(1 << 14);
  /** 1 at `slot * 128 + c2` where a prefix's first two characters (`slot`) go on with `c2`. */
  private thirds = new Uint8Array(128);
  private readonly byKey = new Map<string, CompiledFormat[]>();
  /** Per entry, the index before which it is not tried again in the current text. */
  private readonly until: Int32Array;
  private readonly touched: number[] = [];

  /**
   * `validate`: check every entry first (`formatProblem`), as tests do for the catalog; off for
   * the built-in catalog at run time (a few milliseconds of start-up), which the tests hold to it.
   */
  constructor(catalog: readonly ProviderFormat[], validate = true) {
    const starts = new Set<string>();
    this.formats = catalog.map((format, index) => {
      const problem = validate ? formatProblem(format) : undefined;
      if (problem)
        throw new Error(`token catalog: ${format.provider} (${format.kind}): ${problem}`);
      const prefixes = [...format.prefixes].sort((a, b) => b.length - a.length);
      const source =
        `(${prefixes.map(escapeRe).join('|')})(?:${format.body})` +
        (format.suffix ? `(?:${format.suffix})` : '') +
        (format.endsWord ? '(?![A-Za-z0-9])' : '');
      const compiled: CompiledFormat = { format, index, regex: new RegExp(source, 'y') };
      for (const p of prefixes) {
        const pair = (p.charCodeAt(0) << 7) | p.charCodeAt(1);
        if (this.pairs[pair] === 0) {
          this.pairs[pair] = this.thirds.length / 128;
          const grown = new Uint8Array(this.thirds.length + 128);
          grown.set(this.thirds);
          this.thirds = grown;
        }
        this.thirds[(this.pairs[pair] as number) * 128 + p.charCodeAt(2)] = 1;
        const key = p.slice(0, 3);
        const list = this.byKey.get(key) ?? [];
        if (!list.includes(compiled)) list.push(compiled);
        this.byKey.set(key, list);
        starts.add(p.length > 3 ? p.slice(0, 4).toLowerCase() : `${p.toLowerCase()}*`);
      }
      return compiled;
    });
    this.starts = [...starts];
    this.until = new Int32Array(this.formats.length);
  }

  /** The entries whose prefix could start at `i` (by its first three characters), or undefined. */
  private entriesAt(s: string, i: number): readonly CompiledFormat[] | undefined {
    const c0 = s.charCodeAt(i);
    const c1 = s.charCodeAt(i + 1);
    if (c0 > 127 || c1 > 127 || this.pairs[(c0 << 7) | c1] === 0) return undefined;
    return this.byKey.get(s.slice(i, i + 3));
  }

  /** Every token of the catalog in `s`, as spans (in the order of their starts). */
  find(s: string, spans: Span[]): void {
    const { pairs, thirds } = this;
    const n = s.length - 2;
    // One character read per position: the pair look-up is all most positions cost, and the
    // third character's all but a few of the rest (`th`, `nt` and `do` start words).
    let c1 = s.charCodeAt(0) & 127;
    for (let i = 0; i < n; i++) {
      const c0 = c1;
      c1 = s.charCodeAt(i + 1) & 127;
      const slot = pairs[(c0 << 7) | c1] as number;
      if (slot === 0 || thirds[slot * 128 + (s.charCodeAt(i + 2) & 127)] === 0) continue;
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
    const list = this.entriesAt(s, i);
    if (list === undefined) return false;
    for (const f of list) {
      f.regex.lastIndex = i;
      if (f.regex.test(s)) return true;
    }
    return false;
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
