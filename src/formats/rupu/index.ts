import { isRecord, type FormatAdapter } from '../adapter.js';

/** rupu agent transcripts, v1 and v2: every line is exactly `{"type": "<event>", "data": {…}}`. */
export const rupu: FormatAdapter = {
  id: 'rupu',
  summary: 'rupu agent transcripts, v1 and v2 ({"type","data"} lines)',
  reference: 'shared/specs/rupu-transcripts.md',
  // Event type and the ids that link runs, turns, messages and outcomes.
  identity: [
    'type',
    'run_id',
    'workspace_id',
    'turn_idx',
    'id',
    'call_id',
    'tool_call_id',
    'outcome_id',
    'message_ids',
  ],
  detect(value) {
    if (!isRecord(value) || typeof value.type !== 'string' || !isRecord(value.data)) return false;
    for (const key in value) if (key !== 'type' && key !== 'data') return false;
    return /^[a-z][a-z0-9_]*$/.test(value.type);
  },
  writable: true,
  load: async () => {
    const [{ rupuDecoder }, { rupuEncoder }] = await Promise.all([
      import('./decoder.js'),
      import('./encoder.js'),
    ]);
    return { decoder: rupuDecoder, encoder: rupuEncoder };
  },
  facets: {
    redaction: async () => (await import('./redact.js')).rupuRedaction,
    usage: async () => (await import('./usage.js')).rupuUsage,
    replay: async () => (await import('./replay.js')).rupuReplayer,
  },
};
