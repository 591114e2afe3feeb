import { isRecord } from '../adapter.js';

type Fields = Record<string, unknown>;

/** Codex's tags that open the messages it writes with the user's role (protocol.rs constants). */
const CONTEXT_TAGS: readonly string[] = ['<user_instructions>', '<environment_context>'];

const s = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The texts of a content list whose items have one of these `type`s, joined. */
export function textOf(content: unknown, types: ReadonlySet<string>, sep = '\n'): string {
  if (!Array.isArray(content)) return s(content) ?? '';
  const parts: string[] = [];
  for (const c of content)
    if (isRecord(c) && types.has(c.type as string) && s(c.text) !== undefined)
      parts.push(c.text as string);
  return parts.join(sep);
}

const INPUT_TEXT: ReadonlySet<string> = new Set(['input_text', 'output_text', 'text']);
const SUMMARY_TEXT: ReadonlySet<string> = new Set(['summary_text']);
const REASONING_TEXT: ReadonlySet<string> = new Set(['reasoning_text', 'text']);

/** A function call's `arguments`: the JSON string parsed where it parses, else the string. */
function argumentsOf(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/**
 * The canonical kind and fields of one `ResponseItem` (codex-rs/protocol/src/models.rs), or
 * undefined for a type without a canonical counterpart (it is then kept as an unknown event).
 * `names` maps call ids to tool names, for results.
 */
export function responseItemFields(
  p: Fields,
  names: Map<string, string>,
): { kind: string; fields: Fields } | undefined {
  switch (p.type) {
    case 'message': {
      if (p.role === 'assistant') {
        return { kind: 'assistant_message', fields: { text: textOf(p.content, INPUT_TEXT) } };
      }
      const text = textOf(p.content, INPUT_TEXT);
      const images = Array.isArray(p.content)
        ? p.content.filter((c) => isRecord(c) && c.type === 'input_image').length
        : 0;
      // Instructions and the environment context are written by Codex as user messages, and
      // `developer`/`system` messages by the harness: none was typed by a person.
      const typed = p.role === 'user' && !CONTEXT_TAGS.some((t) => text.trimStart().startsWith(t));
      const fields: Fields = { text, role: typed ? 'prompt' : 'meta' };
      if (images > 0 || p.role !== 'user') {
        fields.meta = { codex: { role: p.role, ...(images > 0 ? { images } : {}) } };
      }
      return { kind: 'user_message', fields };
    }
    case 'reasoning': {
      const summary = textOf(p.summary, SUMMARY_TEXT, '\n\n');
      const raw = textOf(p.content, REASONING_TEXT, '\n\n');
      const text = [summary, raw].filter((t) => t !== '').join('\n\n');
      const fields: Fields = { text };
      if (text === '' && typeof p.encrypted_content === 'string') fields.redacted = true;
      if (typeof p.encrypted_content === 'string') {
        fields.meta = { codex: { encryptedContent: p.encrypted_content } };
      }
      return { kind: 'thinking', fields };
    }
    case 'function_call':
    case 'custom_tool_call': {
      const callId = s(p.call_id);
      const name = s(p.name) ?? '';
      if (callId) names.set(callId, name);
      const input = p.type === 'function_call' ? argumentsOf(p.arguments) : (p.input ?? null);
      return { kind: 'tool_call', fields: { callId, name, input } };
    }
    case 'local_shell_call': {
      const callId = s(p.call_id) ?? s(p.id);
      if (callId) names.set(callId, 'local_shell');
      return {
        kind: 'tool_call',
        fields: { callId, name: 'local_shell', input: p.action ?? null },
      };
    }
    case 'web_search_call':
      return {
        kind: 'tool_call',
        fields: { callId: s(p.id), name: 'web_search', input: p.action ?? null },
      };
    case 'function_call_output':
    case 'custom_tool_call_output': {
      const callId = s(p.call_id);
      // A failed call's output is `{content, success: false}`; a successful one a string or a
      // list of content items (FunctionCallOutputPayload's serde).
      const out = p.output;
      const failed = isRecord(out) && out.success === false;
      const output = isRecord(out) && typeof out.content === 'string' ? out.content : (out ?? '');
      const fields: Fields = { callId, name: callId ? names.get(callId) : undefined, output };
      if (failed) fields.isError = true;
      return { kind: 'tool_result', fields };
    }
    default:
      return undefined;
  }
}
