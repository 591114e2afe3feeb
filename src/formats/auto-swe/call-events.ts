import type { BoundedMap } from '../../events/bounded-map.js';
import { EVENT_VERSION, type Event } from '../../events/event.js';
import type { Message, Part, ProviderCall } from './call.js';
import type { UnansweredCalls } from './unanswered-calls.js';

/**
 * What the calls of one conversation share: tool names by call id (for results that name no
 * tool), the calls still unanswered that came without an id, and the id a call without one gets.
 */
export interface Conversation {
  readonly names: BoundedMap<string, string>;
  readonly unanswered: UnansweredCalls;
  /** A new deterministic id for a call that came without one (docs/formats/auto-swe.md). */
  readonly mint: () => string;
}

/** What every event of one record shares: session, time, origin, and `meta.autoSwe`. */
export interface RecordBase {
  readonly session: string;
  readonly time?: string;
  readonly origin: { readonly format: string; readonly source: string; readonly line: number };
  /** `meta.autoSwe`: the record kind it came from (`source`), the provider, ... */
  readonly autoSwe: Readonly<Record<string, unknown>>;
}

/** An event of a record: the base's fields, then `fields` (in that order). */
export function recordEvent(base: RecordBase, fields: Record<string, unknown>): Event {
  const ev: Record<string, unknown> = { v: EVENT_VERSION, session: base.session };
  if (base.time !== undefined) ev.time = base.time;
  ev.origin = base.origin;
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) ev[k] = v;
  ev.meta = { autoSwe: base.autoSwe };
  return ev as unknown as Event;
}

/**
 * A part as an event's own fields. A call without an id gets a minted one and waits for its
 * result; a result without an id takes the oldest unanswered call of its name; a result's tool
 * name is looked up from its call.
 */
function partFields(part: Part, role: Message['role'], c: Conversation): Record<string, unknown> {
  switch (part.kind) {
    case 'text':
      return role === 'assistant'
        ? { kind: 'assistant_message', text: part.text }
        : { kind: 'user_message', text: part.text, role: 'prompt' };
    case 'thinking':
      return {
        kind: 'thinking',
        text: part.text,
        signature: part.signature,
        ...(part.redacted ? { redacted: true } : {}),
      };
    case 'tool_call': {
      let callId = part.callId;
      if (callId === undefined) {
        callId = c.mint();
        c.unanswered.called(part.name, callId);
      }
      c.names.set(callId, part.name);
      return { kind: 'tool_call', callId, name: part.name, input: part.input ?? {} };
    }
    case 'tool_result': {
      const callId =
        part.callId ?? (part.name !== undefined ? c.unanswered.answer(part.name) : undefined);
      return {
        kind: 'tool_result',
        callId,
        name: part.name ?? (callId !== undefined ? c.names.get(callId) : undefined),
        output: part.output,
        ...(part.isError ? { isError: true } : {}),
      };
    }
    case 'unknown':
      return { kind: 'unknown', record: part.record };
  }
}

/**
 * The request messages a call adds to its conversation: all of them on a session's first call,
 * else those after the request's last assistant message (the ones before were given by the calls
 * before it, whose replies are that history). System messages are instructions: left out.
 */
export function newMessages(request: readonly Message[], first: boolean): readonly Message[] {
  let from = 0;
  if (!first) {
    for (let i = request.length - 1; i >= 0; i--) {
      if (request[i]!.role === 'assistant') {
        from = i + 1;
        break;
      }
    }
  }
  return request.slice(from).filter((m) => m.role !== 'system');
}

/**
 * The events of one model call: the new request messages (user side), the reply's parts (with
 * the model and reply id), and one `usage` event with the reply's stop reason. A reply that
 * reported no usage (a stream cut before its counts) gives no `usage` event, as no other reader
 * gives one without counts (it would read as a report of nothing for that reply id): its stop
 * reason goes on its last text or call, where the Claude Code reader puts one.
 */
export function callEvents(
  base: RecordBase,
  call: ProviderCall,
  first: boolean,
  conversation: Conversation,
): Event[] {
  const out: Event[] = [];
  for (const m of newMessages(call.request, first)) {
    for (const p of m.parts) out.push(recordEvent(base, partFields(p, m.role, conversation)));
  }
  const reply = { messageId: call.messageId, model: call.model };
  const parts: Record<string, unknown>[] = call.reply.map((p) => ({
    ...reply,
    ...partFields(p, 'assistant', conversation),
  }));
  if (call.tokens === undefined && call.stopReason !== undefined) {
    const last = parts.findLastIndex(
      (f) => f.kind === 'assistant_message' || f.kind === 'tool_call',
    );
    if (last >= 0) parts[last] = { ...parts[last], stopReason: call.stopReason };
  }
  for (const f of parts) out.push(recordEvent(base, f));
  if (call.tokens !== undefined) {
    out.push(
      recordEvent(base, {
        ...reply,
        kind: 'usage',
        tokens: call.tokens,
        stopReason: call.stopReason,
      }),
    );
  }
  return out;
}
