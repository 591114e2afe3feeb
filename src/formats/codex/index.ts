import { isRecord, type FormatAdapter } from '../adapter.js';

/** The `type`s of Codex's `RolloutItem` (codex-rs/protocol/src/protocol.rs; docs/formats/codex.md). */
export const ROLLOUT_TYPES: ReadonlySet<string> = new Set([
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'compacted',
]);

/**
 * Codex CLI rollouts (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`): every line is a
 * `RolloutLine`, exactly `{"timestamp", "type", "payload"}` with `type` one of the `RolloutItem`
 * variants. Claude Code entries have no `payload`, AWF events carry `seq` and `run_id`, so the
 * three keys (and `clipped`, which `clip` adds) and the closed set of types keep it apart from both.
 */
export const codex: FormatAdapter = {
  id: 'codex',
  summary: 'Codex CLI rollouts ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl)',
  reference: 'docs/formats/codex.md (openai/codex codex-rs/protocol)',
  // The rollout item's and the payload's type, time, and the ids that link calls, outputs and turns.
  identity: ['type', 'timestamp', 'id', 'call_id', 'role', 'model', 'turn_id'],
  detect(value) {
    if (!isRecord(value) || typeof value.type !== 'string' || !isRecord(value.payload)) {
      return false;
    }
    if (typeof value.timestamp !== 'string' || !ROLLOUT_TYPES.has(value.type)) return false;
    for (const key in value) {
      if (key !== 'timestamp' && key !== 'type' && key !== 'payload' && key !== 'clipped') {
        return false;
      }
    }
    return true;
  },
  load: async () => {
    const { codexDecoder } = await import('./decoder.js');
    return { decoder: codexDecoder };
  },
  facets: {
    redaction: async () => (await import('./redact.js')).codexRedaction,
    clip: async () => (await import('./clip.js')).codexProfile,
    usage: async () => (await import('./usage.js')).codexUsage,
  },
};
