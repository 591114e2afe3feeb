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

/** A message's `content`: a string, or content parts whose texts are joined. */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content
    .filter((c) => isObj(c) && typeof c.text === 'string')
    .map((c) => (c as { text: string }).text)
    .join('\n');
}

function toolCallParts(calls: unknown): Part[] {
  if (!Array.isArray(calls)) return [];
  const out: Part[] = [];
  for (const c of calls) {
    if (!isObj(c)) continue;
    const fn = isObj(c.function) ? c.function : {};
    out.push({
      kind: 'tool_call',
      callId: str(c.id),
      name: String(fn.name ?? ''),
      input: typeof fn.arguments === 'string' ? parsedOr(fn.arguments) : (fn.arguments ?? {}),
    });
  }
  return out;
}

/** A chat message as a message of the conversation. */
function chatMessage(m: Record<string, unknown>): Message {
  const text = contentText(m.content);
  if (m.role === 'tool' || m.role === 'function') {
    // `function` is the legacy result of a `function_call`: no call id, only the name
    const part: Part = { kind: 'tool_result', output: text ?? m.content ?? '' };
    const callId = str(m.tool_call_id);
    const name = m.role === 'function' ? str(m.name) : undefined;
    return {
      role: 'user',
      parts: [{ ...part, ...(callId ? { callId } : {}), ...(name ? { name } : {}) }],
    };
  }
  const parts: Part[] = [];
  const reasoning = str(m.reasoning_content);
  if (reasoning !== undefined) parts.push({ kind: 'thinking', text: reasoning });
  if (text !== undefined && text !== '') parts.push({ kind: 'text', text });
  parts.push(...toolCallParts(m.tool_calls));
  // the legacy `function_call` (deprecated, still sent by some compatible APIs): no call id
  if (isObj(m.function_call)) parts.push(...toolCallParts([{ function: m.function_call }]));
  const role = m.role === 'assistant' ? 'assistant' : m.role === 'user' ? 'user' : 'system';
  return { role, parts };
}

/** The completion a stream of chunks makes: deltas joined, tool-call fragments by `index`. */
function reassemble(chunks: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let content = '';
  let reasoning = '';
  let finish: unknown;
  let legacy: { name: string; arguments: string } | undefined;
  const calls = new Slots<{
    id?: unknown;
    type?: unknown;
    function: { name: string; arguments: string };
  }>();
  for (const c of chunks) {
    if (!isObj(c)) continue;
    if (out.id === undefined && c.id !== undefined) out.id = c.id;
    if (c.model !== undefined) out.model = c.model;
    if (isObj(c.usage)) out.usage = c.usage;
    const choice = Array.isArray(c.choices)
      ? c.choices.find((x) => isObj(x) && (x.index ?? 0) === 0)
      : undefined;
    if (!isObj(choice)) continue;
    if (choice.finish_reason != null) finish = choice.finish_reason;
    const d = isObj(choice.delta) ? choice.delta : {};
    if (typeof d.content === 'string') content += d.content;
    if (typeof d.reasoning_content === 'string') reasoning += d.reasoning_content;
    if (isObj(d.function_call)) {
      const fn = (legacy ??= { name: '', arguments: '' });
      if (typeof d.function_call.name === 'string') fn.name += d.function_call.name;
      if (typeof d.function_call.arguments === 'string') fn.arguments += d.function_call.arguments;
    }
    if (!Array.isArray(d.tool_calls)) continue;
    for (const t of d.tool_calls) {
      if (!isObj(t)) continue;
      const i = typeof t.index === 'number' ? t.index : calls.next();
      let call = calls.get(i);
      if (!call) calls.set(i, (call = { function: { name: '', arguments: '' } }));
      if (t.id !== undefined) call.id = t.id;
      if (t.type !== undefined) call.type = t.type;
      const fn = isObj(t.function) ? t.function : {};
      if (typeof fn.name === 'string') call.function.name += fn.name;
      if (typeof fn.arguments === 'string') call.function.arguments += fn.arguments;
    }
  }
  const message: Record<string, unknown> = { role: 'assistant', content };
  if (reasoning !== '') message.reasoning_content = reasoning;
  const made = calls.values();
  if (made.length > 0) message.tool_calls = made;
  if (legacy) message.function_call = legacy;
  out.choices = [{ index: 0, message, finish_reason: finish }];
  return out;
}

/** OpenAI `usage`, cached tokens out of input (see openaiTokens). */
const tokensOf = (u: unknown): TokenCounts | undefined =>
  openaiTokens(u, {
    input: 'prompt_tokens',
    output: 'completion_tokens',
    details: 'prompt_tokens_details',
  });

/** OpenAI Chat Completions (`POST /v1/chat/completions`, and OpenAI-compatible APIs). */
export const openaiChat: Provider = {
  id: 'openai-chat',
  matchesPath: (path) => /\/chat\/completions$/.test(path),
  matchesBody: (_req, res) => isObj(res) && res.object === 'chat.completion',
  read(request, response): ProviderCall {
    const { req, res } = callBodies(request, response, reassemble);
    const messages: Message[] = [];
    for (const m of Array.isArray(req.messages) ? req.messages : []) {
      if (isObj(m)) messages.push(chatMessage(m));
    }
    const choice = Array.isArray(res.choices) ? res.choices[0] : undefined;
    const reply = isObj(choice) && isObj(choice.message) ? chatMessage(choice.message).parts : [];
    return {
      model: str(res.model) ?? str(req.model),
      messageId: str(res.id),
      request: messages,
      reply,
      tokens: tokensOf(res.usage),
      stopReason: isObj(choice) ? str(choice.finish_reason) : undefined,
    };
  },
};
