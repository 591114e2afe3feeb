/**
 * Flockdeck's redaction reads UTF-8 bytes (Go strings): its windows, budgets and 1 MiB cap count
 * bytes, and its byte classes see each byte of a multi-byte character on its own. The rules here
 * run on a "byte string": the UTF-8 bytes of the text, one per UTF-16 unit (latin1), so every
 * offset and count is Go's. ASCII text is its own byte string (no copy).
 */
const NON_ASCII = /[^\x00-\x7f]/;

/** The byte string of `s` (`s` itself when it is ASCII). */
export function toBytes(s: string): string {
  return NON_ASCII.test(s) ? Buffer.from(s, 'utf8').toString('latin1') : s;
}

/** The text of a byte string made by `toBytes` (or changed by the rules). */
export function fromBytes(b: string): string {
  return NON_ASCII.test(b) ? Buffer.from(b, 'latin1').toString('utf8') : b;
}

/**
 * Go's `strings.ToLower` of the bytes `b` as a JS string: Unicode lower case by simple mapping
 * (`İ` becomes `i`, where JavaScript's full mapping gives `i̇`).
 */
export function goLower(b: string): string {
  if (!NON_ASCII.test(b)) return b.toLowerCase();
  return fromBytes(b)
    .replace(/\u0130/g, 'i')
    .toLowerCase();
}

/**
 * A case-insensitive regex source for an ASCII word as Go's `(?i)` reads it on bytes: each letter
 * in both cases, and `s` and `k` also as `ſ` (U+017F) and the Kelvin sign (U+212A), which Go's
 * case folding takes for them, written as their UTF-8 bytes.
 */
export function foldWord(word: string): string {
  return [...word].map(foldChar).join('');
}

function foldChar(c: string): string {
  const l = c.toLowerCase();
  const u = c.toUpperCase();
  if (l === u) return c.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  if (l === 's') return '(?:[sS]|\\xC5\\xBF)';
  if (l === 'k') return '(?:[kK]|\\xE2\\x84\\xAA)';
  return `[${l}${u}]`;
}

/** Go's `(?i)` class of ASCII letters, digits and `extra`: one byte, or `ſ`/`K` as their bytes. */
export function foldClass(extra: string): string {
  return `(?:[A-Za-z0-9${extra}]|\\xC5\\xBF|\\xE2\\x84\\xAA)`;
}

/** Go's `\s` (ASCII only): tab, newline, form feed, carriage return, space. */
export const GO_SPACE = '\\t\\n\\f\\r ';

/** Is the byte at `i` the start of a character (not a UTF-8 continuation byte)? */
export function runeStart(b: string, i: number): boolean {
  return (b.charCodeAt(i) & 0xc0) !== 0x80;
}
