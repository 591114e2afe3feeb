/**
 * The separators between a name and its value, one entry per syntax (docs/commands/redact.md,
 * "How values are judged", (b)). Each says how the value after it is read:
 * - `code`: a bare identifier after it is code, not a value (always, or only when a blank
 *   follows the separator as code writes it: `key = apiKey`, `token: csrfToken`);
 * - `quotedOnly`: only a quoted value is a literal (in PHP, Ruby and Perl an unquoted value after
 *   `=>` is a constant, a variable or a call);
 * - `identifierIsCode`: any bare identifier is code (`token += chunk` appends a variable);
 * - `credentialOnly`: only a value of 8 or more with letters and digits (`+=` appends, in code
 *   mostly text: `token += "."`).
 * Longer separators come first (`::=` before `:=` before `:`).
 */
export interface SeparatorSyntax {
  /** Where the syntax is defined. */
  readonly doc: string;
  readonly re: RegExp;
  readonly code: 'always' | 'blank-after';
  readonly quotedOnly?: boolean;
  readonly identifierIsCode?: boolean;
  /** Only a value that looks like a credential (`token += "."` appends text in code). */
  readonly credentialOnly?: boolean;
  /** A key that starts a line is a YAML mapping's (its value a plain scalar). */
  readonly yamlKey?: boolean;
}

export const SEPARATORS: readonly SeparatorSyntax[] = [
  // GNU make manual, 6.2 "The Two Flavors of Variables" (`::=`, `:::=` POSIX) and 6.6 (`+=`)
  { doc: 'GNU make ::= and :::=', re: /:::?=/y, code: 'always' },
  // Go spec "Short variable declarations"; GNU make simply expanded `:=`
  { doc: 'Go and GNU make :=', re: /:=/y, code: 'always' },
  // GNU make 6.7 conditional `?=`; 6.6 appending `+=` (also JS, Python, shell `+=`)
  { doc: 'GNU make ?=', re: /\?=/y, code: 'always' },
  {
    doc: 'make, shell and code +=',
    re: /\+=/y,
    code: 'always',
    identifierIsCode: true,
    credentialOnly: true,
  },
  // PHP arrays, Ruby hashes, Perl fat comma
  { doc: 'PHP, Ruby and Perl =>', re: /=>/y, code: 'always', quotedOnly: true },
  // shell, .env, INI, Java properties, TOML, code; not `==` (a comparison)
  { doc: '= (shell, .env, INI, properties, TOML, code)', re: /=(?!=)/y, code: 'blank-after' },
  // YAML, JSON, HTTP headers; not `::` (a scope)
  { doc: ': (YAML, JSON, headers)', re: /:(?![=:])/y, code: 'blank-after', yamlKey: true },
];

/** The separator at `p`, and where its value may start (blanks after it skipped). */
export function separatorAt(
  s: string,
  p: number,
): { syntax: SeparatorSyntax; value: number; code: boolean } | undefined {
  for (const syntax of SEPARATORS) {
    syntax.re.lastIndex = p;
    if (!syntax.re.test(s)) continue;
    let v = syntax.re.lastIndex;
    const blank = s[v] === ' ' || s[v] === '\t';
    while (s[v] === ' ' || s[v] === '\t') v++;
    return { syntax, value: v, code: syntax.code === 'always' || blank };
  }
  return undefined;
}

/**
 * Is the name at `a` the key of a YAML block mapping line: only indentation before it, a
 * sequence's `- `, a quote, or the line-number prefix a file view adds (`  12→`)?
 */
export function isYamlKey(s: string, a: number): boolean {
  let i = a - 1;
  if (s[i] === '"' || s[i] === "'") i--;
  while (i >= 0 && (s[i] === ' ' || s[i] === '\t')) i--;
  if (s[i] === '-' && (s[i + 1] === ' ' || s[i + 1] === '\t')) {
    i--;
    while (i >= 0 && (s[i] === ' ' || s[i] === '\t')) i--;
  }
  if (s[i] === '→') {
    i--;
    while (i >= 0 && s[i]! >= '0' && s[i]! <= '9') i--;
    while (i >= 0 && (s[i] === ' ' || s[i] === '\t')) i--;
  }
  return i < 0 || s[i] === '\n' || s[i] === '\r';
}

/**
 * The end of a YAML plain scalar that starts at `p` (YAML 1.2, 7.3.3: it runs to the end of its
 * line or to ` #`), when it is one word (no blank in it): `password: abc&def;x` is all value.
 * A trailing `,` `;` `)` `]` `}` is left out (a line of code that only looks like YAML). -1 when
 * the scalar holds a blank (prose, or a command after the value).
 */
export function plainScalarEnd(s: string, p: number, lineEnd: number): number {
  let end = p;
  while (end < lineEnd && s[end] !== ' ' && s[end] !== '\t' && s[end] !== '\r') end++;
  let rest = end;
  while (rest < lineEnd && (s[rest] === ' ' || s[rest] === '\t' || s[rest] === '\r')) rest++;
  if (rest < lineEnd && s[rest] !== '#') return -1;
  while (end > p && ',;)]}'.includes(s[end - 1] as string)) end--;
  return end;
}
