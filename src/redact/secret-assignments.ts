import { isMark } from './marks.js';
import type { Cursor } from './quotes.js';
import { isPlaceholder, isTrivialValue, nameIsSecret } from './secret-names.js';
import type { Span } from './spans.js';

/** How far a quoted value may run before it is cut at the end of its line instead. */
export const QUOTED_VALUE_WINDOW = 4096;
/** Names longer than this are not names (and are skipped whole, in linear time). */
const MAX_NAME = 128;

/** Characters that end an unquoted value (`passphrase=correct horse` keeps `horse`). */
const VALUE_STOP = new Set(' \t\n\r\f\v"\'`,;&|<>(){}\\\b'.split('').map((c) => c.charCodeAt(0)));
/** Characters before `--flag` that make it prose, not a command (`runs; --token is still`). */
const PROSE_BEFORE_FLAG = new Set(';,.:!?'.split('').map((c) => c.charCodeAt(0)));
/** A placeholder at the start of a value, read before the value's stop characters cut it. */
const PLACEHOLDER_AT = /\$\{[A-Za-z_][A-Za-z0-9_:-]*\}|\{\{[^{}\n]{0,64}\}\}|<[^<>\s]{1,64}>/y;
/** Authorization schemes that are not a credential on their own. */
const SCHEME_ALONE =
  /^(?:bearer|basic|token|digest|negotiate|ntlm|apikey|hoba|mutual|aws4-hmac-sha256)$/i;

export function isNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 95 ||
    c === 46 ||
    c === 45
  );
}

const isBlank = (c: number): boolean => c === 32 || c === 9;

/**
 * Values assigned to secret names: `NAME=value`, `NAME: value`, `"name": "value"`, `--flag value`
 * and the credential after an Authorization-style scheme. Quoted values may span lines; an
 * unclosed quote (or one beyond the window) runs to the end of its line.
 */
export function findAssignments(
  s: string,
  keywords: RegExp,
  extraNames: readonly string[],
  cursor: Cursor,
  spans: Span[],
): void {
  keywords.lastIndex = 0;
  let prevEnd = 0;
  let m: RegExpExecArray | null;
  while ((m = keywords.exec(s)) !== null) {
    let a = m.index;
    while (a > prevEnd && isNameChar(s.charCodeAt(a - 1))) a--;
    let b = m.index + m[0].length;
    while (b < s.length && isNameChar(s.charCodeAt(b))) b++;
    keywords.lastIndex = b;
    prevEnd = b;
    while (b > a && (s.charCodeAt(b - 1) === 46 || s.charCodeAt(b - 1) === 45)) b--;
    if (b - a > MAX_NAME) continue;
    const span = valueOfName(s, a, b, extraNames, cursor);
    if (span) {
      spans.push(span);
      // The value is replaced whole: names inside it need no look (and must not cost a rescan).
      if (span.end > b) keywords.lastIndex = prevEnd = span.end;
    }
  }
}

/** The span of the value assigned to the name at `s[a, b)`, if it is a secret's. */
function valueOfName(
  s: string,
  a: number,
  b: number,
  extraNames: readonly string[],
  cursor: Cursor,
): Span | undefined {
  const full = s.slice(a, b);
  const dashes = /^-*/.exec(full)?.[0].length ?? 0;
  const name = full.slice(dashes);
  const lower = name.toLowerCase();
  const auth = lower.includes('authori');
  if (!auth && !nameIsSecret(name, extraNames)) return undefined;
  let p = b;
  const q = s[a - 1];
  if ((q === '"' || q === "'") && s[p] === q) p++;
  while (isBlank(s.charCodeAt(p))) p++;
  const sep = s[p];
  let kind = 'secret-name';
  if ((sep === '=' && s[p + 1] !== '=') || (sep === ':' && s[p + 1] !== '=' && s[p + 1] !== ':')) {
    p++;
    while (isBlank(s.charCodeAt(p))) p++;
  } else if (dashes >= 1 && p > b && isFlagContext(s, a, lower)) {
    kind = 'secret-flag';
    const c = s[p];
    if (c === undefined || '-<>|&;\n'.includes(c)) return undefined;
  } else return undefined;
  if (auth) return credentialOfScheme(s, p, cursor);
  return valueAt(s, p, cursor, kind);
}

/** `--password x`: a flag preceded by a command word, not by prose punctuation, not `--no-…`. */
function isFlagContext(s: string, a: number, lower: string): boolean {
  if (lower.startsWith('no-')) return false;
  if (a > 0 && !isBlank(s.charCodeAt(a - 1)) && s[a - 1] !== '\n') return false;
  let i = a - 1;
  while (i >= 0 && isBlank(s.charCodeAt(i))) i--;
  return i < 0 || !PROSE_BEFORE_FLAG.has(s.charCodeAt(i));
}

/** The value starting at `p`: quoted (to its closing quote, or its line's end) or a bare word. */
export function valueAt(s: string, p: number, cursor: Cursor, kind: string): Span | undefined {
  const q = s[p];
  let end: number;
  let inner: string;
  if (q === '"' || q === "'" || q === '`') {
    const close = cursor.closing(q, p + 1);
    if (close !== -1 && close - p <= QUOTED_VALUE_WINDOW) {
      end = close + 1;
      inner = s.slice(p + 1, close);
    } else {
      end = cursor.lineEnd(p);
      inner = s.slice(p + 1, end);
    }
  } else {
    PLACEHOLDER_AT.lastIndex = p;
    if (PLACEHOLDER_AT.test(s)) return undefined;
    end = p;
    while (end < s.length && !VALUE_STOP.has(s.charCodeAt(end))) end++;
    inner = s.slice(p, end);
  }
  if (
    isTrivialValue(inner) ||
    isPlaceholder(inner) ||
    isMark(inner) ||
    inner.startsWith('[redacted')
  )
    return undefined;
  return { start: p, end, kind };
}

/** Under an authorization name: keep the scheme, redact the credential (placeholders kept). */
function credentialOfScheme(s: string, p: number, cursor: Cursor): Span | undefined {
  let i = p;
  if (s[i] === '"' || s[i] === "'") i++;
  const scheme = /^[A-Za-z][A-Za-z0-9_-]*/.exec(s.slice(i, i + 64))?.[0];
  if (scheme !== undefined && isBlank(s.charCodeAt(i + scheme.length))) {
    let c = i + scheme.length;
    while (isBlank(s.charCodeAt(c))) c++;
    PLACEHOLDER_AT.lastIndex = c;
    if (PLACEHOLDER_AT.test(s)) return undefined;
    let end = c;
    while (end < s.length && !VALUE_STOP.has(s.charCodeAt(end))) end++;
    const cred = s.slice(c, end);
    if (cred === '' || isPlaceholder(cred) || isMark(cred) || cred.startsWith('[redacted'))
      return undefined;
    return { start: c, end, kind: 'authorization' };
  }
  if (scheme !== undefined && SCHEME_ALONE.test(scheme)) return undefined;
  return valueAt(s, p, cursor, 'authorization');
}
