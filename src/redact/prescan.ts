import { isNameChar } from './secret-assignments.js';
import { SECRET_FILE_PRESCAN } from './secret-files.js';
import { NAME_KEYWORDS, nameIsSecret } from './secret-names.js';
import { TOKEN_PRESCAN, TOKEN_RULES } from './token-rules.js';
import { catalogMatcher, catalogStarts } from './providers/catalog-matcher.js';
import { compileConfigScan } from './config-scan.js';
import { hasOpaqueKey } from './opaque-keys.js';
import { START_ANY_CASE, START_EXACT, startTables, type StartTables } from './start-tables.js';

/** Prescan verdicts (bit flags). */
export const PRESCAN_NONE = 0;
/** The text rules may change something: a full pass is needed. */
export const PRESCAN_TEXT = 1;
/** A secret-looking file name was seen (withholding may apply where the line has a tool call). */
export const PRESCAN_FILE = 2;

/**
 * The cheap test that proves a line holds nothing to redact, run on the raw line (JSON text) and
 * on each string before the rules. It must be a SUPERSET of every rule, read on the raw bytes of
 * a JSON line, where the decoded text's quotes are `\"`, tabs `\t` and newlines `\n`. One
 * case-insensitive regex finds, in one pass:
 * - token shapes and other literals (`PRIVATE KEY`, `Bearer`, `curl`, …) by their literal start,
 *   without the look-behinds the rules use (a raw `\n` escape ends in a letter);
 * - `://` followed by `user:password@`;
 * - a secret name (by the same name check as the rules) followed by `=`/`:` (after an optional
 *   closing quote, escaped or not) or by a blank (a `--flag value`); names are skipped whole, so
 *   a literal or file name inside one is looked for in the name itself;
 * - any `\u00XX` escape of printable ASCII or an escaped `/` (the decoded text could then differ
 *   in ways the literal scan would not see), which is rare in practice;
 * - secret-file names (reported as PRESCAN_FILE; the record logic pairs them with tool calls);
 * - config names, and config patterns (`config-scan.ts`: with their own flags, over the line and
 *   over its strings decoded).
 * Returns as soon as PRESCAN_TEXT is certain (the file flag is then not computed).
 */
/**
 * The four-character starts (lower-cased) of every alternative of the scan regex below, with
 * `[…]` for a set of characters and `*` for any character. The scanner looks each position's
 * four characters up in tables and runs the regex only where they could start a match: a
 * superset by construction (a test checks that every alternative of the regex has its start
 * here). Four characters, not three, because `cache_creation` and `gitBranch` are on every line.
 * The hand-written token rules' starts are derived from them, never kept here. The token
 * catalog's prefixes are in the same tables as exact starts (`catalogStarts`), in their case: a
 * case-folded `pat*` or `ion_` would stop the scan on every `path` and `Version_`.
 */
export const PRESCAN_STARTS: readonly string[] = [
  ...new Set([
    // the hand-written token rules' literals, the other literals
    ...TOKEN_RULES.flatMap((r) => r.starts),
    'eyj*',
    'kube',
    'boot',
    'putt',
    // a name whose last word is key, then a random value (KEY_ASSIGNMENT)
    'key*',
    'priv',
    'bear',
    'basi',
    'cook',
    'curl',
    'mysq',
    'mari',
    'sshp',
    // command words of command-lines.ts, Digest auth-params, a .netrc `account`
    'dock',
    'podm',
    'psex',
    'secu',
    'dige',
    'acco',
    // ://
    '://*',
    // name keywords
    'secr',
    'toke',
    'pass',
    'pwd*',
    'api[_-k]',
    'acce',
    'cred',
    'auth',
    'bund',
    // escapes: `\/`, `\u00XX` (the regex checks XX is printable ASCII)
    '\\/**',
    '\\u00',
    // secret-file names
    '.env',
    'id_*',
    'netr',
    '.npm',
    '.pgp',
    '.pem',
    '.key',
    '.p12',
    '.pfx',
    '.ppk',
    '.jks',
  ]),
];

/**
 * `key` (the last word of a name: `Key=`, `AZURE_OPENAI_KEY": "`) and a separator, then 20
 * characters of a value: the rules look at such values (`isRandomKey` in secret-assignments.ts).
 */
const KEY_ASSIGNMENT =
  'key(?:\\\\*["\'])?(?:[ \\t]|\\\\+t)*[:=](?:[ \\t]|\\\\+t)*(?:\\\\*["\'])?[^\\s"\'<>]{20}';

export function compilePrescan(
  names: readonly string[],
  patterns: readonly RegExp[],
  /** `regex` scans with the regex alone (what the tables stand in for; tests compare the two). */
  mode: 'tables' | 'regex' = 'tables',
): (s: string) => number {
  const extra = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // `slack.com/` rather than `hooks.slack.com`: `hooks` is on every line that records hooks.
  // Command words of command-lines.ts beyond those, Digest auth-params (auth-params.ts) and
  // a .netrc `account` (netrc.ts; its `password` is a secret name).
  const commands =
    'docker|podman|psexec|securestring|digest(?:[ \\t]|\\\\[ntr])+[A-Za-z]+=|account(?:[ \\t]|\\\\[ntr])+[^\\s\\\\]';
  const literals = `${TOKEN_PRESCAN}|eyJ|kubeadm|bootstrap[-.](?:token|kubernetes)|PuTTY-User-Key-File-|PRIVATE KEY|Bearer|basic(?:[ \\t]|\\\\[ntrf])+[A-Za-z0-9._~+/=-]{8}|cookie[ \\t]*:|curl|mysql|mariadb|sshpass|${commands}|(?<=kind:[ \\t]*(?:\\\\?["'])?)secret\\b|${KEY_ASSIGNMENT}`;
  // `token` followed by `s` is always in a name that counts tokens (never a secret's name), and
  // there are several of them on every reply line: skipping them in the regex saves a lot.
  const keywords = [NAME_KEYWORDS.replace('token', 'token(?!s)'), ...extra].join('|');
  const escapes = '\\\\u00[2-7]|\\\\/';
  // Catalog tokens are tried at their starts, exactly (prefix and body, in their case): by the
  // catalog's own tables in the scan's pass (byTable), or over the whole line first (byRegex).
  const catalog = catalogMatcher();
  const source = `(${literals}|${escapes})|(:\\/\\/)|(${keywords})|${SECRET_FILE_PRESCAN.source}`;
  // Config names shorter than three characters have no start in the table: scan with the regex.
  const table =
    mode === 'tables' && names.every((n) => n.length >= 3)
      ? startTables(
          [...PRESCAN_STARTS, ...names.map((n) => n.slice(0, 3).replace(/[[\]*]/g, '') + '*')],
          catalogStarts(),
        )
      : undefined;
  const scan = new RegExp(source, table ? 'iy' : 'gi');
  const literal = new RegExp(`${literals}|\\\\u00[2-7]|\\\\/`, 'i');
  const configScan = compileConfigScan(patterns);
  // A user and a password, or a user alone that may be a token (text-rules.ts, URL_TOKEN_USER).
  const userinfo =
    /[^\s/?#@:"'<>]{0,256}:[^\s/?#@"'<>]{1,256}(?: [^\s/?#@"'<>]{1,256})?@|[A-Za-z0-9_~+-]{20,256}@/y;
  // Blanks may be escaped once (`\t` in a JSON line) or more (JSON inside a JSON string).
  // `key="Password" value="…"` (NuGet) too.
  // `os.environ["API_KEY"] = …` (a subscript), `<password>…` (an element) and
  // `Set("X-Api-Key", "…")` (a call) too.
  const separator =
    /(?:\\*["'])?\]?(?:[ \t]|\\+t)*[:=]|(?:[ \t]|\\+t)+[^-<>|&;\s]|\\*["'][ \t]+value[ \t]*=|>[^<\s]|\\*["'][ \t]*,[ \t]*\\*["']/iy;
  // Names repeat (`password` in prose, `author`): remember the verdict of recent ones.
  const verdicts = new Map<string, boolean>();
  const isSecretName = (name: string): boolean => {
    let v = verdicts.get(name);
    if (v === undefined) {
      const bare = name.replace(/^-+/, '');
      v = nameIsSecret(bare, names) || bare.toLowerCase().includes('authori');
      if (verdicts.size >= 4096) verdicts.clear();
      verdicts.set(name, v);
    }
    return v;
  };

  /** What the match `m` (at `m.index`) means; -1 to go on, else the index to go on from. */
  let found = PRESCAN_NONE;
  let prevEnd = 0;
  const judge = (s: string, m: RegExpExecArray): number => {
    if (m[1] !== undefined) return -2;
    const end = m.index + m[0].length;
    if (m[2] !== undefined) {
      userinfo.lastIndex = end;
      return userinfo.test(s) ? -2 : end;
    }
    if (m[3] === undefined) {
      if (couldNameSecretFile(s, m.index, m[0])) found = PRESCAN_FILE;
      return end;
    }
    let a = m.index;
    while (a > prevEnd && isNameChar(s.charCodeAt(a - 1))) a--;
    let b = end;
    while (b < s.length && isNameChar(s.charCodeAt(b))) b++;
    if (b > end) {
      // The rest of the name is skipped (linear time): what else could start inside it? (A
      // catalog token: the callers look at what they skip.)
      if (literal.test(s.slice(m.index, b + 16))) return -2;
      if (SECRET_FILE_PRESCAN.test(s.slice(a, b))) found = PRESCAN_FILE;
    } else if (m[3].toLowerCase() === 'credential') found = PRESCAN_FILE;
    prevEnd = b;
    const secret =
      isSecretName(s.slice(a, b)) ||
      (s.charCodeAt(a - 1) === 92 && isSecretName(s.slice(a + 1, b)));
    if (secret) {
      separator.lastIndex = b;
      if (separator.test(s)) return -2;
    }
    return b;
  };

  const byRegex = (s: string): number => {
    if (literal.test(s) || catalog.couldStartIn(s, 0, s.length)) return PRESCAN_TEXT;
    scan.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = scan.exec(s)) !== null) {
      const next = judge(s, m);
      if (next === -2) return PRESCAN_TEXT;
      scan.lastIndex = Math.max(next, m.index + 1);
    }
    return found;
  };

  const byTable = (s: string, { pairs, thirds, fourths }: StartTables): number => {
    const n = s.length;
    let f1 = 0; // 7-bit code of the character at i-1
    let ok1 = 0; // the pair slot of a start beginning at i-2 (ok1) or at i-3 (ok2), or 0
    let ok2 = 0;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      // The low seven bits as they are: the tables hold both cases of a letter, and a character
      // past ASCII is seen as some ASCII one (a start found that way is only a candidate: the
      // regex at that position decides).
      const f = c & 127;
      // Row 0 of `thirds` and `fourths` is all zeros (slots start at 1): no branch on `ok2` or the
      // slot, which mispredicts on text, only one on a whole start.
      const slot = thirds[ok2 * 128 + f1] as number;
      const start = fourths[slot * 128 + f] as number;
      if (start !== 0) {
        // A catalog prefix's first four characters (or three): its entries decide, exactly.
        if ((start & START_EXACT) !== 0 && catalog.couldStartAt(s, i - 3)) return PRESCAN_TEXT;
        // `tokens` (every usage block) is never a secret's name: skip it without the regex.
        if ((start & START_ANY_CASE) !== 0 && !isTokens(s, i - 3)) {
          scan.lastIndex = i - 3;
          const m = scan.exec(s);
          if (m !== null) {
            const next = judge(s, m);
            if (next === -2) return PRESCAN_TEXT;
            if (next > i + 1) {
              // A catalog token starting in what is skipped (those before i-2 are seen).
              if (catalog.couldStartIn(s, i - 2, next)) return PRESCAN_TEXT;
              i = next - 1;
              f1 = ok1 = ok2 = 0;
              continue;
            }
          }
        }
      }
      ok2 = ok1;
      ok1 = pairs[(f1 << 7) | f] as number;
      f1 = f;
    }
    return found;
  };

  return (s: string): number => {
    if (configScan?.(s)) return PRESCAN_TEXT;
    found = PRESCAN_NONE;
    prevEnd = 0;
    const verdict = table ? byTable(s, table) : byRegex(s);
    // Opaque keys (opaque-keys.ts) have no literal to start from: a sampled scan of its own.
    return (verdict & PRESCAN_TEXT) === 0 && hasOpaqueKey(s) ? verdict | PRESCAN_TEXT : verdict;
  };
}

/** Is `s` at `at` the word `tokens` (any case)? */
function isTokens(s: string, at: number): boolean {
  return (
    (s.charCodeAt(at + 4) | 32) === 110 &&
    (s.charCodeAt(at + 5) | 32) === 115 &&
    (s.charCodeAt(at) | 32) === 116 &&
    (s.charCodeAt(at + 1) | 32) === 111 &&
    (s.charCodeAt(at + 2) | 32) === 107 &&
    (s.charCodeAt(at + 3) | 32) === 101
  );
}

const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * Could a secret-file match at `at` be part of a name `isSecretPath` accepts? `id_`, `.env`,
 * `.npmrc`, `.pgpass` must begin a file name (not `invalid_`, `Mix.env`); `.pem`, `.key`, … must
 * end one (not `obj.keys`). A raw `\n`/`\t`/`\r` escape before counts as a boundary.
 */
function couldNameSecretFile(s: string, at: number, match: string): boolean {
  const m = match.toLowerCase();
  const end = at + match.length;
  const before = s.charCodeAt(at - 1);
  const boundaryBefore =
    !(isWordCode(before) || before === 45) ||
    (s.charCodeAt(at - 2) === 92 && (before === 110 || before === 116 || before === 114));
  if (m === 'id_' || m === '.env' || m === '.npmrc' || m === '.pgpass') return boundaryBefore;
  if (m.startsWith('.') && m !== '.keystore') {
    if (m === '.key' && s.slice(end, end + 5).toLowerCase() === 'store') return true;
    return !isWordCode(s.charCodeAt(end));
  }
  return true;
}
