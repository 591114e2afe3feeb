import { basename } from 'node:path';
import { EVENT_VERSION, type Event } from '../../events/event.js';
import type { Rec } from '../../stream/rec.js';
import { isRecord, type DecodeOptions, type Decoder } from '../adapter.js';
import { RecordRejected } from '../record-rejected.js';

/**
 * rupu transcript lines -> canonical events (shared/specs/rupu-transcripts.md).
 *
 * Conversation events map to canonical kinds; every field the canonical event does not hold is
 * kept in `meta.rupu` so the rupu writer can put it back. Lines with no canonical counterpart
 * (turn_start, turn_end, deltas, tool_grant, tool_audit, net_flow, ... and types this reader does
 * not know) become `unknown` events carrying the whole record, so they are written back unchanged.
 */

/** rupu `type`s this reader knows; any other is an unknown event (kept, never an error). */
export const RUPU_EVENT_TYPES: ReadonlySet<string> = new Set([
  'run_start',
  'run_complete',
  'turn_start',
  'turn_end',
  'usage',
  'user_message',
  'assistant_delta',
  'assistant_message',
  'thinking_delta',
  'thinking',
  'assistant_block',
  'tool_call',
  'tool_result',
  'file_edit',
  'command_run',
  'action_emitted',
  'gate_requested',
  'tool_audit',
  'tool_grant',
  'skill_index',
  'skill_load',
  'seed',
  'message',
  'injected',
  'outcome',
  'recovery',
  'notice',
  'compaction',
  'net_flow',
]);

type Data = Record<string, unknown>;

/** `data` without the keys a canonical field already holds. */
function rest(data: Data, taken: readonly string[]): Data | undefined {
  let out: Data | undefined;
  for (const [k, v] of Object.entries(data)) {
    if (taken.includes(k)) continue;
    (out ??= {})[k] = v;
  }
  return out;
}

type Fields = Record<string, unknown>;

/** Sets a field only when it has a value (optional fields are left out, never undefined). */
function put(o: Fields, key: string, value: unknown): void {
  if (value !== undefined) o[key] = value;
}

const USAGE_KEYS: readonly string[] = [
  'input_tokens',
  'output_tokens',
  'cache_write_tokens',
  'cached_tokens',
  'model',
  'purpose',
];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** Checks the envelope; a line that is not `{type: string, data?}` is corrupt (spec: Unknown events). */
export function rupuEnvelope(rec: Rec): { type: string; data: Data } {
  const v = rec.value;
  if (!isRecord(v) || typeof v.type !== 'string') {
    throw new RecordRejected('not a rupu event: a line must be a JSON object with a string "type"');
  }
  return { type: v.type, data: isRecord(v.data) ? v.data : {} };
}

export function rupuDecoder(options: DecodeOptions = {}): Decoder {
  const source = typeof options.source === 'string' ? options.source : '-';
  // The file name is the run id (spec: Where transcripts live); run_start repeats it.
  let session = source === '-' ? 'rupu' : basename(source).replace(/\.jsonl?$/, '');
  let started = false;
  let completed = false;
  let lastLine = 0;
  const toolNames = new Map<string, string>();

  return {
    decode(rec) {
      if (rec.value === undefined) return []; // not JSON: the writer reports it
      const { type, data } = rupuEnvelope(rec);
      lastLine = rec.line;
      if (type === 'run_start') {
        session = str(data.run_id) ?? session;
        started = true;
      }
      // Events are built by assignment, not by spreading (much cheaper on many small lines).
      const ev = (kind: Event['kind'], taken?: readonly string[]): Fields => {
        const e: Fields = {
          v: EVENT_VERSION,
          session,
          origin: { format: 'rupu', source: rec.source, line: rec.line },
          kind,
        };
        if (taken) {
          const r = rest(data, taken);
          if (r) e.meta = { rupu: r };
        }
        return e;
      };
      let e: Fields;
      switch (type) {
        case 'run_start':
          e = ev('session_start', ['started_at', 'model']);
          e.agent = 'rupu';
          put(e, 'time', str(data.started_at));
          put(e, 'model', str(data.model));
          break;
        case 'run_complete':
          completed = true;
          e = ev('session_end', ['status', 'duration_ms', 'total_tokens']);
          put(e, 'status', str(data.status));
          put(e, 'durationMs', num(data.duration_ms));
          put(e, 'totalTokens', num(data.total_tokens));
          break;
        case 'user_message':
          e = ev('user_message', ['content']);
          e.text = str(data.content) ?? '';
          e.role = 'prompt';
          break;
        case 'assistant_message': {
          e = ev('assistant_message', ['content', 'thinking']);
          e.text = str(data.content) ?? '';
          // Version 1 kept the reasoning as a `thinking` string on the message.
          if (str(data.thinking) === undefined) break;
          const t = ev('thinking');
          t.text = data.thinking;
          t.meta = { rupu: { v1: true } };
          return [t as unknown as Event, e as unknown as Event];
        }
        case 'thinking':
          // `raw` is the provider's block: the line is kept so the writer can return it byte-exact.
          e = ev('thinking', ['content', 'signature']);
          e.text = str(data.content) ?? '';
          put(e, 'signature', str(data.signature));
          e.meta = { ...(e.meta as object | undefined), rupuLine: rec.raw };
          break;
        case 'tool_call': {
          e = ev('tool_call', ['call_id', 'tool', 'input']);
          const callId = str(data.call_id);
          const name = str(data.tool) ?? '';
          if (callId) toolNames.set(callId, name);
          put(e, 'callId', callId);
          e.name = name;
          e.input = data.input ?? null;
          break;
        }
        case 'tool_result': {
          e = ev('tool_result', ['call_id', 'output']);
          const callId = str(data.call_id);
          put(e, 'callId', callId);
          put(e, 'name', callId ? toolNames.get(callId) : undefined);
          e.output = data.output ?? '';
          if (data.error !== undefined) e.isError = true;
          break;
        }
        case 'usage': {
          e = ev('usage', USAGE_KEYS);
          const tokens: Fields = {};
          put(tokens, 'input', num(data.input_tokens));
          put(tokens, 'output', num(data.output_tokens));
          put(tokens, 'cacheWrite', num(data.cache_write_tokens));
          put(tokens, 'cacheRead', num(data.cached_tokens));
          e.tokens = tokens;
          put(e, 'model', str(data.model));
          put(e, 'purpose', str(data.purpose));
          break;
        }
        case 'notice':
          e = ev('notice', ['message', 'kind']);
          e.text = str(data.message) ?? '';
          put(e, 'subtype', str(data.kind));
          break;
        case 'compaction':
          e = ev('compaction', ['summary']);
          put(e, 'summary', str(data.summary));
          break;
        default:
          e = ev('unknown');
          e.record = rec.value;
          e.meta = { rupu: { type, known: RUPU_EVENT_TYPES.has(type) }, rupuLine: rec.raw };
          break;
      }
      return [e as unknown as Event];
    },
    end() {
      // No run_complete: killed, crashed or still going; rupu lists it as aborted.
      if (!started || completed) return [];
      return [
        {
          v: EVENT_VERSION,
          session,
          origin: { format: 'rupu', source, line: lastLine },
          kind: 'session_end',
          status: 'aborted',
          meta: { rupu: { synthesized: true } },
        },
      ];
    },
  };
}
