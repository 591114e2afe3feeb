import type { Span } from './spans.js';

const isB64Url = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;

/** The end of the run of base64url characters from `i`. */
function runEnd(s: string, i: number): number {
  while (i < s.length && isB64Url(s.charCodeAt(i))) i++;
  return i;
}

/**
 * JSON Web Tokens, `eyJ…` `.eyJ…` `.…` (each part 8+ base64url characters), wherever they start:
 * glued to a word (`JWTeyJ…`) too. Each part is a whole run (no backtracking into it), and a run
 * that failed is skipped whole, so `eyJeyJeyJ…` costs one pass.
 */
export function findJwts(s: string, spans: Span[]): void {
  let skipTo = 0;
  for (let i = s.indexOf('eyJ'); i !== -1; i = s.indexOf('eyJ', Math.max(i + 1, skipTo))) {
    if (i < skipTo) continue;
    const a = runEnd(s, i + 3);
    skipTo = a;
    if (a - i - 3 < 8 || s[a] !== '.' || !s.startsWith('eyJ', a + 1)) continue;
    const b = runEnd(s, a + 4);
    if (b - a - 4 < 8 || s[b] !== '.') continue;
    const c = runEnd(s, b + 1);
    if (c - b - 1 < 8) continue;
    spans.push({ start: i, end: c, kind: 'jwt' });
    skipTo = c;
  }
}
