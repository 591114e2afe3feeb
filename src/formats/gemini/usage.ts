import { isObj, NONE, str, type UsageEntry, type UsageExtractor } from '../../usage/extractor.js';
import { geminiDedup } from './dedup-usage.js';
import { geminiRecordKind, isGeminiMessage, messagesOf } from './record-kind.js';
import { sessionOfFile } from './session-of-file.js';
import { geminiCounts, geminiTokensOf } from './tokens.js';

/** The model of a reply that names none: Gemini CLI's own `/stats` counts it as `unknown`. */
export const FALLBACK_MODEL = 'unknown';

/** The usage entry of one gemini message with `tokens`, keyed by its id, or undefined. */
function entryOf(m: unknown, session: string): UsageEntry | undefined {
  if (!isGeminiMessage(m) || m.type !== 'gemini') return undefined;
  const t = geminiTokensOf(m.tokens);
  if (!t) return undefined;
  return {
    key: m.id as string,
    session,
    model: str(m.model) ?? FALLBACK_MODEL,
    time: str(m.timestamp),
    tokens: { ...geminiCounts(t), cacheWrite: 0, cacheWrite1h: 0 },
  };
}

/**
 * Gemini CLI sessions: one entry per reply (a `gemini` message with `tokens`), keyed by the
 * message id, so a record written again with the same id, a checkpoint's copy and a legacy
 * session migrated to JSONL count once. Replies a rewind or a checkpoint took out of the history
 * count too: their tokens were spent. Input = prompt − cached + tool-use prompt, cache read =
 * cached, output = reply + thoughts (docs/formats/gemini.md). The session is the metadata
 * line's `sessionId` (else the file's name).
 */
export const geminiUsage: UsageExtractor = {
  format: 'gemini',
  needles: ['"tokens"', '"sessionId"'],
  reader(source) {
    let session = sessionOfFile(source);
    return (v) => {
      const kind = geminiRecordKind(v);
      if (kind === undefined || !isObj(v)) return NONE;
      if (kind === 'message') {
        const e = entryOf(v, session);
        return e ? [e] : NONE;
      }
      const fields = kind === 'set' ? (v.$set as Record<string, unknown>) : v;
      session = str(fields.sessionId) ?? session;
      const messages = kind === 'rewind' ? undefined : messagesOf(v, kind);
      if (!messages) return NONE;
      const out: UsageEntry[] = [];
      for (const m of messages) {
        const e = entryOf(m, session);
        if (e) out.push(e);
      }
      return out;
    };
  },
  dedupReader: geminiDedup,
};
