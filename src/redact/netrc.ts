import type { Span } from './spans.js';
import { isNotSecret } from './value-class.js';

/**
 * `.netrc` entries (the netrc(5) format, as ftp, curl and git read it): tokens separated by
 * blanks or line breaks, `machine NAME` or `default`, then `login NAME`, `password STRING`,
 * `account STRING` in any order; `macdef` starts a macro (its body is not tokens). The values of
 * `password` and `account` go; prose that uses the words (`the machine asks for a password`)
 * does not follow the grammar and is kept.
 */
const ENTRY = /(?<![\w.-])(?:machine[ \t\r\n]+[^\s]+|default)(?=[ \t\r\n])/g;
const TOKEN = /[ \t\r\n]+([^\s]+)/y;
const FIELDS = new Set(['login', 'password', 'account', 'port']);
const SECRET_FIELDS = new Set(['password', 'account']);

export function findNetrc(s: string, spans: Span[]): void {
  ENTRY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ENTRY.exec(s)) !== null) {
    let p = m.index + m[0].length;
    for (;;) {
      TOKEN.lastIndex = p;
      const field = TOKEN.exec(s);
      if (field === null || !FIELDS.has(field[1] as string)) break;
      const value = TOKEN.exec(s);
      if (value === null) break;
      const v = value[1] as string;
      const end = TOKEN.lastIndex;
      if (SECRET_FIELDS.has(field[1] as string) && !isNotSecret(v))
        spans.push({ start: end - v.length, end, kind: 'secret-name' });
      p = end;
    }
    ENTRY.lastIndex = Math.max(p, ENTRY.lastIndex);
  }
}
