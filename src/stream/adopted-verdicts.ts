import type { Rec } from './rec.js';

/**
 * The verdicts a stage adopts on records judged ahead (line-judge.ts): given for a batch's
 * records in order just before the stage sees them in the same order, so a queue looked up by
 * identity serves, not a map. A record not found has no verdict (the stage judges it). Bounded:
 * what was never asked for is let go after 65,536 records.
 */
export class AdoptedVerdicts {
  #recs: Rec[] = [];
  #verdicts: number[] = [];
  #next = 0;

  adopt(rec: Rec, verdict: number): void {
    if ((this.#next === this.#recs.length && this.#next > 0) || this.#recs.length >= 1 << 16) {
      this.#recs = [];
      this.#verdicts = [];
      this.#next = 0;
    }
    this.#recs.push(rec);
    this.#verdicts.push(verdict);
  }

  verdictOf(rec: Rec): number | undefined {
    const recs = this.#recs;
    for (let i = this.#next; i < recs.length && i < this.#next + 4; i++)
      if (recs[i] === rec) {
        this.#next = i + 1;
        return this.#verdicts[i];
      }
    return undefined;
  }
}
