import { isObj, str } from './call.js';
import { streamChunks } from './sse.js';

/** An error object as `<type, code or status>: <message>`. */
function describe(e: Record<string, unknown>): string | undefined {
  const message = str(e.message);
  const label = str(e.type) ?? str(e.code) ?? str(e.status);
  if (message === undefined) return label;
  return label === undefined ? message : `${label}: ${message}`;
}

/** The error one chunk of a reply (or a whole reply) reports, if it reports one. */
function chunkError(c: unknown): string | undefined {
  if (!isObj(c)) return undefined;
  // Anthropic's `error` event ({type: "error", error: {...}}); OpenAI Responses' (code, message)
  if (c.type === 'error') return describe(isObj(c.error) ? c.error : { ...c, type: undefined });
  // OpenAI Responses: `response.failed` (streamed), or a failed response object
  if (c.type === 'response.failed' && isObj(c.response) && isObj(c.response.error)) {
    return describe(c.response.error);
  }
  // an error chunk of a Chat Completions or Gemini stream; a response object's `error`
  return isObj(c.error) ? describe(c.error) : undefined;
}

/**
 * The error a 200 reply carries inside its body: an SSE stream's error event or error chunk
 * (the providers send one when a stream fails after it began: Anthropic's `overloaded_error`,
 * OpenAI's `error` and `response.failed`, an `{"error": {...}}` chunk of Chat Completions or
 * Gemini), or a response object's `error`. Undefined when it carries none.
 */
export function replyError(response: unknown): string | undefined {
  for (const c of streamChunks(response) ?? [response]) {
    const e = chunkError(c);
    if (e !== undefined) return e;
  }
  return undefined;
}
