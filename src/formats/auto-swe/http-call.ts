import type { ProviderCall } from './call.js';
import { isObj, str } from './call.js';
import { providers } from './providers/registry.js';
import { replyError } from './reply-error.js';

/** What an `http_call` record is. */
export type HttpCallReading =
  | {
      readonly kind: 'chat';
      readonly provider: string;
      readonly call: ProviderCall;
      /** An error the reply's body carries (a stream that failed after it began). */
      readonly error?: string;
    }
  | { readonly kind: 'embedding' }
  | { readonly kind: 'error'; readonly status?: number; readonly text: string }
  | { readonly kind: 'unknown' };

/** A path without its query string. */
export const pathOnly = (path: string): string => path.replace(/[?#].*$/s, '');

const EMBEDDING_PATH = /(\/embeddings|:embedContent|:batchEmbedContents)$/;

/** Whether an `http_call` is an embedding call: by `purpose`, or by its path (the spec's rule). */
export function isEmbedding(r: Readonly<Record<string, unknown>>): boolean {
  return r.purpose === 'embedding' || EMBEDDING_PATH.test(pathOnly(str(r.path) ?? ''));
}

/** The model a Gemini path names (`/v1beta/models/<model>:generateContent`). */
const pathModel = (path: string): string | undefined => /\/models\/([^/:]+):/.exec(path)?.[1];

/** An error reply's message: the body's `error.message`, `message`, or the body as text. */
function errorText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (isObj(body)) {
    const e = isObj(body.error) ? body.error : body;
    if (typeof e.message === 'string') return e.message;
  }
  return JSON.stringify(body) ?? '';
}

/**
 * Reads an `http_call` record: an embedding call, an error reply (status 400 and over, or an
 * error body), a chat call of a known provider (by its path, else by its response's shape, with
 * the error its body carries when a stream failed after it began), or unknown.
 */
export function readHttpCall(r: Readonly<Record<string, unknown>>): HttpCallReading {
  if (isEmbedding(r)) return { kind: 'embedding' };
  const status = typeof r.status === 'number' ? r.status : undefined;
  const res = r.response;
  if ((status !== undefined && status >= 400) || (isObj(res) && res.type === 'error')) {
    return { kind: 'error', ...(status !== undefined ? { status } : {}), text: errorText(res) };
  }
  const path = pathOnly(str(r.path) ?? '');
  const provider =
    providers.find((p) => p.matchesPath(path)) ??
    providers.find((p) => p.matchesBody(r.request, res));
  if (!provider) return { kind: 'unknown' };
  const call = provider.read(r.request, res);
  const model = call.model ?? pathModel(path);
  const error = replyError(res);
  return {
    kind: 'chat',
    provider: provider.id,
    call: model !== undefined && call.model === undefined ? { ...call, model } : call,
    ...(error !== undefined ? { error } : {}),
  };
}
