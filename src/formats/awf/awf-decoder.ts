import { EVENT_VERSION, type Event, type EventBase, type TokenCounts } from '../../events/event.js';
import type { Rec } from '../../stream/rec.js';
import { isRecord, type DecodeOptions, type Decoder } from '../adapter.js';
import { dispatchPayload, readEnvelope, type AwfMeta, type ExchangeEvent } from './envelope.js';
import { isAwfBlockType, isAwfEventType } from './vocabulary.js';

type Base = Omit<Event, 'kind'> & Record<string, unknown>;
/** The fields of one kind of event beyond those every event has. */
type Body = Event extends infer E ? (E extends Event ? Omit<E, keyof EventBase> : never) : never;

/** Token counts from a payload's `usage` (written by txpipe's AWF writer), when it has any. */
function tokensOf(usage: unknown): TokenCounts | undefined {
  if (!isRecord(usage)) return undefined;
  const n = (k: string): number | undefined =>
    typeof usage[k] === 'number' ? (usage[k] as number) : undefined;
  const t: Record<string, number> = {};
  const map: [keyof TokenCounts, string][] = [
    ['input', 'input_tokens'],
    ['output', 'output_tokens'],
    ['cacheWrite', 'cache_creation_input_tokens'],
    ['cacheRead', 'cache_read_input_tokens'],
  ];
  for (const [to, from] of map) if (n(from) !== undefined) t[to] = n(from)!;
  return Object.keys(t).length > 0 ? t : undefined;
}

type UserRole = NonNullable<Extract<Event, { kind: 'user_message' }>['role']>;
/** The roles a `user_role` payload field (written by txpipe's AWF writer) may hold. */
const USER_ROLES: readonly UserRole[] = ['prompt', 'command', 'meta', 'interrupt'];

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Decoder options: `maxToolNames` bounds the call ids remembered to name tool results. */
export const awfDecodeDefaults = { maxToolNames: 10_000 } as const;

/**
 * AWF ExchangeEvents to canonical events. Run lifecycle events are `session_start` /
 * `session_end`; step events (call_workflow included) are `notice`s with the step in `meta.awf`;
 * each block of a message is one event (`text` a message, `thinking`, `tool_use` a `tool_call`,
 * `tool_result`, `command` / `stream` a `notice`); `tool.call` / `tool.result` are `tool_call` /
 * `tool_result`. Unknown event types, unknown block types and lines that are not envelopes are
 * `unknown` events holding the value whole. A `seq` that does not follow the previous one by 1
 * (from 1) is reported as a `notice` (subtype `seq_gap`) and reading goes on.
 */
export function awfDecoder(options: DecodeOptions = {}): Decoder {
  const source = typeof options.source === 'string' ? options.source : '-';
  let lastSeq = 0;
  const maxToolNames =
    typeof options.maxToolNames === 'number' && options.maxToolNames >= 0
      ? options.maxToolNames
      : awfDecodeDefaults.maxToolNames;
  // Tool names by call id, to name a result whose payload does not; the oldest go first.
  const toolNames = new Map<string, string>();
  const remember = (callId: string, name: string): void => {
    toolNames.set(callId, name);
    if (toolNames.size > maxToolNames) toolNames.delete(toolNames.keys().next().value!);
  };

  const base = (rec: Rec, env: ExchangeEvent, awf: AwfMeta): Base => ({
    v: EVENT_VERSION,
    session: env.run_id,
    time: env.timestamp,
    origin: { format: 'awf', source: rec.source ?? source, line: rec.line },
    id: String(env.seq),
    meta: { awf },
  });

  // One fresh object per event (Object.assign onto it: spreading the base is several times slower).
  const make = (rec: Rec, env: ExchangeEvent, awf: AwfMeta, body: Body): Event =>
    Object.assign(base(rec, env, awf), body) as Event;

  const seqReport = (rec: Rec, env: ExchangeEvent, awf: AwfMeta): Event[] => {
    const expected = lastSeq + 1;
    const seen = env.seq;
    lastSeq = Math.max(lastSeq, seen);
    if (seen === expected) return [];
    const text =
      seen > expected
        ? `seq ${seen} follows ${expected - 1}: ${seen - expected} missing (seq must rise by 1 from 1)`
        : `seq ${seen} is not above ${expected - 1} (seq must be strictly monotonic)`;
    const report: AwfMeta = { ...awf, report: 'seq_gap' };
    return [
      make(rec, env, report, {
        kind: 'notice',
        subtype: 'seq_gap',
        level: 'warning',
        text,
      }),
    ];
  };

  const blockEvents = (
    rec: Rec,
    env: ExchangeEvent,
    awf: AwfMeta,
    blocks: readonly unknown[],
    user: boolean,
    userRole: UserRole | undefined,
  ): Event[] => {
    const out: Event[] = [];
    blocks.forEach((b, i) => {
      const at: AwfMeta = { ...awf, block: i, blocks: blocks.length };
      if (!isRecord(b) || !isAwfBlockType(b.type)) {
        out.push(make(rec, env, at, { kind: 'unknown', record: b }));
        return;
      }
      const m: AwfMeta = { ...at, fidelity: b.fidelity };
      switch (b.type) {
        case 'text':
          out.push(
            user
              ? // The first text is the resolved prompt; a later one is the composed system prompt.
                make(rec, env, m, {
                  kind: 'user_message',
                  text: String(b.text ?? ''),
                  role: i === 0 ? (userRole ?? 'prompt') : 'meta',
                })
              : make(rec, env, m, { kind: 'assistant_message', text: String(b.text ?? '') }),
          );
          break;
        case 'thinking':
          out.push(make(rec, env, m, { kind: 'thinking', text: String(b.thinking ?? '') }));
          break;
        case 'tool_use': {
          const name = String(b.tool_name ?? '');
          if (str(b.tool_id)) remember(b.tool_id as string, name);
          out.push(
            make(rec, env, m, {
              kind: 'tool_call',
              callId: str(b.tool_id),
              name,
              input: b.tool_input,
            }),
          );
          break;
        }
        case 'tool_result': {
          const callId = str(b.tool_id);
          const name = callId ? toolNames.get(callId) : undefined;
          out.push(
            make(rec, env, m, {
              kind: 'tool_result',
              callId,
              name,
              output: b.tool_content ?? null,
            }),
          );
          break;
        }
        default: {
          const text = String(b.command ?? b.text ?? b.chunk ?? '');
          out.push(
            make(
              rec,
              env,
              { ...at, fidelity: b.fidelity, rawBlock: b },
              {
                kind: 'notice',
                subtype: b.type,
                text,
              },
            ),
          );
        }
      }
    });
    return out;
  };

  const toolEvent = (
    rec: Rec,
    env: ExchangeEvent,
    awf: AwfMeta,
    tool: Readonly<Record<string, unknown>>,
  ): Event => {
    const callId = str(tool.call_id);
    const name = String(tool.name ?? '');
    if (env.type === 'tool.result') {
      const error = str(tool.error);
      const m: AwfMeta = {
        ...awf,
        fidelity: tool.fidelity,
        toolInput: tool.input ?? undefined,
        toolError: error,
      };
      return make(rec, env, m, {
        kind: 'tool_result',
        callId,
        name: name || (callId ? toolNames.get(callId) : undefined),
        output: tool.output ?? null,
        isError: error ? true : undefined,
      });
    }
    if (callId) remember(callId, name);
    const m: AwfMeta = {
      ...awf,
      fidelity: tool.fidelity,
      payload: tool.output == null ? undefined : { output: tool.output },
    };
    return make(rec, env, m, { kind: 'tool_call', callId, name, input: tool.input ?? null });
  };

  const stepEvent = (
    rec: Rec,
    env: ExchangeEvent,
    awf: AwfMeta,
    step: Readonly<Record<string, unknown>> | undefined,
  ): Event => {
    const m: AwfMeta = { ...awf, payload: step ?? null };
    const error = str(step?.error);
    if (env.type === 'run.started') {
      return make(rec, env, m, {
        kind: 'session_start',
        agent: 'awf',
        parentSession: env.parent_run_id || undefined,
      });
    }
    if (env.type === 'run.completed') {
      // `result` as text, and the extra totals txpipe's writer puts there (none in AWF's own).
      const n = (k: string): number | undefined =>
        typeof step?.[k] === 'number' ? (step[k] as number) : undefined;
      return make(rec, env, m, {
        kind: 'session_end',
        status: error ? 'error' : 'ok',
        text: typeof step?.result === 'string' ? step.result : undefined,
        totalTokens: n('total_tokens'),
        durationMs: n('duration_ms'),
      });
    }
    const what = step ? `${String(step.name ?? '')} (${String(step.kind ?? '')})` : '(no payload)';
    const child = env.child_run_id ? ` -> run ${env.child_run_id}` : '';
    const text = `${env.type} ${what}${child}${error ? `: ${error}` : ''}`;
    return make(rec, env, m, {
      kind: 'notice',
      subtype: env.type,
      level: error ? 'error' : 'info',
      text,
    });
  };

  return {
    decode(rec) {
      if (rec.value === undefined) return [];
      const env = readEnvelope(rec.value);
      const where = { format: 'awf', source: rec.source ?? source, line: rec.line };
      if (typeof env === 'string') {
        const session =
          isRecord(rec.value) && typeof rec.value.run_id === 'string' ? rec.value.run_id : '';
        return [
          {
            v: EVENT_VERSION,
            kind: 'unknown',
            session,
            origin: where,
            record: rec.value,
            meta: { awfInvalid: env },
          },
        ];
      }
      const awf: AwfMeta = {
        seq: env.seq,
        type: env.type,
        runId: env.run_id,
        parentRunId: str(env.parent_run_id),
        childRunId: str(env.child_run_id),
        path: env.path,
        iteration: env.iteration,
      };
      const out = seqReport(rec, env, awf);
      if (!isAwfEventType(env.type)) {
        out.push(make(rec, env, awf, { kind: 'unknown', record: rec.value }));
        return out;
      }
      const p = dispatchPayload(env.payload);
      if (p.kind === 'message' || p.kind === 'blocks') {
        const role = p.kind === 'message' ? p.role : undefined;
        const user = role !== undefined ? role === 'user' : env.type === 'message.user';
        const at: AwfMeta = p.kind === 'message' ? { ...awf, role } : awf;
        const extra = p.kind === 'message' ? (env.payload as Record<string, unknown>) : {};
        const userRole = USER_ROLES.find((r) => r === extra.user_role);
        const from = out.length;
        out.push(...blockEvents(rec, env, at, p.blocks, user, userRole));
        const tokens = tokensOf(extra.usage);
        if (tokens) out.push(make(rec, env, { ...at, usage: true }, { kind: 'usage', tokens }));
        else if (p.blocks.length === 0) {
          // A message with no blocks still happened: kept so that a writer writes it back.
          const m: AwfMeta = { ...at, blocks: 0 };
          out.push(
            make(rec, env, m, {
              kind: 'notice',
              subtype: 'empty_message',
              level: 'info',
              text: '',
            }),
          );
        }
        const messageId = str(extra.message_id);
        if (messageId)
          for (let i = from; i < out.length; i++) Object.assign(out[i]!, { messageId });
      } else if (p.kind === 'tool') {
        out.push(toolEvent(rec, env, awf, p.tool));
      } else if (p.kind === 'step' || p.kind === 'null') {
        out.push(stepEvent(rec, env, awf, p.kind === 'step' ? p.step : undefined));
      } else {
        out.push(make(rec, env, awf, { kind: 'unknown', record: rec.value }));
      }
      return out;
    },
    end: () => [],
  };
}
