import type { TokenCounts } from '../../../events/event.js';
import {
  openaiTokens,
  isObj,
  parsedOr,
  str,
  type Message,
  type Part,
  type Provider,
  type ProviderCall,
} from '../call.js';
import { callBodies } from '../sse.js';
import { Slots } from '../slots.js';

/** The text of a message item's content (`input_text`, `output_text`, or a plain string). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((c) => isObj(c) && typeof c.text === 'string')
    .map((c) => (c as { text: string }).text)
    .join('\n');
}

/** An input or output item as a message (`role` from the item; calls are the assistant's). */
function itemMessage(item: unknown): Message | undefined {
  if (!isObj(item)) return undefined;
  const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
  switch (type) {
    case 'message': {
      const role =
        item.role === 'assistant' ? 'assistant' : item.role === 'user' ? 'user' : 'system';
      return { role, parts: [{ kind: 'text', text: contentText(item.content) }] };
    }
    case 'reasoning': {
      const summary = Array.isArray(item.summary) ? contentText(item.summary) : '';
      return { role: 'assistant', parts: [{ kind: 'thinking', text: summary }] };
    }
    case 'function_call':
    case 'custom_tool_call':
      return {
        role: 'assistant',
        parts: [
          {
            kind: 'tool_call',
            callId: str(item.call_id),
            name: String(item.name ?? ''),
            input:
              typeof item.arguments === 'string' ? parsedOr(item.arguments) : (item.input ?? {}),
          },
        ],
      };
    case 'function_call_output':
    case 'custom_tool_call_output':
      return {
        role: 'user',
        parts: [{ kind: 'tool_result', callId: str(item.call_id), output: item.output ?? '' }],
      };
    default:
      return { role: 'assistant', parts: [{ kind: 'unknown', record: item }] };
  }
}

/** An item's `content` or `summary` parts by their index, as the deltas build them. */
type ItemParts = { content?: Slots<unknown>; summary?: Slots<unknown> };

/**
 * Appends a delta's text to the part at `index` of an item's `key` list (`content` or
 * `summary`), made from the item's own list on the first delta, a new part of `type` when none
 * is there.
 */
function appendText(
  it: Record<string, unknown>,
  parts: ItemParts,
  key: 'content' | 'summary',
  index: unknown,
  type: string,
  delta: unknown,
): void {
  const slots = (parts[key] ??= Slots.of(Array.isArray(it[key]) ? (it[key] as unknown[]) : []));
  const at = typeof index === 'number' ? index : 0;
  const old = slots.get(at);
  const part = isObj(old) ? { ...old } : { type, text: '' };
  part.text = String(part.text ?? '') + String(delta ?? '');
  slots.set(at, part);
}

/** The response a stream makes: `response.completed`'s, else the items its events built. */
function reassemble(chunks: readonly unknown[]): Record<string, unknown> {
  let response: Record<string, unknown> = {};
  const items = new Slots<Record<string, unknown>>();
  // the parts the text deltas built, by output index (an item given again starts them anew)
  const built = new Map<number, ItemParts>();
  for (const c of chunks) {
    if (!isObj(c)) continue;
    const i = typeof c.output_index === 'number' ? c.output_index : -1;
    switch (c.type) {
      case 'response.created':
      case 'response.in_progress':
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        if (isObj(c.response)) response = c.response;
        break;
      case 'response.output_item.added':
      case 'response.output_item.done':
        if (i >= 0 && isObj(c.item)) {
          items.set(i, { ...c.item });
          built.delete(i);
        }
        break;
      case 'response.output_text.delta':
      case 'response.reasoning_summary_text.delta': {
        const it = items.get(i);
        if (!it) break;
        let parts = built.get(i);
        if (!parts) built.set(i, (parts = {}));
        if (c.type === 'response.output_text.delta') {
          appendText(it, parts, 'content', c.content_index, 'output_text', c.delta);
        } else appendText(it, parts, 'summary', c.summary_index, 'summary_text', c.delta);
        break;
      }
      case 'response.function_call_arguments.delta': {
        const it = items.get(i);
        if (it) it.arguments = String(it.arguments ?? '') + String(c.delta ?? '');
        break;
      }
      case 'response.function_call_arguments.done': {
        const it = items.get(i);
        if (it && typeof c.arguments === 'string') it.arguments = c.arguments;
        break;
      }
    }
  }
  const done = Array.isArray(response.output) && response.output.length > 0;
  if (done) return response;
  for (const [i, parts] of built) {
    const it = items.get(i)!;
    if (parts.content) it.content = parts.content.values();
    if (parts.summary) it.summary = parts.summary.values();
  }
  return { ...response, output: items.values() };
}

/** OpenAI `usage`, cached tokens out of input (see openaiTokens). */
const tokensOf = (u: unknown): TokenCounts | undefined =>
  openaiTokens(u, {
    input: 'input_tokens',
    output: 'output_tokens',
    details: 'input_tokens_details',
  });

/** OpenAI Responses API (`POST /v1/responses`), streamed (SSE) or not. */
export const openaiResponses: Provider = {
  id: 'openai-responses',
  matchesPath: (path) => /\/responses$/.test(path),
  matchesBody: (_req, res) => isObj(res) && res.object === 'response',
  read(request, response): ProviderCall {
    const { req, res } = callBodies(request, response, reassemble);
    const messages: Message[] = [];
    if (typeof req.instructions === 'string') {
      messages.push({ role: 'system', parts: [{ kind: 'text', text: req.instructions }] });
    }
    if (typeof req.input === 'string') {
      messages.push({ role: 'user', parts: [{ kind: 'text', text: req.input }] });
    } else if (Array.isArray(req.input)) {
      for (const item of req.input) {
        const m = itemMessage(item);
        if (m) messages.push(m);
      }
    }
    const reply: Part[] = [];
    for (const item of Array.isArray(res.output) ? res.output : []) {
      const m = itemMessage(item);
      if (m) reply.push(...m.parts);
    }
    const incomplete = isObj(res.incomplete_details)
      ? str(res.incomplete_details.reason)
      : undefined;
    return {
      model: str(res.model) ?? str(req.model),
      messageId: str(res.id),
      request: messages,
      reply,
      tokens: tokensOf(res.usage),
      stopReason: incomplete ?? str(res.status),
    };
  },
};
