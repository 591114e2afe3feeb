import { isRecord, type FormatAdapter } from '../adapter.js';

const KINDS = new Set([
  'http_call',
  'harness_turn',
  'harness_message',
  'harness_session_file',
  'marker',
  // The sentinels that end a content or export stream (`GET .../content`).
  'eof',
  'integrity_error',
]);

/**
 * auto-swe transcript records: `kind` is one of the record kinds the spec lists, or one of the
 * sentinel lines (`eof`, `integrity_error`) that end a content stream read from its API.
 */
export const autoSwe: FormatAdapter = {
  id: 'auto-swe',
  summary: 'auto-swe transcript records (http_call, harness_*, marker)',
  reference: 'shared/specs/auto-swe-agent-transcripts.md',
  detect(value) {
    return isRecord(value) && typeof value.kind === 'string' && KINDS.has(value.kind);
  },
  load: () => Promise.resolve({}),
  facets: {
    usage: async () => (await import('./usage.js')).autoSweUsage,
  },
};
