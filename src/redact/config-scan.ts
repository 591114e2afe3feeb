/**
 * The prescan's part for a config's patterns (`--config`): could a pattern match `s`, or, when
 * `s` is a raw JSON line, one of its strings as the rules see them (decoded)? Each pattern runs
 * with its own flags (`u` for `\p{…}`, `s`, `i`…; patterns with the same flags as one regex),
 * made multiline, over `s` and then over `s` read as JSON text: its escapes decoded and its quotes
 * made line breaks, so that `^` and `$` meet each string's ends and a pattern needing a line
 * break, a tab, a quote, a backslash or a character written `\u00e9` finds it. A superset: the
 * rules run only on what this lets through. A pattern that looks around (`(?=`, `(?!`, `(?<=`,
 * `(?<!`) may need what the rules see at a string's ends, nothing, which neither the line's quote
 * nor a line break stands for: with one, every line is read by the rules. Undefined when there
 * are no patterns.
 */
export function compileConfigScan(
  patterns: readonly RegExp[],
): ((s: string) => boolean) | undefined {
  if (patterns.length === 0) return undefined;
  if (patterns.some((p) => LOOK_AROUND.test(p.source))) return () => true;
  const byFlags = new Map<string, string[]>();
  for (const p of patterns) {
    const flags = [...new Set(`${p.flags.replace(/[gy]/g, '')}m`)].sort().join('');
    const sources = byFlags.get(flags) ?? [];
    sources.push(`(?:${p.source})`);
    byFlags.set(flags, sources);
  }
  const scans = [...byFlags].map(([flags, sources]) => new RegExp(sources.join('|'), flags));
  return (s) => {
    for (const r of scans) if (r.test(s)) return true;
    if (!s.includes('"') && !s.includes('\\')) return false;
    const text = s.replace(JSON_TOKEN, decodeToken);
    for (const r of scans) if (r.test(text)) return true;
    return false;
  };
}

/** A look-ahead or look-behind in a pattern's source (a named group `(?<name>` is not one). */
const LOOK_AROUND = /\(\?<?[=!]/;

/** A quote, or a JSON escape (`\uXXXX` or a backslash and one character). */
const JSON_TOKEN = /"|\\(?:u([0-9a-fA-F]{4})|([^]))/g;

const ESCAPED: Readonly<Record<string, string>> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function decodeToken(token: string, hex: string | undefined, c: string | undefined): string {
  if (token === '"') return '\n';
  if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
  return ESCAPED[c as string] ?? (c as string);
}
