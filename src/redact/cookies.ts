import { isMark } from './marks.js';
import type { Span } from './spans.js';

/** A `Cookie:` or `Set-Cookie:` header (any case), up to the end of its line. */
const COOKIE_HEADER = /(?<![\w-])(?:set-)?cookie[ \t]*:[ \t]*/gi;
/** One `name=value` of a cookie header: the value up to `;`, a blank or a quote. */
const PAIR = /([A-Za-z0-9_.!#$%&*+^`|~-]{1,128})=([^;\s"',]*)/y;

/** Cookie attributes of Set-Cookie, whose values are not secrets. */
const ATTRIBUTES = /^(?:path|domain|expires|max-age|samesite|priority|version|comment)$/i;

/**
 * The values of a cookie header: a session cookie is a credential whatever it is called
 * (`Cookie: session=eyJ….Zk3xYw.…`). Values of 8 characters or more go; attributes are kept.
 */
export function findCookies(s: string, spans: Span[]): void {
  COOKIE_HEADER.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = COOKIE_HEADER.exec(s)) !== null) {
    let p = m.index + m[0].length;
    for (;;) {
      PAIR.lastIndex = p;
      const pair = PAIR.exec(s);
      if (pair === null) break;
      const value = pair[2] as string;
      const start = p + (pair[1] as string).length + 1;
      if (value.length >= 8 && !ATTRIBUTES.test(pair[1] as string) && !isMark(value))
        spans.push({ start, end: start + value.length, kind: 'cookie' });
      p = start + value.length;
      while (s[p] === ';' || s[p] === ' ' || s[p] === '\t') p++;
    }
    COOKIE_HEADER.lastIndex = Math.max(p, COOKIE_HEADER.lastIndex);
  }
}
