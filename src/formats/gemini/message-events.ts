import { isRecord } from '../adapter.js';
import { functionResponses, imagesOf, partsOf, textOfParts, toolOutput } from './parts.js';
import { geminiCounts, geminiTokensOf } from './tokens.js';

type Obj = Record<string, unknown>;

/** One canonical event of a message, before the fields every event has. */
export interface Draft {
  readonly kind: string;
  readonly fields: Obj;
}

const s = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * User text Gemini CLI does not send back to the model on resume (`isIgnoredUserContent`,
 * packages/core/src/utils/sessionUtils.ts): slash and `?` commands, and context it wrote itself;
 * with the compression snapshot (`<state_snapshot>`, context/chatCompressionService.ts).
 */
function roleOfUserText(text: string): 'prompt' | 'command' | 'meta' {
  const t = text.trim();
  if (t.startsWith('/') || t.startsWith('?')) return 'command';
  if (t === '' || /^<(session_context|hook_context|state_snapshot)>/.test(t)) return 'meta';
  return 'prompt';
}

function userDrafts(m: Obj): Draft[] {
  const parts = partsOf(m.content);
  const text = textOfParts(parts);
  const responses = functionResponses(parts);
  // Tool responses are recorded as a user turn too (`recordSyntheticMessage`): the calls' own
  // `result`s, read with the gemini message, already hold them.
  if (text === '' && responses.length > 0) {
    return [{ kind: 'unknown', fields: { meta: { gemini: { toolResponses: responses.length } } } }];
  }
  const images = imagesOf(parts);
  const fields: Obj = { text, role: roleOfUserText(text) };
  if (images.length > 0) fields.images = images;
  return [{ kind: 'user_message', fields }];
}

const STATUS_ERRORS: ReadonlySet<string> = new Set(['error', 'cancelled']);

function geminiDrafts(m: Obj): Draft[] {
  const out: Draft[] = [];
  const model = s(m.model);
  if (Array.isArray(m.thoughts)) {
    for (const t of m.thoughts) {
      if (!isRecord(t)) continue;
      const d = typeof t.description === 'string' ? t.description : '';
      // As Gemini CLI rebuilds a thought for the model (sessionUtils.ts).
      const text = s(t.subject) ? `**${t.subject as string}** ${d}` : d;
      out.push({ kind: 'thinking', fields: { text, time: s(t.timestamp), model } });
    }
  }
  const parts = partsOf(m.content);
  const text = textOfParts(parts);
  if (text !== '') out.push({ kind: 'assistant_message', fields: { text, model } });
  const calls = Array.isArray(m.toolCalls) ? m.toolCalls.filter(isRecord) : [];
  for (const c of calls) {
    out.push({
      kind: 'tool_call',
      fields: { callId: s(c.id), name: s(c.name) ?? '', input: c.args ?? null, model },
    });
  }
  if (calls.length === 0) {
    // Before its `toolCalls` are recorded, a reply holds its calls as `functionCall` parts.
    for (const p of parts) {
      if (!isRecord(p) || !isRecord(p.functionCall)) continue;
      const f = p.functionCall;
      out.push({
        kind: 'tool_call',
        fields: { callId: s(f.id), name: s(f.name) ?? '', input: f.args ?? null, model },
      });
    }
  }
  for (const c of calls) {
    if (c.result === undefined && c.resultDisplay === undefined) continue;
    const fields: Obj = {
      callId: s(c.id),
      name: s(c.name),
      output: toolOutput(c.result, c.resultDisplay),
      time: s(c.timestamp),
    };
    if (typeof c.status === 'string' && STATUS_ERRORS.has(c.status)) fields.isError = true;
    if (c.status === 'cancelled') fields.interrupted = true;
    if (s(c.agentId)) fields.meta = { gemini: { agentId: c.agentId } };
    out.push({ kind: 'tool_result', fields });
  }
  const usage = usageDraft(m);
  if (usage) out.push(usage);
  return out;
}

/** The `usage` event of a gemini message with `tokens`, or undefined. */
export function usageDraft(m: Obj, extra?: Obj): Draft | undefined {
  const t = m.type === 'gemini' ? geminiTokensOf(m.tokens) : undefined;
  if (!t) return undefined;
  return {
    kind: 'usage',
    fields: {
      tokens: geminiCounts(t),
      model: s(m.model),
      meta: {
        gemini: { thoughts: t.thoughts, tool: t.tool, cached: t.cached, total: t.total, ...extra },
      },
    },
  };
}

/** The text of a user message that is a compression snapshot (`<state_snapshot>`), or undefined. */
export function snapshotText(m: Obj): string | undefined {
  if (m.type !== 'user') return undefined;
  const text = textOfParts(partsOf(m.content));
  return text.trimStart().startsWith('<state_snapshot>') ? text : undefined;
}

const LEVELS: Readonly<Record<string, string>> = {
  info: 'info',
  warning: 'warning',
  error: 'error',
};

/** The canonical events of one message record (docs/formats/gemini.md, Reading). */
export function messageDrafts(m: Obj): Draft[] {
  if (m.type === 'user') return userDrafts(m);
  if (m.type === 'gemini') return geminiDrafts(m);
  const text = textOfParts(partsOf(m.content));
  return [{ kind: 'notice', fields: { text, level: LEVELS[m.type as string], subtype: m.type } }];
}
