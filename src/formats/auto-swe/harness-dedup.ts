import { createHash } from 'node:crypto';
import { BoundedMap } from '../../events/bounded-map.js';
import type { Event } from '../../events/event.js';

/** The two records that tell a non-proxied Claude Code turn. */
export type HarnessSource = 'harness_message' | 'harness_session_file';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const digest = (text: string): string =>
  createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * The names one conversation event answers to in a Claude session `sid`: the entry's `uuid`
 * (an SDK stream message carries its session-file line's) with the event's kind and its place
 * among that entry's events of the kind, and what the event is, where that names it alone: a
 * tool call or result by its call id, a reply's text or thinking by the API message id and the
 * text. An SDK message without `uuid` (older CLIs; a user message without
 * `--replay-user-messages`) still meets its line by the second.
 */
function keysOf(sid: string, e: Event, uuid: string | undefined, nth: number): string[] {
  const v = e as unknown as Record<string, unknown>;
  const keys: string[] = [];
  if (uuid) keys.push(`${sid} u ${uuid} ${e.kind} ${nth}`);
  const callId = str(v.callId);
  const messageId = str(v.messageId);
  if (e.kind === 'tool_call' && callId) keys.push(`${sid} call ${callId}`);
  else if (e.kind === 'tool_result' && callId) keys.push(`${sid} result ${callId}`);
  else if ((e.kind === 'assistant_message' || e.kind === 'thinking') && messageId) {
    keys.push(`${sid} ${e.kind} ${messageId} ${digest(typeof v.text === 'string' ? v.text : '')}`);
  }
  return keys;
}

/** The record that told a conversation event first, and its place among the held events. */
export interface Teller {
  readonly source: HarnessSource;
  /** The held event's sequence number (`HarnessReader`); -1 for one not held. */
  readonly seq: number;
}

/**
 * A non-proxied Claude Code turn is recorded twice: as SDK stream messages while it ran and as
 * the session-file lines it added. Each conversation event is given once, by the record that
 * told it first; the other record's copy gives nothing (docs/formats/auto-swe.md). Only the
 * other source's copy is taken for a repeat, so two like events of one source (the same text
 * twice in a reply) both stay. The names seen are a bounded map: past its bound the oldest are
 * forgotten, and a copy that late is given again rather than memory held without end.
 */
export class HarnessDedup {
  private readonly seen: BoundedMap<string, Teller>;

  constructor(maxKeys = 100_000) {
    this.seen = new BoundedMap(maxKeys);
  }

  /**
   * `events` of one SDK message or session-file line (`uuid` its entry's), `seqs` their places
   * among the held events: for each, the other record that told it first, or undefined when this
   * copy is the first.
   */
  tell(
    sid: string,
    source: HarnessSource,
    uuid: string | undefined,
    events: readonly Event[],
    seqs: readonly number[] = [],
  ): (Teller | undefined)[] {
    const nth = new Map<string, number>();
    return events.map((e, i) => {
      const n = nth.get(e.kind) ?? 0;
      nth.set(e.kind, n + 1);
      const keys = keysOf(sid, e, uuid, n);
      const told = keys.map((k) => this.seen.get(k)).find((t) => t && t.source !== source);
      const mine = told ?? { source, seq: seqs[i] ?? -1 };
      for (const k of keys) if (!this.seen.has(k)) this.seen.set(k, mine);
      return told;
    });
  }

  /** `events` of one SDK message or session-file line (`uuid` its entry's): those not told yet. */
  keep(sid: string, source: HarnessSource, uuid: string | undefined, events: Event[]): Event[] {
    const told = this.tell(sid, source, uuid, events);
    return events.filter((_, i) => told[i] === undefined);
  }
}
