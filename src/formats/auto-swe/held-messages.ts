import type { Event } from '../../events/event.js';

interface Held {
  readonly seq: number;
  /** The number of `harness_turn` records read before it: the turn it belongs to. */
  readonly turn: number;
  readonly event: Event;
}

/**
 * The events of Claude Code SDK messages (`harness_message`) held, per Claude session, until the
 * turn's session-file delta tells where they stand among the lines only the file has (the user's
 * prompt, each reply's usage), in the order they were read. Each gets a sequence number, rising
 * across sessions, by which the file's copy of it finds it. Bounded: past `maxHeld` events the
 * oldest are given out as they are (the place the file would have given them is lost, nothing
 * else).
 */
export class HeldMessages {
  private readonly bySession = new Map<string, Held[]>();
  private next = 0;
  private count = 0;

  constructor(private readonly maxHeld = 10_000) {}

  /** Holds `event` of session `sid`, read in turn `turn`: its sequence number. */
  hold(sid: string, turn: number, event: Event): number {
    const seq = this.next++;
    let list = this.bySession.get(sid);
    if (!list) this.bySession.set(sid, (list = []));
    list.push({ seq, turn, event });
    this.count++;
    return seq;
  }

  /** What the bound gives out: the oldest events past `maxHeld`. */
  overflow(): Event[] {
    const out: Event[] = [];
    while (this.count > this.maxHeld) out.push(this.oldest());
    return out;
  }

  /** The turn of the held event `seq` of `sid`; undefined when it is no longer held. */
  turnOf(sid: string, seq: number): number | undefined {
    return this.bySession.get(sid)?.find((h) => h.seq === seq)?.turn;
  }

  /** Forgets the held event `seq` of `sid` (a copy of what was told already). */
  drop(sid: string, seq: number): void {
    const list = this.bySession.get(sid);
    const i = list?.findIndex((h) => h.seq === seq) ?? -1;
    if (i < 0) return;
    list!.splice(i, 1);
    this.count--;
    if (list!.length === 0) this.bySession.delete(sid);
  }

  /** Gives out the held events of `sid` up to and including `seq`, in order. */
  upTo(sid: string, seq: number): Event[] {
    return this.take(sid, (h) => h.seq <= seq);
  }

  /** Gives out the held events of `sid` read in turn `turn` or before, in order. */
  throughTurn(sid: string, turn: number): Event[] {
    return this.take(sid, (h) => h.turn <= turn);
  }

  /** Gives out every held event, each session's in order. */
  all(): Event[] {
    const out: Event[] = [];
    for (const list of this.bySession.values()) for (const h of list) out.push(h.event);
    this.bySession.clear();
    this.count = 0;
    return out;
  }

  /** The leading events of `sid` that `within` accepts (the held are in sequence order). */
  private take(sid: string, within: (h: Held) => boolean): Event[] {
    const list = this.bySession.get(sid);
    if (!list) return [];
    let n = 0;
    while (n < list.length && within(list[n]!)) n++;
    const out = list.splice(0, n).map((h) => h.event);
    if (list.length === 0) this.bySession.delete(sid);
    this.count -= n;
    return out;
  }

  /** Gives out the oldest held event of all sessions. */
  private oldest(): Event {
    let sid: string | undefined;
    let min = Infinity;
    for (const [s, list] of this.bySession) {
      if (list[0]!.seq < min) [sid, min] = [s, list[0]!.seq];
    }
    return this.upTo(sid!, min)[0]!;
  }
}
