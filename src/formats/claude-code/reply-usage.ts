import type { Event, TokenCounts, UsageEvent } from '../../events/event.js';
import { isRecord } from '../adapter.js';
import type { Base } from './content-blocks.js';
import { eventOf } from './event-of.js';

/** Blank as Go's `strings.TrimSpace` sees it. */
const BLANK = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** Which entry of a reply its usage is taken from (DESIGN §5). */
export type ReplyUsage = 'last' | 'first';

/** Anthropic usage -> TokenCounts; a count that is not a number is unknown, and left out. */
export function tokenCounts(usage: unknown): TokenCounts | undefined {
  if (!isRecord(usage)) return undefined;
  const n = (v: unknown): number | undefined =>
    typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
  const t: Record<string, number> = {};
  const pairs: [string, unknown][] = [
    ['input', usage.input_tokens],
    ['output', usage.output_tokens],
    ['cacheWrite', usage.cache_creation_input_tokens],
    ['cacheRead', usage.cache_read_input_tokens],
  ];
  for (const [k, v] of pairs) {
    const x = n(v);
    if (x !== undefined) t[k] = x;
  }
  return Object.keys(t).length > 0 ? t : undefined;
}

interface Open {
  readonly key: string;
  base: Base;
  tokens?: TokenCounts;
  stopReason?: string;
  /** first mode: usage already emitted / stop reason already placed. */
  usageDone: boolean;
  stopDone: boolean;
}

/**
 * One `usage` event per provider reply. Claude Code stores a reply as several entries sharing
 * `message.id`, each repeating usage and stop reason, and `output_tokens` grows across them.
 *
 * - `last` (default): the reply's final counts and last stop reason, emitted when the reply ends
 *   (an entry of another reply, a user prompt, a compaction, or the end of input).
 * - `first`: Flockdeck's rule, reproduced exactly: the usage of the first entry that gives a line
 *   (text or tool call) and has one, emitted before that entry's events; the stop reason on the
 *   first line event whose entry has one. A reply that gives no line gets no usage.
 *
 * An entry with no `message.id` is a reply of its own.
 */
export class ReplyTracker {
  #open: Open | undefined;
  /** first mode: replies (by message id) whose usage / stop reason were given, for good. */
  readonly #given = new Map<string, { usage: boolean; stop: boolean }>();
  constructor(
    readonly mode: ReplyUsage,
    private readonly maxReplies = 100_000,
  ) {}

  /** Ends the open reply; returns its usage event (last mode) if it had counts. */
  close(): Event[] {
    const o = this.#open;
    this.#open = undefined;
    if (!o || this.mode === 'first' || !o.tokens) return [];
    const ev: UsageEvent = {
      ...o.base,
      kind: 'usage',
      tokens: o.tokens,
      ...(o.stopReason !== undefined ? { stopReason: o.stopReason } : {}),
    };
    return [ev];
  }

  /**
   * An assistant entry with its events made: returns what to emit, in order (the usage of an
   * earlier reply that this entry ends, then this entry's events, with first-mode usage and stop
   * reason placed).
   */
  entry(base: Base, message: Record<string, unknown>, events: Event[]): Event[] {
    // An empty id names no reply, as none does: the entry is a reply of its own.
    const id = typeof message.id === 'string' && message.id !== '' ? message.id : undefined;
    const key = id ?? `line:${base.origin.line}`;
    const out: Event[] = this.#open && this.#open.key !== key ? this.close() : [];
    if (!this.#open) {
      // A reply id seen again after another reply already gave what it gives (Flockdeck's rule).
      const given = this.mode === 'first' ? this.#given.get(key) : undefined;
      this.#open = { key, base, usageDone: given?.usage ?? false, stopDone: given?.stop ?? false };
    }
    const o = this.#open;
    const tokens = tokenCounts(message.usage);
    const rawStop = typeof message.stop_reason === 'string' ? message.stop_reason.trim() : '';
    const stop = rawStop !== '' ? rawStop : undefined;
    if (this.mode === 'last') {
      if (tokens) {
        o.tokens = tokens;
        o.base = base;
      }
      if (stop !== undefined) o.stopReason = stop;
      out.push(...events);
      if (id === undefined) out.push(...this.close());
      return out;
    }
    // The entry's first line: a text block with words, or a call (a server tool's is not one).
    const lineAt = events.findIndex(
      (e) =>
        (e.kind === 'assistant_message' && !BLANK.test(e.text)) ||
        (e.kind === 'tool_call' &&
          (e.meta as { block?: unknown } | undefined)?.block === undefined),
    );
    if (lineAt < 0) {
      out.push(...events);
      return out;
    }
    if (!o.usageDone && tokens) {
      o.usageDone = true;
      out.push(eventOf(base, { kind: 'usage', tokens }));
    }
    if (!o.stopDone && stop !== undefined) {
      o.stopDone = true;
      events = events.map((e, i) => (i === lineAt ? { ...e, stopReason: stop } : e)) as Event[];
    }
    out.push(...events);
    if (id === undefined) this.#open = undefined;
    else {
      if (this.#given.size >= this.maxReplies && !this.#given.has(key)) {
        this.#given.delete(this.#given.keys().next().value!);
      }
      this.#given.set(key, { usage: o.usageDone, stop: o.stopDone });
    }
    return out;
  }
}
