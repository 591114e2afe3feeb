import { isRecord, type FormatAdapter } from '../adapter.js';

/** The record kinds of the spec and the sentinels that end a stream. */
export const RECORD_KINDS: ReadonlySet<string> = new Set([
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
 * The manifest file that makes a folder a stored transcript (gzipped NDJSON parts, each with a
 * sha256; docs/formats/auto-swe.md): such a folder is read as one input, its parts in order.
 */
export const STORED_MANIFEST = 'transcript.json';

/** A record of the content stream: `kind` is one of the record kinds or sentinels. */
const isRecordLine = (v: unknown): boolean =>
  isRecord(v) && typeof v.kind === 'string' && RECORD_KINDS.has(v.kind);

/**
 * auto-swe transcript records (docs/formats/auto-swe.md): `kind` is one of the record kinds the
 * spec lists, or one of the sentinel lines (`eof`, `integrity_error`) that end a content stream
 * read from its API; or a platform export line, `{"transcript": {...}, "record": <such a record>}`.
 * The reader is `auto-swe/decoder.ts`; the format's other facets live in this folder too.
 */
export const autoSwe: FormatAdapter = {
  id: 'auto-swe',
  summary: 'auto-swe transcript records (http_call, harness_*, marker; export lines)',
  reference: 'shared/specs/auto-swe-agent-transcripts.md',
  // Record kind and the ids that link calls, turns and messages.
  identity: [
    'kind',
    'id',
    'request_id',
    'session_id',
    'turn_id',
    'message_id',
    'call_id',
    'tool_call_id',
    'tool_use_id',
    'type',
    'role',
  ],
  detect(value) {
    if (isRecordLine(value)) return true;
    if (!isRecord(value) || !isRecord(value.transcript) || !isRecordLine(value.record))
      return false;
    for (const key in value) if (key !== 'transcript' && key !== 'record') return false;
    return true;
  },
  load: async () => {
    const { autoSweDecoder } = await import('./decoder.js');
    return { decoder: autoSweDecoder };
  },
  facets: {
    redaction: async () => (await import('./redact.js')).autoSweRedaction,
    usage: async () => (await import('./usage.js')).autoSweUsage,
  },
};
