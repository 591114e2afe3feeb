/**
 * JSON text as Go's `encoding/json` Marshal writes it, for the Flockdeck writer's byte-for-byte
 * output: `<`, `>`, `&`, U+2028 and U+2029 escaped as `\u003c` ...; control characters as `\n`,
 * `\t`, `\r`, `\b`, `\f` or `\u00XX`; a lone surrogate (which Go's decoder has already made
 * U+FFFD) as U+FFFD; object keys sorted by their UTF-8 bytes (a decoded `map[string]any`); a
 * float64 in Go's shortest form, `-0` kept.
 */

const HEX = '0123456789abcdef';
const NEEDS_ESCAPE = /["\\\u0000-\u001f<>&\u2028\u2029\ud800-\udfff]/;

function escapeChar(c: number): string {
  switch (c) {
    case 0x22:
      return '\\"';
    case 0x5c:
      return '\\\\';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    case 0x08:
      return '\\b';
    case 0x0c:
      return '\\f';
    default:
      return `\\u${HEX[(c >> 12) & 15]}${HEX[(c >> 8) & 15]}${HEX[(c >> 4) & 15]}${HEX[c & 15]}`;
  }
}

/** A string as Go writes it, escaping by hand (for text with a lone surrogate). */
function goStringSlow(s: string): string {
  let out = '"';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x3c || c === 0x3e || c === 0x26) {
      rep = escapeChar(c);
    } else if (c === 0x2028 || c === 0x2029) {
      rep = escapeChar(c);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      rep = '\ufffd';
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      rep = '\ufffd';
    }
    if (rep === undefined) continue;
    out += s.slice(from, i) + rep;
    from = i + 1;
  }
  return `${out}${s.slice(from)}"`;
}

/** What Go escapes and JSON.stringify does not (in text with no lone surrogate). */
const HTML = /[<>&\u2028\u2029]/;
const HTML_ALL = /[<>&\u2028\u2029]/g;
const wellFormed = (s: string): boolean =>
  (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * A string as Go writes it (quoted). JSON.stringify escapes control characters, quotes and
 * backslashes as Go does (`\n`, `\b`, `\u001f` ...); Go also escapes `<`, `>`, `&`, U+2028 and
 * U+2029, and has no lone surrogates (its decoder made them U+FFFD).
 */
export function goString(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  if (!wellFormed(s)) return goStringSlow(s);
  const j = JSON.stringify(s);
  return HTML.test(j) ? j.replace(HTML_ALL, (c) => escapeChar(c.charCodeAt(0))) : j;
}

/** A float64 as Go writes it: the shortest form, exponent below 1e-6 and from 1e21, `-0` kept. */
export function goFloat(n: number): string {
  if (Object.is(n, -0)) return '-0';
  // Both use the shortest round-trip digits and switch to an exponent at the same bounds; Go
  // writes `e-7` where JS does too (it trims the exponent's leading zero).
  return String(n);
}

/** A Go `int`: every digit, even past 2^53 (`-9223372036854775808`). */
export function goInt(n: number): string {
  return Number.isSafeInteger(n) ? String(n) : BigInt(Math.trunc(n)).toString();
}

/** Compares two keys as Go's sort of map keys does: by their UTF-8 bytes (code points). */
export function byUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** Texts already made for values that are written as they are (a tool input measured first). */
const made = new WeakMap<object, string>();

/** Notes that `v` marshals to `text`, so that writing it does not marshal it again. */
export function remember(v: unknown, text: string): void {
  if (typeof v === 'object' && v !== null) made.set(v, text);
}

/** A decoded JSON value as Go marshals it (`map[string]any` keys sorted at every level). */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'object') {
    const known = made.get(v);
    if (known !== undefined) return known;
  }
  switch (typeof v) {
    case 'string':
      return goString(v);
    case 'number':
      return Number.isFinite(v) ? goFloat(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object':
      break;
    default:
      return 'null';
  }
  if (Array.isArray(v)) return `[${v.map(goValue).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort(byUtf8);
  return `{${keys.map((k) => `${goString(k)}:${goValue(o[k])}`).join(',')}}`;
}

/** Bytes of `text` as UTF-8 (what Go's `len` gives for the marshalled text). */
export const utf8Bytes = (text: string): number => Buffer.byteLength(text);
