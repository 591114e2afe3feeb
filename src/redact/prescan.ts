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
  const literals = `${TOKEN_PRESCAN}|PRIVATE KEY|Bearer|curl|mysql|mariadb|sshpass|\\\\u00[0-7]|\\\\/`;
  const scan = new RegExp(`(${literals})|(:\\/\\/)|(${[NAME_KEYWORDS, ...extra].join('|')})`, 'gi');
  const literal = new RegExp(literals, 'i');
  const configScan = patterns.length
    ? new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'), 'i')
    : undefined;
  const userinfo = /[^\s/?#@:"'<>]{0,256}:[^\s/?#@"'<>]{1,256}@/y;
  const separator = /(?:\\*["'])?(?:[ \t]|\\t)*[:=]|(?:[ \t]|\\t)+[^-<>|&;\s]/y;
  return (s: string): boolean => {
    if (configScan?.test(s)) return true;
    scan.lastIndex = 0;
    let prevEnd = 0;
    let m: RegExpExecArray | null;
    while ((m = scan.exec(s)) !== null) {
      if (m[1] !== undefined) return true;
      if (m[2] !== undefined) {
        userinfo.lastIndex = scan.lastIndex;
        if (userinfo.test(s)) return true;
        continue;
      }
      let a = m.index;
      while (a > prevEnd && isNameChar(s.charCodeAt(a - 1))) a--;
      let b = scan.lastIndex;
      while (b < s.length && isNameChar(s.charCodeAt(b))) b++;
      // The name is skipped whole (linear time), so a literal inside or just after it is looked for here.
      if (b > scan.lastIndex && literal.test(s.slice(scan.lastIndex, b + 16))) return true;
      scan.lastIndex = b;
      prevEnd = b;
      const name = s.slice(a, b).replace(/^-+/, '');
      const secret =
        nameIsSecret(name, names) ||
        name.toLowerCase().includes('authori') ||
        (s.charCodeAt(a - 1) === 92 && nameIsSecret(name.slice(1), names));
      if (!secret) continue;
      separator.lastIndex = b;
      if (separator.test(s)) return true;
    }
    return false;
  };
}
