import { EVENT_VERSION, type Event } from '../../events/event.js';
import { isRecord, type DecodeOptions, type Decoder } from '../adapter.js';
import { RecordRejected } from '../record-rejected.js';
import { responseItemFields } from './response-item.js';
import { sessionOfFile } from './session-of-file.js';
import { modelNamed, TokenDeltas } from './token-deltas.js';

type Fields = Record<string, unknown>;

/** `event_msg`s that repeat, for a UI, what a `response_item` of the same turn holds. */
const MIRRORS: ReadonlySet<string> = new Set([
  'user_message',
  'agent_message',
  'agent_reasoning',
  'agent_reasoning_raw_content',
]);

const s = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Codex rollout lines -> canonical events (docs/formats/codex.md). The conversation is read from
 * the `response_item`s; the `event_msg`s that mirror them for the UI, `turn_context` and other
 * bookkeeping become `unknown` events carrying the line. `token_count` events become one `usage`
 * event per model call (TokenDeltas); the session ends with the running total.
 */
export function codexDecoder(options: DecodeOptions = {}): Decoder {
  const source = typeof options.source === 'string' ? options.source : '-';
  let session = sessionOfFile(source);
  let started = false;
  let lastLine = 0;
  let model: string | undefined;
  let cwd: string | undefined;
  const deltas = new TokenDeltas();
  const names = new Map<string, string>();

  return {
    decode(rec) {
      if (rec.value === undefined) return []; // not JSON: the writer reports it
      const v = rec.value;
      if (!isRecord(v) || typeof v.type !== 'string' || !isRecord(v.payload)) {
        throw new RecordRejected(
          'not a Codex rollout line: {"timestamp","type","payload"} expected',
        );
      }
      const p = v.payload;
      lastLine = rec.line;
      model = modelNamed(v.type, p) ?? model;
      const ev = (kind: string, fields: Fields = {}): Event => {
        const e: Fields = {
          v: EVENT_VERSION,
          session,
          origin: { format: 'codex', source: rec.source, line: rec.line },
          kind,
        };
        if (typeof v.timestamp === 'string') e.time = v.timestamp;
        if (cwd !== undefined) e.cwd = cwd;
        for (const k in fields) if (fields[k] !== undefined) e[k] = fields[k];
        return e as unknown as Event;
      };
      const unknown = (why?: Fields): Event =>
        ev('unknown', {
          record: v,
          meta: { codex: { type: v.type, ...(s(p.type) ? { payloadType: p.type } : {}), ...why } },
        });

      switch (v.type) {
        case 'session_meta': {
          if (started) return [unknown()];
          started = true;
          session = s(p.id) ?? session;
          cwd = s(p.cwd);
          const git = isRecord(p.git) ? p.git : undefined;
          const meta: Fields = {};
          for (const k of ['originator', 'source', 'model_provider', 'timestamp'])
            if (p[k] != null) meta[k] = p[k];
          if (git) meta.git = git;
          return [
            ev('session_start', {
              agent: 'codex',
              cwd,
              project: cwd,
              agentVersion: s(p.cli_version),
              gitBranch: git ? s(git.branch) : undefined,
              meta: { codex: meta },
            }),
          ];
        }
        case 'turn_context':
          cwd = s(p.cwd) ?? cwd;
          return [unknown()];
        case 'compacted': {
          const history = Array.isArray(p.replacement_history)
            ? p.replacement_history.length
            : undefined;
          return [
            ev('compaction', {
              summary: s(p.message),
              ...(history !== undefined
                ? { meta: { codex: { replacementHistory: history } } }
                : {}),
            }),
          ];
        }
        case 'response_item': {
          const item = responseItemFields(p, names);
          if (!item) return [unknown()];
          const assistantSide = item.kind !== 'user_message' && item.kind !== 'tool_result';
          return [ev(item.kind, { ...item.fields, model: assistantSide ? model : undefined })];
        }
        case 'event_msg': {
          if (p.type === 'token_count') {
            const call = deltas.take(p);
            if (!call) return [unknown({ counted: false })];
            const tokens: Fields = {
              input: call.input - call.cached,
              output: call.output,
              cacheRead: call.cached,
            };
            const meta = {
              codex: { reasoningOutputTokens: call.reasoning, totalTokens: call.total },
            };
            return [ev('usage', { tokens, model, meta })];
          }
          if (p.type === 'turn_aborted') {
            return [
              ev('notice', {
                text: `turn aborted: ${s(p.reason) ?? 'unknown reason'}`,
                subtype: 'turn_aborted',
              }),
            ];
          }
          return [unknown(MIRRORS.has(p.type as string) ? { mirror: true } : undefined)];
        }
        default:
          return [unknown()];
      }
    },
    end() {
      if (!started) return [];
      const e: Fields = {
        v: EVENT_VERSION,
        session,
        origin: { format: 'codex', source, line: lastLine },
        kind: 'session_end',
        meta: { codex: { synthesized: true } },
      };
      // Codex writes no closing line; the running total of the last token_count is the session's.
      if (deltas.total) e.totalTokens = deltas.total.total;
      return [e as unknown as Event];
    },
  };
}
