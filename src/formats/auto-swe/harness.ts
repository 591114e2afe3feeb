import { deltaBody, DeltaRanges } from './delta-ranges.js';
import type { Event } from '../../events/event.js';
import type { Rec } from '../../stream/rec.js';
import type { Decoder } from '../adapter.js';
import { claudeCodeDecoder } from '../claude-code/decoder.js';
import { streamJsonDecoder } from '../claude-stream-json/decoder.js';
import { isObj, str } from './call.js';
import type { RecordBase } from './call-events.js';
import { HarnessDedup } from './harness-dedup.js';
import { HeldMessages } from './held-messages.js';

/** Kinds a session-file delta gives to the conversation (its main-conversation lines). */
const CONVERSATION = new Set<string>([
  'user_message',
  'assistant_message',
  'thinking',
  'tool_call',
  'tool_result',
  'compaction',
]);

const isTalk = (e: Event): boolean => CONVERSATION.has(e.kind);

/** Kinds the SDK stream's own bracket and totals give, which the transcript's bracket replaces. */
const BRACKET = new Set<string>(['session_start', 'session_end', 'usage']);

/**
 * The SDK stream's `result` of a turn that failed (`is_error`, or a subtype other than
 * `success`: `error_max_turns`, `error_during_execution`, ...) as an error notice: its bracket is
 * dropped (the transcript has its own), not the failure. Undefined for any other event.
 */
function failedTurn(e: Event): Event | undefined {
  if (e.kind !== 'session_end' || e.status !== 'error') return undefined;
  const subtype = (e.meta as { subtype?: unknown } | undefined)?.subtype;
  const what = typeof subtype === 'string' && subtype !== '' ? subtype : 'error';
  const text = typeof e.text === 'string' && e.text !== '' ? `${what}: ${e.text}` : what;
  const { status: _s, durationMs: _d, totalTokens: _t, text: _x, meta: _m, ...rest } = e;
  return { ...rest, kind: 'notice', subtype: 'turn_error', level: 'error', text } as Event;
}

/** An inner event re-told as the auto-swe record's: its session, origin and `meta.autoSwe`. */
function retold(ev: Event, base: RecordBase): Event {
  const e: Record<string, unknown> = { ...ev, session: base.session, origin: base.origin };
  if (e.time === undefined && base.time !== undefined) e.time = base.time;
  e.meta = { ...(ev.meta ?? {}), autoSwe: base.autoSwe };
  return e as unknown as Event;
}

/**
 * Claude Code harness records, read with the Claude Code readers, one reader per session (and,
 * in a session file, per subagent: a sidechain's replies interleave with the main ones):
 * - `harness_message`: an SDK stream message (`claude -p --output-format stream-json`), read by
 *   the stream-json reader; its conversation events are kept, its usage is not (the session
 *   file's lines hold the same replies' final counts, so a reply is counted once);
 * - a turn's SDK messages and its session-file lines tell the same conversation: each event is
 *   given once, by the record that told it first (`HarnessDedup`), in the file's order: the SDK
 *   messages' events are held (`HeldMessages`) until the turn's delta places them among what
 *   only the file tells (the user's prompt before the replies, each reply's usage after it);
 * - `harness_session_file`: the lines a turn added to the session file, read by the Claude Code
 *   reader across deltas (a reply cut between two deltas is one reply, its last report wins):
 *   main-conversation lines give conversation events, every line (sidechain included) usage;
 *   summaries, bookkeeping entries and lines kept as strings stay in the raw record only.
 */
export class HarnessReader {
  private readonly messages = new Map<string, Decoder>();
  private readonly files = new Map<string, Decoder>();
  /** The last record base of each session-file reader (for the events its end gives). */
  private readonly lastBase = new Map<string, RecordBase>();
  private readonly dedup: HarnessDedup;
  private readonly held: HeldMessages;
  private readonly ranges = new DeltaRanges();
  /** The `harness_turn` records read: the turn an SDK message is read in. */
  private turns = 0;

  constructor(
    private readonly replyUsage: unknown,
    private readonly maxReaders = 10_000,
    maxKeys = 100_000,
    maxHeld = 10_000,
  ) {
    this.dedup = new HarnessDedup(maxKeys);
    this.held = new HeldMessages(maxHeld);
  }

  /** A `harness_turn` record: the SDK messages after it are the next turn's. */
  turnStarted(): void {
    this.turns++;
  }

  /**
   * An SDK message: its events are held until a session-file delta places them (or `flush`);
   * returns what the bound on held events gives out. A conversation event the file told first
   * gives nothing.
   */
  message(r: Readonly<Record<string, unknown>>, rec: Rec, base: RecordBase): Event[] {
    const m = isObj(r.message) ? r.message : undefined;
    if (!m) return [];
    const sid = str(m.session_id) ?? '-';
    let d = this.messages.get(sid);
    if (!d) {
      d = streamJsonDecoder({ source: `${sid}.jsonl`, replyUsage: 'last' });
      this.bound(this.messages).set(sid, d);
    }
    const events = d.decode({ raw: '', value: m, line: rec.line, source: rec.source });
    const talk: Event[] = [];
    const seqs: number[] = [];
    for (const ev of events) {
      const e = failedTurn(ev) ?? ev;
      if (BRACKET.has(e.kind)) continue;
      const seq = this.held.hold(sid, this.turns, retold(e, base));
      if (isTalk(e)) {
        talk.push(e);
        seqs.push(seq);
      }
    }
    const told = this.dedup.tell(sid, 'harness_message', str(m.uuid), talk, seqs);
    // a copy the file told first gives nothing
    for (let i = 0; i < talk.length; i++) if (told[i]) this.held.drop(sid, seqs[i]!);
    return this.held.overflow();
  }

  /** Gives out every held SDK-message event (before a record of another kind of conversation). */
  flush(): Event[] {
    return this.held.all();
  }

  /**
   * A session-file delta: its lines' events in order, each conversation event the SDK messages
   * told first given as their copy at the line's place (with the held events before it). Once the
   * delta is whole (not `truncated`), the held events of every turn up to the last one it met
   * are given out too (what only the SDK stream told of those turns).
   */
  sessionFile(r: Readonly<Record<string, unknown>>, rec: Rec, base: RecordBase): Event[] {
    const body = deltaBody(r);
    // a delta given again: its lines were read (their events and usage given) already
    if (this.ranges.repeated(body)) return [];
    const sid = str(body.sessionId) ?? '-';
    const out: Event[] = [];
    let lastTurn: number | undefined;
    for (const line of Array.isArray(body.lines) ? body.lines : []) {
      if (!isObj(line)) continue; // a line that did not parse stays in the raw record
      const side = line.isSidechain === true;
      const key = side ? `${sid}/${str(line.agentId) ?? '-'}` : sid;
      let d = this.files.get(key);
      if (!d) {
        if (this.files.size >= this.maxReaders) out.push(...this.endOldestFile());
        d = claudeCodeDecoder({
          source: `${sid}.jsonl`,
          replyUsage: this.replyUsage === 'first' ? 'first' : 'last',
        });
        this.files.set(key, d);
      }
      this.lastBase.set(key, base);
      const events = d.decode({ raw: '', value: line, line: rec.line, source: rec.source });
      const talk = side ? [] : events.filter(isTalk);
      const told = this.dedup.tell(sid, 'harness_session_file', str(line.uuid), talk);
      for (const e of events) {
        if (e.kind === 'usage') out.push(retold(e, base));
        const i = talk.indexOf(e);
        if (i < 0) continue;
        const t = told[i];
        if (t === undefined) out.push(retold(e, base));
        else if (t.seq >= 0) {
          const turn = this.held.turnOf(sid, t.seq);
          if (turn === undefined) continue; // given out already (the bound, a flush)
          lastTurn = Math.max(lastTurn ?? turn, turn);
          out.push(...this.held.upTo(sid, t.seq));
        }
      }
    }
    if (body.truncated !== true && lastTurn !== undefined) {
      out.push(...this.held.throughTurn(sid, lastTurn));
    }
    return out;
  }

  /** The usage the session-file readers still hold (each reader's last reply), then the held. */
  end(): Event[] {
    const out: Event[] = [];
    for (const key of [...this.files.keys()]) out.push(...this.endFile(key));
    out.push(...this.held.all());
    this.messages.clear();
    return out;
  }

  /** Ends one session-file reader: the usage of the reply it still holds. */
  private endFile(key: string): Event[] {
    const d = this.files.get(key)!;
    const base = this.lastBase.get(key)!;
    this.files.delete(key);
    this.lastBase.delete(key);
    return d.end().flatMap((e) => (e.kind === 'usage' ? [retold(e, base)] : []));
  }

  /** The bound on session-file readers: the oldest is ended (its usage given), not dropped. */
  private endOldestFile(): Event[] {
    return this.endFile(this.files.keys().next().value as string);
  }

  /** The bound on SDK-message readers: the oldest is dropped (it holds no usage that counts). */
  private bound(map: Map<string, Decoder>): Map<string, Decoder> {
    if (map.size >= this.maxReaders) map.delete(map.keys().next().value as string);
    return map;
  }
}
