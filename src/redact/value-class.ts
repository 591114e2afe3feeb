import { isMark } from './marks.js';
import { isPlaceholderBody } from './placeholder-body.js';
import { isPemPlaceholder } from './placeholders.js';

/**
 * The value classifier (docs/commands/redact.md, "How values are judged", (a)): is a value that
 * stands where a credential would stand a secret candidate, or something that only refers to one?
 * Every rule that finds a value by its name or its place asks here, so a reference is kept
 * whatever syntax it came in.
 *
 * Why a value is not a secret:
 * - `empty`, `trivial` (`true`, `none`, a single digit), `mark` (already `[redacted]`, or
 *   ending in another tool's `[Redacted]`);
 * - `placeholder`: a stand-in of docs and templates (`<your-key>`, `YOUR_TOKEN`, `changeme`, `***`),
 *   also in a token's shape (`pplx-xxxx…`, `glc_1111…`, `aaaa…`: `placeholder-body.ts`);
 * - `prefix`: a token's prefix or a scheme alone (`CFPAT-`, `ghp_`, `Bearer `), the rest added
 *   elsewhere;
 * - `reference`: made only of references and expressions, joined by separators: shell parameters
 *   and substitutions (`$VAR`, `${VAR:-default}`, `$(cmd)`, backticks; POSIX Shell Command
 *   Language 2.6), GitHub Actions expressions (`${{ secrets.X }}`), Go/Helm/Jinja templates
 *   (`{{ .Values.password }}`), cmd.exe variables (`%NUGET_PASSWORD%`), PowerShell's `$env:X`,
 *   `"$USER:$PASS"`, `"${{ secrets.X }}:${{ secrets.Y }}"`;
 * - `format`: printf verbs (`%s`, `%(name)s`), Python/.NET format fields (`{}`, `{token}`, `{0}`);
 * - `identifier`: a package's coordinates (`io.jsonwebtoken:jjwt-api:0.12.5`, `jjwt-api-0.12.5`);
 * - `encrypted`: a SOPS value (`ENC[AES256_GCM,data:…,type:str]`, the SOPS file format), a
 *   Vault transit ciphertext (`vault:v1:…`, Vault's transit secrets engine docs), an Ansible
 *   Vault value (`!vault`, `$ANSIBLE_VAULT;1.1;AES256`): safe to store.
 */
export type NotSecret =
  | 'empty'
  | 'trivial'
  | 'mark'
  | 'placeholder'
  | 'prefix'
  | 'reference'
  | 'format'
  | 'encrypted'
  | 'identifier';

/** Values that are flags, not secrets (`"vault_pass": true`, `db_pass=0`). */
const TRIVIAL = /^(?:true|false|null|nil|none|yes|no|on|off|undefined|\d)$/i;

/**
 * Words that stand in for a secret in docs and templates: `<your-key>`, `***`, `xxx`, `...`, a
 * value elided after its start (`sk-...`, `sk-…`, Elixir's `:...`), `your-api-key-here`, `YOUR_TOKEN`, `changeme`, `replace-me`, `insert-key`.
 */
const STAND_IN =
  /^(?:<[^<>]*>|\*{3,}|x{3,}|:?(?:[A-Za-z]{1,8}[-_]){0,3}(?:\.{3}|\u2026)|your[-_ ]?[A-Za-z0-9_-]{0,40}|(?:change|replace)[-_ ]?me|(?:insert|put|add|enter)[-_ ][A-Za-z0-9_-]{1,40}|[A-Za-z_-]{0,20}[-_]here)\W{0,2}$/i;

/**
 * One reference or expression, anywhere in a value (global; linear: every alternative is closed
 * by a character its body excludes, one level of nesting at most).
 */
const REFERENCE = new RegExp(
  [
    // ${{ expr }} (GitHub Actions), then ${…} with one nested ${…} or {…} (`${VAR:=$2}`)
    '\\$\\{\\{[^{}\\n]{0,256}\\}\\}',
    '\\$\\{[^{}\\n]{0,256}(?:\\{[^{}\\n]{0,256}\\}[^{}\\n]{0,256}){0,4}\\}',
    // $(cmd) with one level of nested parentheses
    '\\$\\([^()\\n]{0,256}(?:\\([^()\\n]{0,256}\\)[^()\\n]{0,256}){0,4}\\)',
    // `cmd`
    '`[^`\\n]{1,256}`',
    // PowerShell $env:NAME, shell $NAME and special parameters ($1, $@, $?)
    '\\$env:[A-Za-z_][A-Za-z0-9_]*',
    '\\$[A-Za-z_][A-Za-z0-9_]*',
    '\\$[0-9@*#?!-]',
    // {{ template }} and {% tag %} (Go text/template, Helm, Jinja, Handlebars)
    '\\{\\{[^{}\\n]{0,256}\\}\\}',
    '\\{%[^%\\n]{0,256}%\\}',
    // %NAME% (cmd.exe)
    '%[A-Za-z_][A-Za-z0-9_]*%',
  ].join('|'),
  'g',
);

/**
 * One format field: printf verbs with a name, flags, width or precision (`%s`, `%-10.2f`,
 * `%(password)s`), and Python/.NET/Rust format fields (`{}`, `{0}`, `{token}`, `{user.name!r:>10}`).
 */
const FORMAT_FIELD =
  /%(?:\([A-Za-z_][\w.]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifuxXoeEgGcrvqbp]|\{[A-Za-z_0-9.[\]]{0,64}(?:![rsa])?(?::[^{}\n]{0,32})?\}/g;

/**
 * What may join references in a value made only of them: separators of a user:password, a URL,
 * a path or a list, and an Authorization scheme before them (`Bearer ${TOKEN}`, f'Bearer {t}').
 */
const JOINERS_ONLY = /^(?:(?:bearer|basic|token|digest|apikey)[ \t]+)?[\s:@/\\._,;=+|-]*$/i;

/**
 * A token's prefix alone, what templates leave for the rest (`CFPAT-`, `ghp_`, `xoxb-`), or an
 * Authorization scheme alone (`"Bearer " + token`).
 */
const TOKEN_PREFIX_ALONE = /^(?:[A-Za-z]{2,8}[-_]|(?:bearer|basic|token|digest)[ \t]*)$/i;

/**
 * A SOPS value (the SOPS file format), a Vault transit ciphertext, an Ansible Vault value (its
 * `!vault` tag, its `$ANSIBLE_VAULT;1.1;AES256` header; Ansible's "Encrypting content" docs).
 */
const ENCRYPTED =
  /^(?:ENC\[[A-Z0-9_]{1,32},data:[^\]\n]*\]|vault:v\d{1,4}:[A-Za-z0-9+/=]{8,}|!vault|\$ANSIBLE_VAULT;[\d.]+;[\w;]+)$/;

/**
 * A package's coordinates, never a secret: Maven's `groupId:artifactId[:…]:version`
 * (`io.jsonwebtoken:jjwt-api:0.12.5`), `artifactId:version`, and a file name's
 * `artifact-1.2.3` (Maven's "Naming conventions", a version of dotted numbers).
 */
const COORDINATES =
  /^(?:[A-Za-z][\w-]*(?:\.[\w-]+)+:)?[A-Za-z][\w.-]*(?::[A-Za-z][\w.-]*)?[:-]v?\d+(?:\.\d+){1,3}(?:[-.][A-Za-z0-9]+)?$/;

/** Why `v`, a value in a credential's place, is not a secret; undefined when it may be one. */
export function whyNotSecret(v: string): NotSecret | undefined {
  if (v === '') return 'empty';
  if (TRIVIAL.test(v)) return 'trivial';
  // Already redacted, by txpipe or by another tool (`ops_eyJzaWdu..[Redacted]`).
  if (isMark(v) || v.startsWith('[redacted') || /\[redacted\]$/i.test(v)) return 'mark';
  if (STAND_IN.test(v) || (v.startsWith('-----BEGIN') && isPemPlaceholder(v))) return 'placeholder';
  if (v.length <= 4096 && isPlaceholderBody(v)) return 'placeholder';
  if (ENCRYPTED.test(v)) return 'encrypted';
  if (TOKEN_PREFIX_ALONE.test(v)) return 'prefix';
  if (COORDINATES.test(v)) return 'identifier';
  if (v.length > 4096) return undefined;
  const refs = v.replace(REFERENCE, '\u0000');
  const rest = refs.replace(FORMAT_FIELD, '\u0001');
  if (rest === v) return undefined;
  const joiners = rest.replace(/[\u0000\u0001]/g, '');
  if (!JOINERS_ONLY.test(joiners)) return undefined;
  return refs.includes('\u0000') ? 'reference' : 'format';
}

/** Is `v` not a secret (see `whyNotSecret`)? */
export const isNotSecret = (v: string): boolean => whyNotSecret(v) !== undefined;

/** `v` without one pair of quotes around it (`"$DB_PASS"` is `$DB_PASS`, as a shell reads it). */
export const unquoted = (v: string): string =>
  v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.endsWith(v[0]) ? v.slice(1, -1) : v;

/** Characters of an identifier path (`process.env.X`, `var.db_password`, Rust's `std::env::var`). */
const PATH_AT = /[A-Za-z_$][\w$]*(?:(?:\??\.|::)[A-Za-z_$][\w$]*)*/y;
/** A string prefix of Python (`f'…'`, `rb"…"`), C# (`$"…"`, `@"…"`) and JS tags. */
const STRING_PREFIX = /(?:[fFrRbBuU]{1,2}|\$@?|@\$?)(?=["'])/y;
/** A regex literal (JS, Ruby, Perl): `/…/flags`, with `[…]` classes and escapes. */
const REGEX_LITERAL = /\/(?![/*\s])(?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+\/[dgimsuvyx]*/y;
/** A SOPS value, read whole before `,` or `]` cut it. */
const SOPS_AT = /ENC\[[A-Z0-9_]{1,32},data:[^\]\n]*\]/y;

/**
 * Where the quote of a string literal with a prefix that does not interpolate starts
 * (`b'…'`, `r"…"`, `@"…"`: the value is inside the quotes), else `p`.
 */
export function literalQuoteAt(s: string, p: number): number {
  STRING_PREFIX.lastIndex = p;
  if (!STRING_PREFIX.test(s)) return p;
  return /[fF$]/.test(s.slice(p, STRING_PREFIX.lastIndex)) ? p : STRING_PREFIX.lastIndex;
}

/**
 * The end of an expression that starts at `p` in a value's place and is not a literal, or -1: a
 * reference (`${…}`, `$(…)`, `` `…` ``, `{{ … }}`, `%VAR%`, `$VAR`), a SOPS value, a regex literal,
 * where code is written (`code`: a blank after the separator) a regex literal,
 * a call or a subscript/generic type (`input('Password: ')`, `Optional[str]`, read to their
 * closing bracket), an f-string or interpolated string with a field in it. The rules skip the
 * whole expression: a name inside it (`${TOKEN:-default}`) is not an assignment.
 */
export function expressionEnd(s: string, p: number, code = true): number {
  const c = s[p];
  if (c === '$' || c === '`' || c === '{' || c === '%') {
    REFERENCE.lastIndex = p;
    const m = REFERENCE.exec(s);
    if (m !== null && m.index === p) return p + m[0].length;
    return -1;
  }
  if (c === '/') {
    // Only where code is written (` = /…/;`), and ended as an expression is: not a path.
    REGEX_LITERAL.lastIndex = p;
    if (!code || !REGEX_LITERAL.test(s)) return -1;
    const end = REGEX_LITERAL.lastIndex;
    return end === s.length || /[\s;,)\]}.]/.test(s[end] as string) ? end : -1;
  }
  if (c === 'E') {
    SOPS_AT.lastIndex = p;
    if (SOPS_AT.test(s)) return SOPS_AT.lastIndex;
  }
  STRING_PREFIX.lastIndex = p;
  if (STRING_PREFIX.test(s)) {
    const open = STRING_PREFIX.lastIndex;
    const q = s[open] as string;
    const close = s.indexOf(q, open + 1);
    const body = close === -1 ? '' : s.slice(open + 1, close);
    // A prefix with `f` or `$` interpolates: a field makes it an expression, else it is a literal.
    const interpolates = /[fF$]/.test(s.slice(p, open));
    return interpolates && body.includes('{') && close - open < 4096 ? close + 1 : -1;
  }
  PATH_AT.lastIndex = p;
  if (!PATH_AT.test(s)) return -1;
  const after = PATH_AT.lastIndex;
  if (s[after] !== '(' && s[after] !== '[') return -1;
  // A call or a subscript ends where an expression may end (`f(x).y`, `T[str] = None`), not
  // inside a word (`KRXa…[yHG1FS$]bwhs…` is one value with brackets in it).
  const end = bracketEnd(s, after);
  return end !== -1 && (end === s.length || /[\s,;)\]}.:]/.test(s[end] as string)) ? end : -1;
}

/** The index after the bracket that closes the one at `p` (quotes skipped), or -1 on its line. */
function bracketEnd(s: string, p: number): number {
  let depth = 0;
  const limit = Math.min(s.length, p + 4096);
  for (let i = p; i < limit; i++) {
    const c = s[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) return i + 1;
    } else if (c === '"' || c === "'") {
      const close = s.indexOf(c, i + 1);
      const eol = s.indexOf('\n', i + 1);
      if (close === -1 || (eol !== -1 && eol < close)) return -1;
      i = close;
    } else if (c === '\n') return -1;
  }
  return -1;
}
