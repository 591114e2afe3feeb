import { basename } from 'node:path';
import { EVENT_VERSION, type Event, type TokenCounts } from '../../events/event.js';
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
      const base = {
        v: EVENT_VERSION,
        session,
        origin: { format: 'rupu', source: rec.source, line: rec.line },
      } as const;
      const meta = (taken: readonly string[]) => {
        const r = rest(data, taken);
        return r ? { meta: { rupu: r } } : {};
      };
      switch (type) {
        case 'run_start': {
          session = str(data.run_id) ?? session;
          started = true;
          return [
            {
              ...base,
              session,
              kind: 'session_start',
              agent: 'rupu',
              ...(str(data.started_at) ? { time: data.started_at as string } : {}),
              ...(str(data.model) ? { model: data.model as string } : {}),
              ...meta(['started_at', 'model']),
            },
          ];
        }
        case 'run_complete':
          completed = true;
          return [
            {
              ...base,
              kind: 'session_end',
              ...(str(data.status) ? { status: data.status as string } : {}),
              ...(num(data.duration_ms) !== undefined
                ? { durationMs: data.duration_ms as number }
                : {}),
              ...(num(data.total_tokens) !== undefined
                ? { totalTokens: data.total_tokens as number }
                : {}),
              ...meta(['status', 'duration_ms', 'total_tokens']),
            },
          ];
        case 'user_message':
          return [
            {
              ...base,
              kind: 'user_message',
              text: str(data.content) ?? '',
              role: 'prompt',
              ...meta(['content']),
            },
          ];
        case 'assistant_message': {
          const out: Event[] = [];
          // Version 1 kept the reasoning as a `thinking` string on the message.
          if (str(data.thinking) !== undefined) {
            out.push({
              ...base,
              kind: 'thinking',
              text: data.thinking as string,
              meta: { rupu: { v1: true } },
            });
          }
          out.push({
            ...base,
            kind: 'assistant_message',
            text: str(data.content) ?? '',
            ...meta(['content', 'thinking']),
          });
          return out;
        }
        case 'thinking':
          // `raw` is the provider's block: the line is kept so the writer can return it byte-exact.
          return [
            {
              ...base,
              kind: 'thinking',
              text: str(data.content) ?? '',
              ...(str(data.signature) ? { signature: data.signature as string } : {}),
              meta: { ...meta(['content', 'signature']).meta, rupuLine: rec.raw },
            },
          ];
        case 'tool_call': {
          const callId = str(data.call_id);
          const name = str(data.tool) ?? '';
          if (callId) toolNames.set(callId, name);
          return [
            {
              ...base,
              kind: 'tool_call',
              ...(callId ? { callId } : {}),
              name,
              input: data.input ?? null,
              ...meta(['call_id', 'tool', 'input']),
            },
          ];
        }
        case 'tool_result': {
          const callId = str(data.call_id);
          const name = callId ? toolNames.get(callId) : undefined;
          return [
            {
              ...base,
              kind: 'tool_result',
              ...(callId ? { callId } : {}),
              ...(name ? { name } : {}),
              output: data.output ?? '',
              ...(data.error !== undefined ? { isError: true } : {}),
              ...meta(['call_id', 'output']),
            },
          ];
        }
        case 'usage': {
          const tokens: TokenCounts = {
            ...(num(data.input_tokens) !== undefined ? { input: data.input_tokens as number } : {}),
            ...(num(data.output_tokens) !== undefined
              ? { output: data.output_tokens as number }
              : {}),
            ...(num(data.cache_write_tokens) !== undefined
              ? { cacheWrite: data.cache_write_tokens as number }
              : {}),
            ...(num(data.cached_tokens) !== undefined
              ? { cacheRead: data.cached_tokens as number }
              : {}),
          };
          return [
            {
              ...base,
              kind: 'usage',
              tokens,
              ...(str(data.model) ? { model: data.model as string } : {}),
              ...(str(data.purpose) ? { purpose: data.purpose as string } : {}),
              ...meta([
                'input_tokens',
                'output_tokens',
                'cache_write_tokens',
                'cached_tokens',
                'model',
                'purpose',
              ]),
            },
          ];
        }
        case 'notice':
          return [
            {
              ...base,
              kind: 'notice',
              text: str(data.message) ?? '',
              ...(str(data.kind) ? { subtype: data.kind as string } : {}),
              ...meta(['message', 'kind']),
            },
          ];
        case 'compaction':
          return [
            {
              ...base,
              kind: 'compaction',
              ...(str(data.summary) ? { summary: data.summary as string } : {}),
              ...meta(['summary']),
            },
          ];
        default:
          return [
            {
              ...base,
              kind: 'unknown',
              record: rec.value,
              meta: { rupu: { type, known: RUPU_EVENT_TYPES.has(type) }, rupuLine: rec.raw },
            },
          ];
      }
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
