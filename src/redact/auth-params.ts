import type { Span } from './spans.js';
import { isNotSecret } from './value-class.js';

/**
 * A scheme followed by auth-params (RFC 7235 2.1: `scheme name=value, name="value"`), in or out
 * of an Authorization header: `Digest username="bob", realm="x", response="6629…"`.
 */
const SCHEME_PARAMS = /(?<![\w-])digest[ \t]+(?=[A-Za-z][\w-]*=)/gi;
/** One auth-param: its name, and its value quoted or a token. */
const PARAM = /([A-Za-z][\w-]*)[ \t]*=[ \t]*(?:"((?:[^"\\\n]|\\.){0,1024})"|([^\s,"]{1,1024}))/y;
/**
 * The auth-params that carry the credential (the others name the user, realm, nonce, URI and
 * algorithm): Digest's `response` (RFC 7616 3.4).
 */
const CREDENTIAL_PARAMS = new Set(['response']);

/** The credentials among a scheme's auth-params (`response="[redacted]"`), the rest kept. */
export function findAuthParams(s: string, spans: Span[]): void {
  SCHEME_PARAMS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SCHEME_PARAMS.exec(s)) !== null) {
    let p = m.index + m[0].length;
    for (;;) {
      PARAM.lastIndex = p;
      const param = PARAM.exec(s);
      if (param === null) break;
      const quoted = param[2] !== undefined;
      const value = (quoted ? param[2] : param[3]) as string;
      const end = PARAM.lastIndex - (quoted ? 1 : 0);
      if (CREDENTIAL_PARAMS.has((param[1] as string).toLowerCase()) && !isNotSecret(value))
        spans.push({ start: end - value.length, end, kind: 'authorization' });
      p = PARAM.lastIndex;
      while (s[p] === ' ' || s[p] === '\t') p++;
      if (s[p] !== ',') break;
      p++;
      while (s[p] === ' ' || s[p] === '\t' || s[p] === '\n' || s[p] === '\r') p++;
    }
    SCHEME_PARAMS.lastIndex = Math.max(p, SCHEME_PARAMS.lastIndex);
  }
}
