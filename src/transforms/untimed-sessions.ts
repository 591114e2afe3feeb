import type { Event } from '../events/event.js';
import type { Rec } from '../stream/rec.js';

/**
 * The input records of each session that has had no event with a time so far, kept (at most
 * `max` per session) so that `convert` can reject them if the writer finds the session
 * unwritable (`UnwritableSession`: Flockdeck needs a time on every line). A session's records
 * are let go as soon as one of its events has a time: real sessions hold none for long.
 */
export class UntimedSessions {
  readonly #max: number;
  readonly #timed = new Set<string>();
  readonly #held = new Map<string, Rec[]>();

  constructor(max: number) {
    this.#max = max;
  }

  /** `ev` was read from `rec`. */
  note(ev: Event, rec: Rec): void {
    const session = ev.session;
    if (this.#timed.has(session)) return;
    if (typeof ev.time === 'string' && !Number.isNaN(Date.parse(ev.time))) {
      this.#timed.add(session);
      this.#held.delete(session);
      // Bounded: a session seen again after this many others is only held again.
      if (this.#timed.size > this.#max) this.#timed.clear();
      return;
    }
    // An event the reader made at this record for an earlier one (a session's end) is not its.
    if (ev.origin.line !== rec.line || ev.origin.source !== rec.source) return;
    let recs = this.#held.get(session);
    if (recs === undefined) {
      if (this.#held.size >= this.#max) this.#held.delete(this.#held.keys().next().value as string);
      this.#held.set(session, (recs = []));
    }
    const last = recs[recs.length - 1];
    if (last?.line === rec.line && last.source === rec.source) return;
    if (recs.length < this.#max) recs.push(rec);
  }

  /** The records held for `session` (none when it had a time), let go. */
  take(session: string): Rec[] {
    const recs = this.#held.get(session) ?? [];
    this.#held.delete(session);
    return recs;
  }
}
