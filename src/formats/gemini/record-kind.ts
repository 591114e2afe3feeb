import { isRecord } from '../adapter.js';

/**
 * What a line of a Gemini CLI session is (packages/core/src/services/chatRecordingService.ts,
 * `loadConversationRecord`; docs/formats/gemini.md):
 * - `rewind`: `{"$rewindTo": id}`, the message `id` and every one after it leave the history;
 * - `set`: `{"$set": {...}}`, metadata updated (`messages` in it replaces the whole history);
 * - `message`: a `MessageRecord` (`id`, `timestamp`, `type`, `content`, ...), which replaces an
 *   earlier record with the same `id` where that one stood;
 * - `metadata`: the first line (`sessionId`, `projectHash`, `startTime`, ...), or a whole legacy
 *   session (the same with `messages`).
 */
export type GeminiRecordKind = 'metadata' | 'message' | 'set' | 'rewind';

/** `MessageRecord.type` (chatRecordingTypes.ts, `ConversationRecordExtra`). */
export const MESSAGE_TYPES: ReadonlySet<string> = new Set([
  'user',
  'gemini',
  'info',
  'error',
  'warning',
]);

/** Keys of other formats' lines that a Gemini message never has (Claude Code, Flockdeck). */
const FOREIGN_KEYS: readonly string[] = ['uuid', 'message', 'sessionId', 'parentUuid', 'seq'];

type Obj = Record<string, unknown>;

/** Whether a value is a Gemini `MessageRecord`. */
export function isGeminiMessage(v: unknown): v is Obj {
  if (!isRecord(v) || typeof v.id !== 'string' || typeof v.timestamp !== 'string') return false;
  if (typeof v.type !== 'string' || !MESSAGE_TYPES.has(v.type) || !('content' in v)) return false;
  for (const k of FOREIGN_KEYS) if (k in v) return false;
  return true;
}

/** The kind of a Gemini session line, or undefined when the value is not one. */
export function geminiRecordKind(v: unknown): GeminiRecordKind | undefined {
  if (!isRecord(v)) return undefined;
  if (typeof v.$rewindTo === 'string') return 'rewind';
  if (isRecord(v.$set)) return 'set';
  if (typeof v.sessionId === 'string' && typeof v.projectHash === 'string' && !('type' in v)) {
    return 'metadata';
  }
  return isGeminiMessage(v) ? 'message' : undefined;
}

/** The messages a metadata line (a legacy session) or a `$set` checkpoint holds, if any. */
export function messagesOf(v: Obj, kind: GeminiRecordKind): readonly unknown[] | undefined {
  const holder = kind === 'set' ? (v.$set as Obj) : kind === 'metadata' ? v : undefined;
  return holder && Array.isArray(holder.messages) ? holder.messages : undefined;
}
