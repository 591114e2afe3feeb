import { isRecord, type FormatAdapter } from '../adapter.js';
import type { ClaudeCodeDecodeOptions } from './decoder.js';

/** Entry types only Claude Code writes, recognised even on lines with no id or timestamp. */
const OWN_TYPES = new Set([
  'summary',
  'mode',
  'permission-mode',
  'ai-title',
  'custom-title',
  'last-prompt',
]);

const ENTRY_TYPE = /^[a-z]+(-[a-z]+)*$/;

/**
 * Claude Code session files (`~/.claude/projects/<dir>/<id>.jsonl`). Every entry has a `type`;
 * conversation entries carry `sessionId` (camelCase), `uuid` and a `timestamp`, `summary` entries a
 * `leafUuid`, `file-history-snapshot` entries a `snapshot`. `claude -p` stream-json output has
 * none of these (its id is `session_id`), which keeps the two apart.
 */
export const claudeCode: FormatAdapter = {
  id: 'claude-code',
  summary: 'Claude Code session files (~/.claude/projects/<dir>/<id>.jsonl), subagents included',
  reference:
    'shared/specs/flockdeck-recording-format.md (its reading rules); docs/formats/claude-code.md',
  // Entry kind, links between entries, the reply and tool call ids, roles, model and time.
  identity: [
    'type',
    'subtype',
    'uuid',
    'parentUuid',
    'logicalParentUuid',
    'leafUuid',
    'sessionId',
    'agentId',
    'requestId',
    'messageId',
    'toolUseID',
    'parentToolUseID',
    'promptId',
    'timestamp',
    'role',
    'id',
    'tool_use_id',
    'model',
    'message.content.*.name',
  ],
  detect(value) {
    if (!isRecord(value) || typeof value.type !== 'string') return false;
    if ('session_id' in value) return false;
    // A Codex rollout line (`{timestamp, type, payload}`) holds its item under `payload`, which no
    // Claude Code entry has: its `compacted` lines would otherwise pass the checks below.
    if (isRecord(value.payload)) return false;
    // Claude Code's entry types are lower-case words joined by hyphens; AWF ExchangeEvents also
    // carry `type` and `timestamp`, but their types are dotted (`run.started`).
    if (!ENTRY_TYPE.test(value.type)) return false;
    // A Gemini CLI message (`{id, timestamp, type, content}`) names itself by `id` and holds its
    // parts in a top-level `content`; a Claude Code entry with a `timestamp` is named by `uuid`.
    if (typeof value.id === 'string' && 'content' in value && !('uuid' in value)) return false;
    return (
      typeof value.sessionId === 'string' ||
      typeof value.timestamp === 'string' ||
      typeof value.leafUuid === 'string' ||
      OWN_TYPES.has(value.type) ||
      (value.type === 'file-history-snapshot' && isRecord(value.snapshot))
    );
  },
  load: async () => {
    const { claudeCodeDecoder } = await import('./decoder.js');
    return { decoder: (options) => claudeCodeDecoder(options as ClaudeCodeDecodeOptions) };
  },
  facets: {
    redaction: async () => (await import('./redact.js')).claudeCodeRedaction,
    clip: async () => (await import('./clip.js')).claudeCodeProfile,
    usage: async () => (await import('./usage.js')).claudeCodeUsage,
  },
};
