import {
  counts,
  isObj,
  num,
  parsedOr,
  str,
  type Message,
  type Part,
  type Provider,
  type ProviderCall,
} from '../call.js';
import { callBodies } from '../sse.js';
import { Slots } from '../slots.js';

/** A content block (request or reply) as a part. */
function blockPart(b: unknown): Part | undefined {
  if (!isObj(b)) return undefined;
  switch (b.type) {
    case 'text':
      return { kind: 'text', text: String(b.text ?? '') };
    case 'thinking':
      return str(b.signature) !== undefined
        ? { kind: 'thinking', text: String(b.thinking ?? ''), signature: b.signature as string }
        : { kind: 'thinking', text: String(b.thinking ?? '') };
    case 'redacted_thinking':
      return { kind: 'thinking', text: '', redacted: true };
    case 'tool_use':
    case 'server_tool_use':
      return { kind: 'tool_call', callId: str(b.id), name: String(b.name ?? ''), input: b.input };
    case 'tool_result':
      return {
        kind: 'tool_result',
        callId: str(b.tool_use_id),
        output: resultOutput(b.content),
        ...(b.is_error === true ? { isError: true } : {}),
      };
    default:
      return { kind: 'unknown', record: b };
  }
}

/** A tool result's content: a string, text blocks joined, else the blocks as they are. */
function resultOutput(content: unknown): unknown {
  if (typeof content === 'string') return content;
  if (Array.isArray(content) && content.every((b) => isObj(b) && b.type === 'text')) {
    return content.map((b) => String((b as Record<string, unknown>).text ?? '')).join('\n');
  }
  return content ?? '';
}

function contentParts(content: unknown): Part[] {
  if (typeof content === 'string') return [{ kind: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  const out: Part[] = [];
  for (const b of content) {
    const p = blockPart(b);
    if (p) out.push(p);
  }
  return out;
}

/** Anthropic `usage`: `input_tokens` already excludes cache reads and writes. */
function tokensOf(u: unknown) {
  if (!isObj(u)) return undefined;
  return counts({
    input: num(u.input_tokens),
    output: num(u.output_tokens),
    cacheWrite: num(u.cache_creation_input_tokens),
    cacheRead: num(u.cache_read_input_tokens),
  });
}

/** `usage.cache_creation.ephemeral_1h_input_tokens`, when the reply gives it. */
function oneHourWrites(u: unknown): { cacheWrite1h?: number } {
  const n =
    isObj(u) && isObj(u.cache_creation)
      ? num(u.cache_creation.ephemeral_1h_input_tokens)
      : undefined;
  return n !== undefined ? { cacheWrite1h: n } : {};
}

/** The reply message a stream of SSE events makes (docs: build-with-claude/streaming). */
function reassemble(chunks: readonly unknown[]): Record<string, unknown> {
  let message: Record<string, unknown> = {};
  const blocks = new Slots<Record<string, unknown>>();
  const json = new Slots<string>();
  let usage: Record<string, unknown> = {};
  const stopped = new Set<number>();
  for (const c of chunks) {
    if (!isObj(c)) continue;
    // a block's events name its index (any number: the slots are a map); without one they
    // belong to no block
    if (typeof c.index !== 'number' && String(c.type).startsWith('content_block_')) continue;
    const i = c.index as number;
    switch (c.type) {
      case 'message_start':
        if (isObj(c.message)) message = { ...c.message };
        if (isObj(message.usage)) usage = { ...message.usage };
        break;
      case 'content_block_start':
        if (isObj(c.content_block)) {
          blocks.set(i, { ...c.content_block });
          json.set(i, '');
        }
        break;
      case 'content_block_delta': {
        const b = blocks.get(i);
        const d = c.delta;
        if (!b || !isObj(d)) break;
        if (d.type === 'text_delta') b.text = String(b.text ?? '') + String(d.text ?? '');
        else if (d.type === 'thinking_delta')
          b.thinking = String(b.thinking ?? '') + String(d.thinking ?? '');
        else if (d.type === 'signature_delta')
          b.signature = String(b.signature ?? '') + String(d.signature ?? '');
        else if (d.type === 'input_json_delta')
          json.set(i, (json.get(i) ?? '') + String(d.partial_json ?? ''));
        break;
      }
      case 'content_block_stop': {
        stopped.add(i);
        const b = blocks.get(i);
        const text = json.get(i) ?? '';
        if (b && (b.type === 'tool_use' || b.type === 'server_tool_use') && text !== '') {
          b.input = parsedOr(text);
        }
        break;
      }
      case 'message_delta':
        if (isObj(c.delta)) for (const [k, v] of Object.entries(c.delta)) message[k] = v;
        // The counts in message_delta are cumulative (docs: streaming, event types).
        if (isObj(c.usage))
          for (const [k, v] of Object.entries(c.usage)) if (v !== null) usage[k] = v;
        break;
    }
  }
  // A block whose stop never came still gives its input if the fragments parse.
  for (const [i, b] of blocks.entries()) {
    const text = json.get(i);
    if (!stopped.has(i) && text) b.input = parsedOr(text);
  }
  return { ...message, content: blocks.values(), usage };
}

/** Anthropic Messages API (`POST /v1/messages`), streamed (SSE) or not. */
export const anthropic: Provider = {
  id: 'anthropic',
  matchesPath: (path) => /\/v1\/messages$/.test(path),
  matchesBody: (_req, res) => isObj(res) && res.type === 'message',
  read(request, response): ProviderCall {
    const { req, res } = callBodies(request, response, reassemble);
    const messages: Message[] = [];
    if (req.system !== undefined) {
      messages.push({ role: 'system', parts: contentParts(req.system) });
    }
    if (Array.isArray(req.messages)) {
      for (const m of req.messages) {
        if (!isObj(m)) continue;
        messages.push({
          role: m.role === 'assistant' ? 'assistant' : 'user',
          parts: contentParts(m.content),
        });
      }
    }
    return {
      model: str(res.model) ?? str(req.model),
      messageId: str(res.id),
      request: messages,
      reply: contentParts(res.content),
      tokens: tokensOf(res.usage),
      ...oneHourWrites(res.usage),
      stopReason: str(res.stop_reason),
    };
  },
};
