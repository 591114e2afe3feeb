import type { Event } from '../../events/event.js';
import { TxpipeError, badOption } from '../../stream/errors.js';
import { withDefaults } from '../../stream/options.js';
import { Totals } from '../run-record/totals.js';
import { RawJson, type EncodeOptions, type Encoder } from '../adapter.js';
import { conversationOnly } from '../conversation-only.js';
import { nativeRecord, rupuLine, sameLine, type Line } from './line.js';

export interface RupuEncodeOptions {
  /** Most events one turn may hold before it is written (a turn is buffered to order it). */
  readonly maxTurnEvents?: number;
}

export const rupuEncodeDefaults: Readonly<Required<RupuEncodeOptions>> = Object.freeze({
  maxTurnEvents: 100_000,
});

type Out = Line | RawJson;

/** A turn being written: held until the next provider call, so its lines can be ordered. */
interface Turn {
  usage: Out[];
  content: Out[];
  result: Out[];
  /** Notices and unknown lines inside the turn, written after the results. */
  extra: Out[];
  /** Lines after the turn (user messages, compactions), written after its turn_end. */
  trailing: Out[];
  ended: boolean;
  /** The provider message ids of the turn's content. */
  ids: Set<string>;
  in: number;
  out: number;
}

const lineOf = (o: Out): Line => (o instanceof RawJson ? (o.value as Line) : o);
const typeOf = (o: Out): string => lineOf(o).type;
const callIdOf = (o: Out): string | undefined => {
  const id = lineOf(o).data.call_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

/** Where a canonical event goes inside a rupu turn (`extra`: after the results, if one is open). */
function slot(ev: Event): 'usage' | 'content' | 'result' | 'extra' | undefined {
  switch (ev.kind) {
    case 'notice':
    case 'title':
    case 'unknown':
      return 'extra';
    case 'usage':
      return 'usage';
    case 'thinking':
    case 'assistant_message':
    case 'tool_call':
      return 'content';
    case 'tool_result':
      return 'result';
    default:
      return undefined;
  }
}

/**
 * Canonical events -> rupu v2 lines. A source that is rupu itself (its turn_start / turn_end
 * lines arrive as `unknown` events) is written in arrival order, each line as it was. Any other
 * source has no turns: the writer makes them, one per provider reply, and orders each turn as
 * the spec's event order says (usage, then content, then tool results, then turn_end). A session
 * with no conversation in it makes no run (see {@link conversationOnly}).
 */
export function rupuEncoder(options: EncodeOptions = {}): Encoder {
  const o = withDefaults(rupuEncodeDefaults, options as RupuEncodeOptions);
  if (!Number.isInteger(o.maxTurnEvents) || o.maxTurnEvents < 1) {
    badOption('maxTurnEvents must be a positive integer');
  }
  let session: string | undefined;
  let native = false; // the source wrote its own turns
  let lastText: string | undefined; // the session's last assistant text
  /** The session's totals, for a run_complete whose event does not state them. */
  let spent = new Totals();
  let turnIdx = 0;
  let turn: Turn | undefined | undefined;

  const closeTurn = (out: Out[]): void => {
    if (!turn) return;
    out.push({ type: 'turn_start', data: { turn_idx: turnIdx } });
    // Blocks in the order the model gave them, each tool call followed by its result (the
    // spec's `tool_call tool_result` pairs); a result whose call is not in the turn comes last.
    const results = new Map<string, Out>();
    const orphans: Out[] = [];
    for (const r of turn.result) {
      const id = callIdOf(r);
      if (id !== undefined && !results.has(id)) results.set(id, r);
      else orphans.push(r);
    }
    out.push(...turn.usage);
    const calls: Out[] = [];
    for (const c of turn.content) (typeOf(c) === 'tool_call' ? calls : out).push(c);
    for (const c of calls) {
      out.push(c);
      const id = callIdOf(c);
      const r = id !== undefined ? results.get(id) : undefined;
      if (r) {
        out.push(r);
        results.delete(id!);
      }
    }
    out.push(...results.values(), ...orphans, ...turn.extra);
    out.push({
      type: 'turn_end',
      data: { turn_idx: turnIdx, tokens_in: turn.in, tokens_out: turn.out },
    });
    out.push(...turn.trailing);
    turnIdx++;
    turn = undefined;
  };

  const bound = (t: Turn, ev: Event): void => {
    const held =
      t.usage.length + t.content.length + t.result.length + t.extra.length + t.trailing.length;
    if (held >= o.maxTurnEvents) {
      throw new TxpipeError(
        'ERR_TXPIPE_LIMIT',
        `a turn holds more than ${o.maxTurnEvents} events`,
        {
          source: ev.origin.source,
          line: ev.origin.line,
        },
      );
    }
  };

  const encode = (ev: Event): Out[] => {
    const out: Out[] = [];
    if (ev.session !== session) {
      closeTurn(out);
      session = ev.session;
      native = false;
      turnIdx = 0;
      lastText = undefined;
      spent = new Totals();
      if (ev.kind !== 'session_start') {
        out.push(rupuLine({ ...ev, kind: 'session_start', meta: undefined })!);
      }
    }
    const own = nativeRecord(ev);
    if (own && (own.type === 'turn_start' || own.type === 'turn_end')) native = true;
    if (ev.kind === 'assistant_message') lastText = ev.text;
    spent.add(ev);
    // A completion's final text (stream-json `result`) the transcript did not end with is the
    // run's last reply: rupu's run_complete has no place for it, so it is written as one.
    if (ev.kind === 'session_end' && ev.text !== undefined && ev.text !== lastText) {
      out.push(...encode({ ...ev, kind: 'assistant_message', text: ev.text }));
    }
    // run_complete wants its totals: where the event does not state them, the session's own
    // (usage over unique message ids, cache included; first to last timestamp), as run records
    // count them, so the run reads back with the same total.
    const built = rupuLine(
      ev.kind === 'session_end'
        ? {
            ...ev,
            totalTokens: ev.totalTokens ?? spent.tokens ?? undefined,
            durationMs: ev.durationMs ?? spent.durationMs ?? undefined,
          }
        : ev,
    );
    if (!built) return out;
    const line = sameLine(ev, built);
    if (native) {
      out.push(line);
      return out;
    }
    const where = slot(ev);
    if (!where || (where === 'extra' && turn?.ended)) {
      // Between turns (a user message, a compaction): after the open turn's turn_end. The turn
      // stays held, since Claude Code gives a reply's usage when the next entry comes.
      if (turn && ev.kind !== 'session_start' && ev.kind !== 'session_end') {
        turn.ended = true;
        bound(turn, ev);
        turn.trailing.push(line);
        return out;
      }
      closeTurn(out);
      out.push(line);
      return out;
    }
    if (where === 'extra' && !turn) {
      out.push(line);
      return out;
    }
    // A reply after tool results (or after the turn ended) is the next provider call, a new
    // turn; but not the usage or a block of a reply already in this turn.
    const sameReply = ev.messageId !== undefined && turn?.ids.has(ev.messageId) === true;
    if (
      turn &&
      (turn.result.length > 0 || turn.ended) &&
      (where === 'usage' || where === 'content') &&
      !sameReply
    ) {
      closeTurn(out);
    }
    turn ??= {
      usage: [],
      content: [],
      result: [],
      extra: [],
      trailing: [],
      ended: false,
      ids: new Set(),
      in: 0,
      out: 0,
    };
    if (ev.messageId !== undefined && where === 'content') turn.ids.add(ev.messageId);
    bound(turn, ev);
    turn[where].push(line);
    if (ev.kind === 'usage') {
      turn.in += ev.tokens.input ?? 0;
      turn.out += ev.tokens.output ?? 0;
    }
    return out;
  };

  return conversationOnly({
    encode,
    end() {
      const out: Out[] = [];
      closeTurn(out);
      return out;
    },
  });
}
