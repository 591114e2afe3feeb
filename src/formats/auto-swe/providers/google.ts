import {
  counts,
  isObj,
  num,
  str,
  uncached,
  type Message,
  type Part,
  type Provider,
  type ProviderCall,
} from '../call.js';
import { callBodies } from '../sse.js';

/** A Gemini `Part` as a part (text, thought, functionCall, functionResponse; others kept). */
function partOf(p: unknown): Part | undefined {
  if (!isObj(p)) return undefined;
  if (typeof p.text === 'string') {
    return p.thought === true
      ? {
          kind: 'thinking',
          text: p.text,
          ...(str(p.thoughtSignature) ? { signature: p.thoughtSignature as string } : {}),
        }
      : { kind: 'text', text: p.text };
  }
  if (isObj(p.functionCall)) {
    const f = p.functionCall;
    return {
      kind: 'tool_call',
      callId: str(f.id),
      name: String(f.name ?? ''),
      input: f.args ?? {},
    };
  }
  if (isObj(p.functionResponse)) {
    const f = p.functionResponse;
    return { kind: 'tool_result', callId: str(f.id), name: str(f.name), output: f.response ?? '' };
  }
  return { kind: 'unknown', record: p };
}

function contentMessage(c: unknown, role?: Message['role']): Message | undefined {
  if (!isObj(c)) return undefined;
  const parts: Part[] = [];
  for (const p of Array.isArray(c.parts) ? c.parts : []) {
    const part = partOf(p);
    if (part) parts.push(part);
  }
  return { role: role ?? (c.role === 'model' ? 'assistant' : 'user'), parts };
}

/**
 * The response the chunks of a stream make: each chunk's first candidate's parts in order, a text
 * part joined to the one before it when both are text of the same kind (thought or not); the last
 * finish reason and usage win (the usage of a chunk is the total so far).
 */
function reassemble(chunks: readonly unknown[]): Record<string, unknown> {
  const parts: Record<string, unknown>[] = [];
  const out: Record<string, unknown> = {};
  let finish: unknown;
  for (const c of chunks) {
    if (!isObj(c)) continue;
    if (c.modelVersion !== undefined) out.modelVersion = c.modelVersion;
    if (c.responseId !== undefined) out.responseId = c.responseId;
    if (isObj(c.usageMetadata)) out.usageMetadata = c.usageMetadata;
    const cand = Array.isArray(c.candidates) ? c.candidates[0] : undefined;
    if (!isObj(cand)) continue;
    if (cand.finishReason !== undefined) finish = cand.finishReason;
    const content = isObj(cand.content) ? cand.content : {};
    for (const p of Array.isArray(content.parts) ? content.parts : []) {
      if (!isObj(p)) continue;
      const last = parts[parts.length - 1];
      if (
        typeof p.text === 'string' &&
        last !== undefined &&
        typeof last.text === 'string' &&
        (last.thought === true) === (p.thought === true)
      ) {
        parts[parts.length - 1] = { ...last, text: last.text + p.text };
      } else parts.push({ ...p });
    }
  }
  out.candidates = [{ content: { role: 'model', parts }, finishReason: finish }];
  return out;
}

/**
 * Gemini `usageMetadata`: `promptTokenCount` includes `cachedContentTokenCount`; the tool-use
 * prompt (`toolUsePromptTokenCount`, a built-in tool's results) is input outside it; the thoughts
 * (`thoughtsTokenCount`) are output the candidates' count leaves out (`totalTokenCount` is the
 * sum of the four).
 */
function tokensOf(u: unknown) {
  if (!isObj(u)) return undefined;
  const cached = num(u.cachedContentTokenCount);
  const cand = num(u.candidatesTokenCount);
  const thoughts = num(u.thoughtsTokenCount);
  const prompt = uncached(num(u.promptTokenCount), cached);
  const toolUse = num(u.toolUsePromptTokenCount);
  return counts({
    input:
      prompt === undefined && toolUse === undefined ? undefined : (prompt ?? 0) + (toolUse ?? 0),
    output:
      cand === undefined && thoughts === undefined ? undefined : (cand ?? 0) + (thoughts ?? 0),
    cacheRead: cached,
  });
}

/** Google Gemini `models/*:generateContent` and `:streamGenerateContent` (SSE or a JSON array). */
export const google: Provider = {
  id: 'google',
  matchesPath: (path) => /:(stream)?[gG]enerateContent$/.test(path),
  matchesBody: (_req, res) => isObj(res) && Array.isArray(res.candidates),
  read(request, response): ProviderCall {
    const { req, res } = callBodies(request, response, reassemble);
    const messages: Message[] = [];
    const system = req.systemInstruction ?? req.system_instruction;
    const sys = contentMessage(system, 'system');
    if (sys) messages.push(sys);
    for (const c of Array.isArray(req.contents) ? req.contents : []) {
      const m = contentMessage(c);
      if (m) messages.push(m);
    }
    const cand = Array.isArray(res.candidates) ? res.candidates[0] : undefined;
    const reply = isObj(cand) ? (contentMessage(cand.content, 'assistant')?.parts ?? []) : [];
    return {
      model: str(res.modelVersion) ?? str(req.model),
      messageId: str(res.responseId),
      request: messages,
      reply,
      tokens: tokensOf(res.usageMetadata),
      stopReason: isObj(cand) ? str(cand.finishReason) : undefined,
    };
  },
};
