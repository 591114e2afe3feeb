import { isNotSecret } from './value-class.js';
import type { Span } from './spans.js';

/** A Kubernetes Secret manifest (`kind: Secret`, also in a list of documents). */
const SECRET_KIND =
  /(?:^|\n)[ \t]*(?:\d+(?:→|\t))?[ \t]*kind:[ \t]*["']?Secret["']?[ \t]*\r?(?:\n|$)/;
/** A line of the text: an optional line-number prefix (`  12→`, as a file view shows), its indent. */
const LINE = /^([ \t]*\d+(?:→|\t))?([ \t]*)(.*?)[ \t]*\r?$/;
/** The maps whose values are the secret's bytes. */
const DATA = /^(?:data|stringData):$/;
/** `key: value` inside them; the value unquoted when quoted (`''` is an empty value). */
const ENTRY = /^[\w.-]+:[ \t]+(["']?)(.*?)\1$/;

/**
 * Every value under `data:` and `stringData:` of a Kubernetes Secret manifest: base64 that no
 * name calls a secret (`tls.crt: LS0t…`, `username: YWRtaW4=`). One pass over the lines.
 */
export function findK8sSecretData(s: string, spans: Span[]): void {
  if (!SECRET_KIND.test(s)) return;
  let dataIndent = -1;
  let at = 0;
  for (const line of s.split('\n')) {
    const from = at;
    at += line.length + 1;
    const m = LINE.exec(line);
    if (m === null) continue;
    const indent = (m[2] as string).length;
    const body = m[3] as string;
    if (body === '' || body.startsWith('#')) continue;
    if (dataIndent >= 0 && indent > dataIndent) {
      const e = ENTRY.exec(body);
      const value = e?.[2];
      // Empty, a reference, an encrypted value (value-class.ts): nothing to hide.
      if (value === undefined || isNotSecret(value)) continue;
      const end = from + (m[1]?.length ?? 0) + indent + body.length - (e?.[1] as string).length;
      spans.push({ start: end - value.length, end, kind: 'k8s-secret-data' });
      continue;
    }
    dataIndent = DATA.test(body) ? indent : -1;
  }
}
