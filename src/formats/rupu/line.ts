import type { Event } from '../../events/event.js';
import { resultText } from '../run-record/encoder.js';
import { RawJson, isRecord } from '../adapter.js';

/**
 * One canonical event as one rupu v2 line (the writer's per-event half; `encoder.ts` orders the
 * lines into turns). Fields the reader kept in `meta.rupu` go back on the line, and a line the
 * reader kept whole (`meta.rupuLine`) is written back byte for byte while it still says the same.
 */

/** One rupu line: `{"type": "<event>", "data": {…}}`. */
export type Line = { type: string; data: Record<string, unknown> };

const extra = (ev: Event): Record<string, unknown> => {
  const r = ev.meta?.rupu;
  return isRecord(r) ? r : {};
};

/** A record of rupu's own, carried by an `unknown` event: written back unchanged. */
export function nativeRecord(ev: Event): Line | undefined {
  if (ev.kind !== 'unknown') return undefined;
  const r = ev.record;
  if (isRecord(r) && typeof r.type === 'string' && isRecord(r.data)) return r as Line;
  return undefined;
}

/**
 * The source line itself, when the event still says exactly what it said (the reader keeps
 * `meta.rupuLine` for unknown events and thinking): so they are written back byte for byte. A
 * changed event (redacted, say) no longer matches and is written from its fields.
 */
export function sameLine(ev: Event, line: Line): RawJson | Line {
  const text = ev.meta?.rupuLine;
  if (typeof text !== 'string') return line;
  const written = JSON.stringify(line);
  if (written === text) return new RawJson(text, line); // the common case: compact JSON as read
  try {
    if (JSON.stringify(JSON.parse(text)) === written) return new RawJson(text, line);
  } catch {
    // not JSON: write the line from the fields
  }
  return line;
}

/** Key order of rupu's own lines (the spec's examples), so a rupu file reads back as it was. */
const KEY_ORDER: Readonly<Record<string, readonly string[]>> = {
  run_start: [
    'run_id',
    'workspace_id',
    'agent',
    'provider',
    'model',
    'started_at',
    'mode',
    'schema',
  ],
  usage: ['provider', 'model', 'served_model', 'input_tokens', 'output_tokens', 'cached_tokens'],
};

function ordered(line: Line): Line {
  const order = KEY_ORDER[line.type];
  if (!order) return line;
  const data: Record<string, unknown> = {};
  for (const k of order) if (k in line.data) data[k] = line.data[k];
  for (const [k, v] of Object.entries(line.data)) if (!(k in data)) data[k] = v;
  return { type: line.type, data };
}

/** One canonical event as one rupu line, or none where rupu has no such line. */
export function rupuLine(ev: Event): Line | undefined {
  const line = eventLine(ev);
  return line && ordered(line);
}

function eventLine(ev: Event): Line | undefined {
  const x = extra(ev);
  switch (ev.kind) {
    case 'session_start': {
      const { schema: _s, ...keep } = x;
      return {
        type: 'run_start',
        // rupu's reader requires these: filled from what the events know, else 'unknown'.
        data: {
          run_id: ev.session,
          workspace_id: ev.project ?? ev.cwd ?? 'unknown',
          agent: ev.agent ?? 'unknown',
          provider: ev.model?.startsWith('claude') ? 'anthropic' : 'unknown',
          model: ev.model ?? 'unknown',
          started_at: ev.time ?? 'unknown',
          mode: 'unknown',
          ...keep,
          ...(ev.model !== undefined ? { model: ev.model } : {}),
          ...(ev.time !== undefined ? { started_at: ev.time } : {}),
          schema: 2,
        },
      };
    }
    case 'session_end':
      if (x.synthesized === true) return undefined; // the reader's "aborted": no line was there
      return {
        type: 'run_complete',
        data: {
          run_id: ev.session,
          status: ev.status ?? 'ok',
          ...(ev.totalTokens !== undefined ? { total_tokens: ev.totalTokens } : {}),
          ...(ev.durationMs !== undefined ? { duration_ms: ev.durationMs } : {}),
          ...x,
        },
      };
    case 'user_message':
      // Context the agent wrote for itself (reminders, slash-command output) is what rupu calls an
      // injection; what a person typed, or an interrupt, is a user_message.
      if (ev.role === 'meta' || ev.role === 'command') {
        return {
          type: 'injected',
          data: { source: 'txpipe', kind: ev.role, cadence: 'once', content: ev.text, ...x },
        };
      }
      return { type: 'user_message', data: { content: ev.text, ...x } };
    case 'assistant_message':
      return { type: 'assistant_message', data: { content: ev.text, ...x } };
    case 'thinking': {
      const { v1: _v1, ...keep } = x;
      return {
        type: 'thinking',
        data: {
          content: ev.text,
          ...(ev.signature !== undefined ? { signature: ev.signature } : {}),
          ...keep,
        },
      };
    }
    case 'tool_call':
      return {
        type: 'tool_call',
        data: { call_id: ev.callId ?? '', tool: ev.name, input: ev.input, ...x },
      };
    case 'tool_result': {
      const output = resultText(ev.output ?? '');
      return {
        type: 'tool_result',
        data: {
          call_id: ev.callId ?? '',
          output,
          ...(ev.isError && x.error === undefined ? { error: output } : {}),
          ...x,
        },
      };
    }
    case 'usage':
      return {
        type: 'usage',
        data: {
          ...(ev.model !== undefined ? { model: ev.model } : {}),
          input_tokens: ev.tokens.input ?? 0,
          output_tokens: ev.tokens.output ?? 0,
          cached_tokens: ev.tokens.cacheRead ?? 0,
          ...(ev.tokens.cacheWrite !== undefined
            ? { cache_write_tokens: ev.tokens.cacheWrite }
            : {}),
          ...(ev.purpose !== undefined ? { purpose: ev.purpose } : {}),
          ...x,
        },
      };
    case 'notice':
      return { type: 'notice', data: { kind: ev.subtype ?? 'note', message: ev.text, ...x } };
    case 'compaction':
      return {
        type: 'compaction',
        data: { ...(ev.summary !== undefined ? { summary: ev.summary } : {}), ...x },
      };
    case 'title':
      return { type: 'notice', data: { kind: 'title', message: ev.title } };
    case 'unknown':
      return nativeRecord(ev);
  }
}
