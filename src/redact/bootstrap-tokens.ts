import type { Span } from './spans.js';

/** What says a text is about Kubernetes bootstrap tokens (kubeadm, a bootstrap token Secret). */
const CONTEXT = /kubeadm|bootstrap[-.](?:token|kubernetes)/;
/** `[a-z0-9]{6}.[a-z0-9]{16}`, a whole word (not part of a host name or a longer id). */
const TOKEN = /(?<![A-Za-z0-9_.-])[a-z0-9]{6}\.[a-z0-9]{16}(?![A-Za-z0-9_.-])/g;

/**
 * Kubernetes bootstrap tokens (`abcdef.0123456789abcdef`, the token id and its secret): a shape
 * too generic to take anywhere, so only in a text that names kubeadm or bootstrap tokens
 * (`kubeadm token list`'s table, `kubeadm join … --token=…`, a bootstrap token Secret); with a
 * digit, as a random one has (`kubernetes-bootstrap-token`). Under a secret's name (`--token`,
 * `token:`) the name rules take it anywhere.
 */
export function findBootstrapTokens(s: string, spans: Span[]): void {
  if (!CONTEXT.test(s)) return;
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN.exec(s)) !== null)
    if (/\d/.test(m[0]))
      spans.push({
        start: m.index,
        end: m.index + m[0].length,
        kind: 'kubernetes-bootstrap-token',
      });
}
