import type { Cursor } from './quotes.js';
import { isCodeValue } from './code-values.js';
import { isKeyName, isRandomKey } from './key-names.js';
import { isYamlKey, plainScalarEnd, separatorAt } from './separators.js';
import { insideTemplate, isPsqlVariable, isSecretsName } from './names-as-values.js';
import { nameIsSecret, namesPublic } from './secret-names.js';
import { expressionEnd, isNotSecret, literalQuoteAt } from './value-class.js';
import type { Span } from './spans.js';

/** How far a quoted value may run before it is cut at the end of its line instead. */
export const QUOTED_VALUE_WINDOW = 4096;
/** Names longer than this are not names (and are skipped whole, in linear time). */
const MAX_NAME = 128;

/** Characters that end an unquoted value (`passphrase=correct horse` keeps `horse`). */
const VALUE_STOP = new Set(' \t\n\r\f"\'`,;&)}]'.split('').map((c) => c.charCodeAt(0)));
/** Characters that start a structure or a redirection, not a value (`password: {`, `--token <file`). */
const NOT_A_VALUE_START = new Set('{([<>|\\'.split('').map((c) => c.charCodeAt(0)));
/** Characters before `--flag` that make it prose, not a command (`runs; --token is still`). */
const PROSE_BEFORE_FLAG = new Set(';,.:!?'.split('').map((c) => c.charCodeAt(0)));
/** A placeholder at the start of a value, read before the value's stop characters cut it. */
const PLACEHOLDER_AT =
  /\$\{\{[^{}\n]{0,128}\}\}|\$\{[^{}\n]{1,128}\}|\$\([^()\n]{1,128}\)|\{\{[^{}\n]{0,64}\}\}|<[^<>\s]{1,64}>/y;
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
    c === 45 ||
    // A name with a character past ASCII in it is one name, as it is to a reader (and to Flockdeck).
    c >= 128
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
    // `${TOKEN:-default}`: a parameter expansion names a variable, it assigns nothing; nor does a
    // name inside a template expression (`{{ lookup('hashi_vault', 'secret=…') }}`: a lookup's terms).
    if ((s[a - 1] === '{' && s[a - 2] === '$') || insideTemplate(s, a)) continue;
    const span = valueOfName(s, a, b, extraNames, cursor);
    if (span) {
      spans.push(span);
      // The value is replaced whole: names inside it need no look (and must not cost a rescan).
      // A credential after a scheme ends at a blank, and the next one starts after its own scheme
      // and blank: names inside it are looked at (`…Token xAuthorization: Token y`), still once.
      if (span.end > b && span.kind !== 'authorization') keywords.lastIndex = prevEnd = span.end;
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
  // A name whose last word is `key` (`Key=`, `AZURE_OPENAI_KEY`): its value only when random.
  const weak = !auth && !nameIsSecret(name, extraNames);
  if (weak && (!isKeyName(name) || namesPublic(name))) return undefined;
  // `https://x-access-token:…@host`: a URL's user, whose password the URL rule takes.
  if (a >= 3 && s.startsWith('://', a - 3)) return undefined;
  if (weak) {
    const span = assignedValue(s, a, b, dashes, lower, cursor, false);
    // `key` alone is a common name in JSON and YAML (`"Key": "path/to/file"`, React's `key`): a
    // lower-case value under it only after an unquoted `=` (`Using Key=…`).
    const bare = lower !== 'key' || isBareAssignment(s, a, b);
    return span && isRandomKey(s.slice(span.start, span.end), bare) ? span : undefined;
  }
  return assignedValue(s, a, b, dashes, lower, cursor, auth);
}

/** The value after the name `s[a, b)` and its separator (see `valueOfName`). */
function assignedValue(
  s: string,
  a: number,
  b: number,
  dashes: number,
  lower: string,
  cursor: Cursor,
  auth: boolean,
): Span | undefined {
  // `<password>…</password>`: an element named for a secret.
  if (s[a - 1] === '<' && s[b] === '>') return elementValue(s, a, b);
  let p = b;
  const q = s[a - 1];
  // The closing quote of a quoted name (or of a name whose opening quote was cut off), and the
  // bracket of a subscript (`os.environ["API_KEY"] = …`).
  if (s[p] === '"' || s[p] === "'") p++;
  if (s[p] === ']' && (q === '"' || q === "'" || q === '[')) p++;
  // `Header.Set("X-Api-Key", "…")`: a quoted name and a quoted value, the first two arguments of a
  // call; the value only when it looks like a credential (`("password", "email")` are two names).
  if ((q === '"' || q === "'") && s[a - 2] === '(' && s[p] === ',' && !auth) {
    let c = p + 1;
    while (isBlank(s.charCodeAt(c))) c++;
    if (s[c] !== '"' && s[c] !== "'") return undefined;
    const span = valueAt(s, c, cursor, 'secret-name');
    return span && isCallValue(s.slice(span.start, span.end)) ? span : undefined;
  }
  while (isBlank(s.charCodeAt(p))) p++;
  let kind = 'secret-name';
  let read: ValueSyntax = {};
  const sep = separatorAt(s, p);
  if (sep !== undefined) {
    p = sep.value;
    read = {
      code: sep.code,
      quotedOnly: sep.syntax.quotedOnly,
      identifierIsCode: sep.syntax.identifierIsCode,
      credentialOnly: sep.syntax.credentialOnly,
      // `password: abc&def`: a YAML plain scalar runs to its line's end or ` #`.
      yaml: sep.syntax.yamlKey === true && sep.code && isYamlKey(s, a),
      // `Pwd={a;b}` (ODBC): a value in braces right after `=`.
      braces: s[p - 1] === '=' && s[p] === '{',
    };
  } else if (dashes >= 1 && p > b && isFlagContext(s, a, lower)) {
    kind = 'secret-flag';
    const c = s[p];
    if (c === undefined || '-<>|&;\n'.includes(c)) return undefined;
  } else {
    VALUE_ATTRIBUTE.lastIndex = p;
    const attr = q === '"' || q === "'" ? VALUE_ATTRIBUTE.exec(s) : null;
    if (attr !== null) return valueAt(s, p + attr[0].length, cursor, 'secret-name');
    return p > b ? proseValue(s, p) : undefined;
  }
  // `input('Password: ')`, `read -rsp "Password: " PASSWORD`: the quote after the separator
  // closes the string the name is in (a prompt), it opens no value: what follows it ends an
  // expression, or (after `: ` and the quote) is a blank and the next word.
  if (
    (q === '"' || q === "'") &&
    s[p] === q &&
    s[b] !== q &&
    (p + 1 === s.length ||
      '\r\n),;]}'.includes(s[p + 1] as string) ||
      (isBlank(s.charCodeAt(p - 1)) && isBlank(s.charCodeAt(p + 1))))
  )
    return undefined;
  // `Authorization: Bearer x` keeps its scheme; another name with the word in it
  // (`X-Authorization`, or one glued to text before it) loses the scheme too.
  if (auth) return credentialOfScheme(s, p, cursor, /^(?:proxy-)?authori[sz]ation$/.test(lower));
  // `auth: FlyV1 fm2_…`, `token = Bearer abc…`: the scheme stays, the credential after it goes.
  SCHEME_THEN_CREDENTIAL.lastIndex = p;
  if (SCHEME_THEN_CREDENTIAL.test(s)) return credentialOfScheme(s, p, cursor, true);
  return valueAt(s, p, cursor, kind, read);
}

/** An unquoted scheme word (`Bearer`, `FlyV1`) and, after a blank, something that is not a word of prose. */
const SCHEME_THEN_CREDENTIAL =
  /(?:bearer|basic|token|digest|apikey|[A-Za-z]{2,12}V\d)[ \t]+(?=[A-Za-z0-9._~+/=-]{0,255}[\d_+/=])/iy;

/** An auth-param after a scheme (RFC 7235 2.1: `name=value` pairs, not a token68 credential). */
const AUTH_PARAM = /[A-Za-z][\w-]*=(?!=)(?=["A-Za-z0-9])/y;

/** `key="Password" value="…"` (NuGet, .NET config): the value of the pair's `value` attribute. */
const VALUE_ATTRIBUTE = /value[ \t]*=[ \t]*(?=["'])/iy;
/** Prose: `AWS_SECRET_ACCESS_KEY to wJalr…`, `my password is hunter2hunter2`. */
const PROSE_LINK =
  /(?:is|was|to|as|equals|set to|becomes)[ \t]+["'`]?([A-Za-z0-9+/=_.~!@#%^*-]{8,256})/y;

/** The value after a secret name and a linking word, when it looks random (not a word). */
function proseValue(s: string, p: number): Span | undefined {
  PROSE_LINK.lastIndex = p;
  const m = PROSE_LINK.exec(s);
  if (m === null) return undefined;
  let v = m[1] as string;
  v = v.replace(/[.!,]+$/, '');
  if (!looksRandom(v)) return undefined;
  const start = p + m[0].length - (m[1] as string).length;
  return { start, end: start + v.length, kind: 'secret-prose' };
}

/** Letters and digits mixed (a word of prose has no digit; a version number has no letter run). */
function looksRandom(v: string): boolean {
  return (
    v.length >= 8 && /\d/.test(v) && /[A-Za-z].*[A-Za-z]/.test(v) && !/^v?\d+(?:\.\d+)+/.test(v)
  );
}

/** `--password x`: a flag preceded by a command word, not by prose punctuation, not `--no-…`. */
function isFlagContext(s: string, a: number, lower: string): boolean {
  if (lower.startsWith('no-')) return false;
  if (a > 0 && !isBlank(s.charCodeAt(a - 1)) && s[a - 1] !== '\n') return false;
  let i = a - 1;
  while (i >= 0 && isBlank(s.charCodeAt(i))) i--;
  return i < 0 || !PROSE_BEFORE_FLAG.has(s.charCodeAt(i));
}

/** How a value is read in the syntax it was found in (see separators.ts). */
export interface ValueSyntax {
  /** A bare identifier may be code here (`key = apiKey`). */
  readonly code?: boolean;
  /** Only a quoted value is a literal (`'password' => env('X')`). */
  readonly quotedOnly?: boolean;
  /** Any bare identifier is code (`token += chunk`). */
  readonly identifierIsCode?: boolean;
  /** Only a value that looks like a credential (8 or more, letters and digits). */
  readonly credentialOnly?: boolean;
  /** A YAML block mapping's value: a plain scalar runs to its line's end or ` #`. */
  readonly yaml?: boolean;
  /** A value in braces may follow (`Pwd={a;b}`, ODBC). */
  readonly braces?: boolean;
}

/**
 * The value starting at `p`: quoted (to its closing quote, or its line's end), in braces, or a
 * bare word. Nothing when the value is an expression (value-class.ts: a reference, a call, a type,
 * a regex, an f-string) or is not a secret (`whyNotSecret`).
 */
export function valueAt(
  s: string,
  p: number,
  cursor: Cursor,
  kind: string,
  read: ValueSyntax = {},
): Span | undefined {
  if (read.braces) return bracedValue(s, p, kind);
  if (expressionEnd(s, p, read.code === true) !== -1) return undefined;
  // `b'…'`, `r"…"`: a string literal with a prefix; its value is inside the quotes.
  p = literalQuoteAt(s, p);
  const q = s[p];
  let start = p;
  let end: number;
  let inner: string;
  if (q === '"' || q === "'" || q === '`') {
    // The quotes stay: `"apiKey": "[redacted]"` is still JSON.
    start = p + 1;
    const close = cursor.closing(q, p + 1);
    if (close !== -1 && close - p <= QUOTED_VALUE_WINDOW) {
      end = close;
      inner = s.slice(p + 1, close);
    } else {
      end = cursor.lineEnd(p);
      inner = s.slice(p + 1, end);
    }
    if (inner === '') return undefined;
    if (isPsqlVariable(s, p, inner)) return undefined;
    // Backticks hold a command (shell) or a template: one with a blank in it is not a literal.
    if (q === '`' && /\s/.test(inner)) return undefined;
  } else {
    if (read.quotedOnly) return undefined;
    PLACEHOLDER_AT.lastIndex = p;
    if (NOT_A_VALUE_START.has(s.charCodeAt(p)) || PLACEHOLDER_AT.test(s)) return undefined;
    end = unquotedEnd(s, p);
    inner = s.slice(p, end);
    if (isCodeValue(s, inner, end, read.code === true)) return undefined;
    if (read.identifierIsCode && /^[A-Za-z_$][\w$]*$/.test(inner) && !/\d/.test(inner))
      return undefined;
    if (read.yaml && end < s.length && !isNoSecret(inner)) {
      // The whole plain scalar goes (`abc&def`), when it is one word.
      const scalar = plainScalarEnd(s, p, cursor.lineEnd(p));
      if (scalar > end) {
        end = scalar;
        inner = s.slice(p, end);
      }
    }
  }
  if (isNoSecret(inner) || isSecretsName(inner)) return undefined;
  if (read.credentialOnly && !looksRandom(inner)) return undefined;
  return { start, end, kind };
}

/**
 * The end of an unquoted value at `p`: its first stop character (`VALUE_STOP`), where a closing
 * bracket stops it only when the value did not open it (`f(password=x)` ends at `)`;
 * `Key=KRXa…[yHG1FS$]bwhs…` is one value).
 */
function unquotedEnd(s: string, p: number): number {
  let end = p;
  let open = 0;
  for (; end < s.length; end++) {
    const c = s.charCodeAt(end);
    if (c === 40 || c === 91 || c === 123) open++;
    else if ((c === 41 || c === 93 || c === 125) && open > 0) open--;
    else if (VALUE_STOP.has(c)) break;
  }
  return end;
}

/**
 * `Pwd={a;b}`: a value in braces (ODBC, where `}}` is a `}` inside it), followed by `;`, a quote
 * or the end of its line. A reference in braces (`password={password}`, JSX) is not a secret.
 */
function bracedValue(s: string, p: number, kind: string): Span | undefined {
  let end = p + 1;
  const limit = Math.min(s.length, p + QUOTED_VALUE_WINDOW);
  while (end < limit && s[end] !== '\n') {
    if (s[end] === '}') {
      if (s[end + 1] !== '}') break;
      end++;
    }
    end++;
  }
  if (s[end] !== '}') return undefined;
  const after = s[end + 1];
  if (after !== undefined && !';"\'\r\n'.includes(after)) return undefined;
  const inner = s.slice(p + 1, end);
  if (/^[A-Za-z_$][\w$.]*$/.test(inner) || isNoSecret(inner)) return undefined;
  return { start: p + 1, end, kind };
}

/** A value that holds no secret: empty, trivial, a placeholder, a reference, a mark (value-class.ts). */
function isNoSecret(inner: string): boolean {
  return isNotSecret(inner);
}

/** Under an authorization name: keep the scheme, redact the credential (placeholders kept). */
function credentialOfScheme(
  s: string,
  p: number,
  cursor: Cursor,
  keepScheme: boolean,
): Span | undefined {
  let i = p;
  if (s[i] === '"' || s[i] === "'") i++;
  const scheme = /^[A-Za-z][A-Za-z0-9_-]*/.exec(s.slice(i, i + 64))?.[0];
  if (
    scheme !== undefined &&
    (SCHEME_ALONE.test(scheme) || /^[A-Za-z][A-Za-z-]{1,15}\d?$/.test(scheme)) &&
    isBlank(s.charCodeAt(i + scheme.length))
  ) {
    let c = i + scheme.length;
    while (isBlank(s.charCodeAt(c))) c++;
    PLACEHOLDER_AT.lastIndex = c;
    if (PLACEHOLDER_AT.test(s)) return undefined;
    // `Digest username="…", response="…"`: auth-params, read by auth-params.ts.
    AUTH_PARAM.lastIndex = c;
    if (/^digest$/i.test(scheme) && AUTH_PARAM.test(s)) return undefined;
    let end = c;
    while (end < s.length && !VALUE_STOP.has(s.charCodeAt(end))) end++;
    const cred = s.slice(c, end);
    // A format verb, a variable or a template field stands in for the credential (`Bearer %s`).
    if (cred === '' || '%$<{[('.includes(cred[0] as string) || isNotSecret(cred)) return undefined;
    return { start: keepScheme ? c : i, end, kind: 'authorization' };
  }
  if (scheme !== undefined && SCHEME_ALONE.test(scheme)) return undefined;
  return valueAt(s, p, cursor, 'authorization');
}

/** `name = value` or `name=value` with the name unquoted and a single `=`. */
function isBareAssignment(s: string, a: number, b: number): boolean {
  if (s[a - 1] === '"' || s[a - 1] === "'") return false;
  let p = b;
  while (isBlank(s.charCodeAt(p))) p++;
  return s[p] === '=' && s[p + 1] !== '=';
}

/** The text of `<name>…</name>` after the opening tag at `b`, when it closes on the same name. */
function elementValue(s: string, a: number, b: number): Span | undefined {
  const start = b + 1;
  const end = s.indexOf('<', start);
  if (end === -1 || end - start > QUOTED_VALUE_WINDOW) return undefined;
  if (!s.startsWith(`</${s.slice(a, b)}>`, end)) return undefined;
  const inner = s.slice(start, end).trim();
  if (isNoSecret(inner)) return undefined;
  return { start, end, kind: 'secret-name' };
}

/** An argument that looks like a credential: one word of 8 or more, letters and digits. */
function isCallValue(v: string): boolean {
  return v.length >= 8 && !/\s/.test(v) && /\d/.test(v) && /[A-Za-z]/.test(v);
}
