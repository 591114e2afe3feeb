import { isNameChar } from './secret-assignments.js';
import { NAME_KEYWORDS, nameIsSecret } from './secret-names.js';
import { TOKEN_PRESCAN } from './token-rules.js';

/**
 * The cheap test that proves a line holds nothing to redact, run on the raw line (JSON text) and
 * on each string before the rules. It must be a SUPERSET of every rule, read on the raw bytes of
 * a JSON line, where the decoded text's quotes are `\"`, tabs `\t` and newlines `\n`:
 * - token shapes and other literals (`PRIVATE KEY`, `://…:…@`, `Bearer`, `curl`, …) by their
 *   literal start, without the look-behinds the rules use (a raw `\n` escape ends in a letter);
 * - a secret name (by the same name check as the rules) followed by `=`/`:` (after an optional
 *   closing quote, escaped or not) or by a blank (a `--flag value`);
 * - config names and patterns;
 * - any `\u00XX` escape of ASCII or an escaped `/` (the decoded text could then differ in ways
 *   the literal scan would not see), which is rare in practice.
 * Secret-file names and pending tool-call ids are checked by the record logic, not here.
 */
export function compilePrescan(
  names: readonly string[],
  patterns: readonly RegExp[],
): (s: string) => boolean {
  const extra = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Case-sensitive literals in one regex, names case-insensitive in another: two simple scans
  // measured faster than one case-insensitive alternation of everything.
  const literals = new RegExp(`${TOKEN_PRESCAN}|PRIVATE KEY|Bearer|curl|mysql|mariadb|sshpass`);
  const escapes = /\\u00[2-7]/;
  // `token` followed by `s` is always in a name that counts tokens (never a secret's name), and
  // there are several of them on every reply line: skipping them in the regex is the main saving.
  const keywords = NAME_KEYWORDS.replace('token', 'token(?!s)');
  const scan = new RegExp(`(:\\/\\/)|(${[keywords, ...extra].join('|')})`, 'gi');
  const configScan = patterns.length
    ? new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'), 'i')
    : undefined;
  const userinfo = /[^\s/?#@:"'<>]{0,256}:[^\s/?#@"'<>]{1,256}@/y;
  const separator = /(?:\\*["'])?(?:[ \t]|\\t)*[:=]|(?:[ \t]|\\t)+[^-<>|&;\s]/y;
  // Names repeat (`input_tokens` on every reply): remember the verdict of recent ones.
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
  return (s: string): boolean => {
    // The literals are tested over the whole text first, so the name scan below may skip names whole.
    if (literals.test(s) || s.includes('\\/') || escapes.test(s)) return true;
    if (configScan?.test(s)) return true;
    scan.lastIndex = 0;
    let prevEnd = 0;
    let m: RegExpExecArray | null;
    while ((m = scan.exec(s)) !== null) {
      if (m[1] !== undefined) {
        userinfo.lastIndex = scan.lastIndex;
        if (userinfo.test(s)) return true;
        continue;
      }
      let a = m.index;
      while (a > prevEnd && isNameChar(s.charCodeAt(a - 1))) a--;
      let b = scan.lastIndex;
      while (b < s.length && isNameChar(s.charCodeAt(b))) b++;
      scan.lastIndex = b;
      prevEnd = b;
      const secret =
        isSecretName(s.slice(a, b)) ||
        (s.charCodeAt(a - 1) === 92 && isSecretName(s.slice(a + 1, b)));
      if (!secret) continue;
      separator.lastIndex = b;
      if (separator.test(s)) return true;
    }
    return false;
  };
}
