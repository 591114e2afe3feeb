import type { FormatAdapter } from '../adapter.js';
import { geminiRecordKind } from './record-kind.js';

/**
 * Gemini CLI sessions (`~/.gemini/tmp/<project>/chats/session-*.jsonl`, and the legacy
 * single-JSON `session-*.json`): a metadata line (`sessionId`, `projectHash`), message records
 * (`id`, `timestamp`, `type` user/gemini/info/error/warning, `content`), `{"$set": ...}` and
 * `{"$rewindTo": id}` lines (record-kind.ts). Claude Code entries carry `uuid` and `message`
 * (a message with either is not Gemini's) and a metadata line has no `type`, so registered before
 * claude-code, whose detector would claim a Gemini message (`type: 'user'` and a `timestamp`).
 */
export const gemini: FormatAdapter = {
  id: 'gemini',
  summary: 'Gemini CLI sessions (~/.gemini/tmp/<project>/chats/session-*.jsonl, legacy .json)',
  reference: 'docs/formats/gemini.md (google-gemini/gemini-cli chatRecordingService.ts)',
  // What a line is and how it links: message ids and types, the session, the rewind target, the
  // tool call ids and names a function response is paired by.
  identity: [
    'id',
    'type',
    'timestamp',
    'sessionId',
    'projectHash',
    'startTime',
    'lastUpdated',
    'kind',
    '$rewindTo',
    'model',
    'name',
    'status',
    'agentId',
  ],
  detect: (value) => geminiRecordKind(value) !== undefined,
  load: async () => {
    const { geminiDecoder } = await import('./decoder.js');
    return { decoder: geminiDecoder };
  },
  facets: {
    redaction: async () => (await import('./redact.js')).geminiRedaction,
    clip: async () => (await import('./clip.js')).geminiProfile,
    usage: async () => (await import('./usage.js')).geminiUsage,
  },
};
