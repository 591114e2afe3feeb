import { isRecord, type FormatAdapter } from '../adapter.js';
import type { StreamJsonDecodeOptions } from './decoder.js';

const TYPES = new Set(['system', 'assistant', 'user', 'result', 'stream_event']);

/**
 * `claude -p --output-format stream-json` output: `system`, `assistant`, `user`, `result` (and
 * with partial messages `stream_event`) objects, with `session_id` in snake case when present and
 * never a session file's `sessionId` or per-entry `timestamp`.
 */
export const claudeStreamJson: FormatAdapter = {
  id: 'claude-stream-json',
  summary: 'claude -p --output-format stream-json output',
  reference: 'docs/formats/claude-stream-json.md',
  // Message kind, session, tool call ids, roles and model.
  identity: [
    'type',
    'subtype',
    'session_id',
    'uuid',
    'parent_tool_use_id',
    'role',
    'id',
    'tool_use_id',
    'model',
    'message.content.*.name',
  ],
  detect(value) {
    if (!isRecord(value) || typeof value.type !== 'string' || !TYPES.has(value.type)) return false;
    if ('sessionId' in value || 'leafUuid' in value || 'timestamp' in value) return false;
    if (value.type === 'assistant' || value.type === 'user') return isRecord(value.message);
    if (value.type === 'result') return 'subtype' in value || 'result' in value || 'usage' in value;
    return true;
  },
  load: async () => {
    const { streamJsonDecoder } = await import('./decoder.js');
    return { decoder: (options) => streamJsonDecoder(options as StreamJsonDecodeOptions) };
  },
  facets: {
    // The same message shape as a session file's entries: the same tool calls and results.
    redaction: async () => (await import('../claude-code/redact.js')).claudeCodeRedaction,
  },
};
