import type { Event, TokenCounts } from '../../events/event.js';
import type { EncodeOptions, Encoder } from '../adapter.js';
import { conversationOnly } from '../conversation-only.js';
import { contentBlock } from './content-block.js';
import { awfMeta, type AwfMeta } from './envelope.js';
import { AWF_FIDELITIES, type AwfFidelity } from './vocabulary.js';

/** The time written when an event has none and its run had none before: Go's zero time. */
export const AWF_ZERO_TIME = '0001-01-01T00:00:00Z';

interface Run {
  seq: number;
  time?: string;
  parent?: string;
  /** The session_start's agent: the name of a `run.completed` payload written for it. */
  agent?: string;
  started: boolean;
}

/** A message being gathered: the blocks of one AWF message, or one provider reply. */
interface Group {
  readonly key: string;
  readonly first: Event;
  readonly a: AwfMeta | undefined;
  readonly type: string;
  readonly role: unknown;
  readonly blocks: unknown[];
  usage?: Record<string, number>;
}

/**
 * The StepPayload of a `run.completed` for a session_end of another format: the final text as the
 * run's `result`, and its totals in extra fields `total_tokens` / `duration_ms`; null when it has
 * none of these (as AWF writes a run's end).
 */
function runEnd(ev: Extract<Event, { kind: 'session_end' }>, r: Run): unknown {
  if (ev.text === undefined && ev.totalTokens === undefined && ev.durationMs === undefined) {
    return null;
  }
  const p: Record<string, unknown> = { name: r.agent ?? '', kind: 'workflow' };
  if (ev.text !== undefined) p.result = ev.text;
  if (ev.totalTokens !== undefined) p.total_tokens = ev.totalTokens;
  if (ev.durationMs !== undefined) p.duration_ms = ev.durationMs;
  return p;
}

function fidelity(a: AwfMeta | undefined, dflt: AwfFidelity): AwfFidelity {
  const f = a?.fidelity;
  return (AWF_FIDELITIES as readonly unknown[]).includes(f) ? (f as AwfFidelity) : dflt;
}

function usageWire(t: TokenCounts): Record<string, number> {
  const out: Record<string, number> = {};
  if (t.input !== undefined) out.input_tokens = t.input;
  if (t.output !== undefined) out.output_tokens = t.output;
  if (t.cacheWrite !== undefined) out.cache_creation_input_tokens = t.cacheWrite;
  if (t.cacheRead !== undefined) out.cache_read_input_tokens = t.cacheRead;
  return out;
}

/** The block an event is, inside a message (undefined: the event is not a block). */
function blockOf(ev: Event, a: AwfMeta | undefined): unknown {
  switch (ev.kind) {
    case 'user_message':
      return contentBlock({ type: 'text', fidelity: fidelity(a, 'router'), text: ev.text });
    case 'assistant_message':
      return contentBlock({ type: 'text', fidelity: fidelity(a, 'agent_emitted'), text: ev.text });
    case 'thinking':
      return contentBlock({
        type: 'thinking',
        fidelity: fidelity(a, 'agent_emitted'),
        thinking: ev.text,
      });
    case 'tool_call':
      return contentBlock({
        type: 'tool_use',
        fidelity: fidelity(a, 'agent_emitted'),
        tool_name: ev.name,
        tool_id: ev.callId,
        tool_input: ev.input,
      });
    case 'tool_result':
      return contentBlock({
        type: 'tool_result',
        fidelity: fidelity(a, 'agent_emitted'),
        tool_id: ev.callId,
        // Go omits a nil interface, so AWF never writes `tool_content: null` (an error result).
        tool_content: ev.output === null ? undefined : ev.output,
      });
    case 'notice':
      return a?.rawBlock;
    case 'unknown':
      return ev.record;
    default:
      return undefined;
  }
}

/**
 * Canonical events to AWF ExchangeEvents. Every envelope is valid: `seq` from 1 per run (so a gap
 * read in the input is closed), `run_id` the session, `parent_run_id` on every envelope of a run
 * whose `session_start` names a parent, `path` / `iteration` from the source when it was AWF (else
 * `""` / `0`), `timestamp` the event's time (else the run's last, else Go's zero time). Events
 * read from AWF are written back as they were read (their blocks regrouped into their message,
 * unknown event and block types unchanged); events of other formats become `message.user`,
 * `message.assistant` (consecutive text, thinking and tool calls of one reply, as `text`,
 * `thinking` and `tool_use` blocks), `tool.result`, `run.started` (written first when a run has
 * no `session_start`) and `run.completed`. Usage is written in the reply's payload as `usage`.
 * Compaction, title and notices of other formats have no AWF form and are not written. A session
 * with no conversation in it makes no run (see {@link conversationOnly}).
 */
export function awfEncoder(_options: EncodeOptions = {}): Encoder {
  return conversationOnly(runsEncoder());
}

function runsEncoder(): Encoder {
  const runs = new Map<string, Run>();
  let group: Group | undefined;
  let anon = 0;

  const runOf = (session: string): Run => {
    let r = runs.get(session);
    if (!r) runs.set(session, (r = { seq: 0, started: false }));
    return r;
  };

  const envelope = (ev: Event, type: string, payload: unknown, a?: AwfMeta): unknown => {
    const r = runOf(ev.session);
    if (ev.time) r.time = ev.time;
    r.seq += 1;
    const out: Record<string, unknown> = { seq: r.seq, run_id: ev.session };
    const parent = a?.parentRunId ?? r.parent;
    if (parent) out.parent_run_id = parent;
    if (a?.childRunId) out.child_run_id = a.childRunId;
    out.type = type;
    out.path = a?.path ?? '';
    out.iteration = a?.iteration ?? 0;
    out.timestamp = ev.time ?? r.time ?? AWF_ZERO_TIME;
    out.payload = payload;
    return out;
  };

  const flush = (out: unknown[]): void => {
    if (!group) return;
    const g = group;
    group = undefined;
    const payload: Record<string, unknown> | unknown[] =
      g.role === undefined ? g.blocks : { role: g.role, blocks: g.blocks };
    if (!Array.isArray(payload)) {
      if (g.usage) payload.usage = g.usage;
      // Extra fields (AWF's readers ignore fields they do not know): what ties a late usage to its
      // reply, and a user entry's role where "first text block = the prompt" would be wrong.
      if (g.first.messageId !== undefined) payload.message_id = g.first.messageId;
      const role = g.first.kind === 'user_message' ? g.first.role : undefined;
      if (role !== undefined && role !== 'prompt') payload.user_role = role;
    }
    out.push(envelope(g.first, g.type, payload, g.a));
  };

  const join = (
    out: unknown[],
    key: string,
    ev: Event,
    a: AwfMeta | undefined,
    b?: unknown,
  ): Group => {
    if (group?.key !== key) {
      flush(out);
      const user = ev.kind === 'user_message';
      const type = a?.type ?? (user ? 'message.user' : 'message.assistant');
      const role = a ? a.role : user ? 'user' : 'assistant';
      group = { key, first: ev, a, type, role, blocks: [] };
    }
    if (b !== undefined) group.blocks.push(b);
    return group;
  };

  const encode = (ev: Event, out: unknown[]): void => {
    const a = ev.origin.format === 'awf' ? awfMeta(ev.meta) : undefined;
    const r = runOf(ev.session);
    if (!a && !r.started && ev.kind !== 'session_start') {
      flush(out);
      r.started = true;
      out.push(envelope(ev, 'run.started', null));
    }
    if (a?.report) return;
    if (a && (a.block !== undefined || a.usage || a.blocks === 0)) {
      const g = join(out, `${ev.origin.source}\0${ev.origin.line}`, ev, a, blockOf(ev, a));
      if (ev.kind === 'usage') g.usage = usageWire(ev.tokens);
      return;
    }
    if (!a) {
      // Consecutive assistant-side events of one reply (one message id, or none) are one message;
      // its usage closes it.
      const g = group;
      const open =
        g !== undefined &&
        g.a === undefined &&
        g.usage === undefined &&
        g.type === 'message.assistant' &&
        g.first.session === ev.session;
      switch (ev.kind) {
        case 'user_message':
          join(out, `u${anon++}`, ev, undefined, blockOf(ev, undefined));
          return;
        case 'assistant_message':
        case 'thinking':
        case 'tool_call': {
          const same = open && g.first.messageId === ev.messageId;
          join(out, same ? g.key : `a${anon++}`, ev, undefined, blockOf(ev, undefined));
          return;
        }
        case 'usage': {
          const same = open && (ev.messageId === undefined || g.first.messageId === ev.messageId);
          const reply = { ...ev, kind: 'assistant_message', text: '' } as const;
          (same ? g : join(out, `a${anon++}`, reply, undefined)).usage = usageWire(ev.tokens);
          return;
        }
      }
    }
    flush(out);
    switch (ev.kind) {
      case 'session_start':
        r.started = true;
        if (ev.parentSession) r.parent = ev.parentSession;
        if (ev.agent) r.agent = ev.agent;
        out.push(envelope(ev, 'run.started', a ? (a.payload ?? null) : null, a));
        return;
      case 'session_end':
        out.push(envelope(ev, 'run.completed', a ? (a.payload ?? null) : runEnd(ev, r), a));
        return;
      case 'tool_call':
        out.push(
          envelope(
            ev,
            'tool.call',
            {
              name: ev.name,
              call_id: ev.callId ?? '',
              input: ev.input ?? null,
              output: (a?.payload as { output?: unknown } | undefined)?.output ?? null,
              fidelity: fidelity(a, 'agent_emitted'),
            },
            a,
          ),
        );
        return;
      case 'tool_result': {
        const error = a?.toolError ?? (ev.isError ? 'error' : undefined);
        out.push(
          envelope(
            ev,
            'tool.result',
            {
              name: ev.name ?? '',
              call_id: ev.callId ?? '',
              input: a?.toolInput ?? null,
              output: ev.output ?? null,
              ...(error ? { error } : {}),
              fidelity: fidelity(a, 'agent_emitted'),
            },
            a,
          ),
        );
        return;
      }
      case 'notice':
        if (a) out.push(envelope(ev, a.type, a.payload ?? null, a));
        return;
      case 'unknown':
        if (a && typeof ev.record === 'object' && ev.record !== null) {
          const fresh = envelope(ev, a.type, null, a) as { seq: number };
          out.push({ ...(ev.record as object), seq: fresh.seq });
        }
        return;
      default:
        return;
    }
  };

  return {
    encode(ev) {
      const out: unknown[] = [];
      encode(ev, out);
      return out;
    },
    end() {
      const out: unknown[] = [];
      flush(out);
      return out;
    },
  };
}
