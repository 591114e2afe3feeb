import { isObj } from './call.js';
/** One server-sent event: its `event:` name, when given, and its `data:` lines joined. */
export interface SseEvent {
  readonly event?: string;
  /** The data parsed as JSON, or the text when it is not JSON (`[DONE]`). */
  readonly data: unknown;
}

/**
 * A recorded SSE body (text/event-stream, as auto-swe stores a streamed response) as its events,
 * in order (html.spec.whatwg.org, "Interpreting an event stream"): lines `field: value`, a blank
 * line ends an event, `data` lines are joined with `\n`, comments (`:`) and other fields are
 * skipped. Undefined when the text holds no `data:` line (it is not an SSE body).
 */
export function parseSse(text: string): SseEvent[] | undefined {
  const out: SseEvent[] = [];
  let name: string | undefined;
  let data: string[] = [];
  let any = false;
  const dispatch = (): void => {
    if (data.length > 0) {
      const joined = data.join('\n');
      out.push(name === undefined ? { data: json(joined) } : { event: name, data: json(joined) });
    }
    name = undefined;
    data = [];
  };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    if (raw === '') {
      dispatch();
      continue;
    }
    if (raw.startsWith(':')) continue;
    const colon = raw.indexOf(':');
    const field = colon < 0 ? raw : raw.slice(0, colon);
    let value = colon < 0 ? '' : raw.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      data.push(value);
      any = true;
    } else if (field === 'event') name = value;
  }
  dispatch();
  return any ? out : undefined;
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The whole object (or array) elements of a JSON array text, in order, up to where the text was
 * cut: a JSON-array stream stored as text because it did not parse. Elements that are neither
 * objects nor arrays, and an element cut off, are left out.
 */
export function arrayPrefix(text: string): unknown[] {
  const out: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = text.indexOf('[') + 1; i > 0 && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (depth++ === 0) start = i;
    } else if (c === 0x7d || c === 0x5d) {
      if (depth === 0) break; // the array's own end
      if (--depth === 0) {
        const element = json(text.slice(start, i + 1));
        if (typeof element === 'object') out.push(element);
      }
    }
  }
  return out;
}

/**
 * The chunks of a streamed body: an SSE text's data objects, a JSON array's items (Gemini's
 * `streamGenerateContent` without `alt=sse`; as text, the whole ones of an array that was cut),
 * or undefined when the body is neither.
 */
export function streamChunks(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'string') return undefined;
  if (body.trimStart().startsWith('[')) return arrayPrefix(body);
  return parseSse(body)?.map((e) => e.data);
}

/**
 * A call's bodies as objects: the request (or `{}`), and the response, reassembled by the
 * provider's `reassemble` when it was streamed (or `{}` when it is neither streamed nor an object).
 */
export function callBodies(
  request: unknown,
  response: unknown,
  reassemble: (chunks: readonly unknown[]) => Record<string, unknown>,
): { req: Record<string, unknown>; res: Record<string, unknown> } {
  const chunks = streamChunks(response);
  return {
    req: isObj(request) ? request : {},
    res: chunks ? reassemble(chunks) : isObj(response) ? response : {},
  };
}
