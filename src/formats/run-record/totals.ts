import type { Event, TokenCounts } from '../../events/event.js';

/**
 * Tokens and wall-clock time of one transcript (one input file of a run): what the Portable Run
 * Record calls `total_tokens` and `duration_ms`. Usage is summed over unique provider message ids
 * with cache writes and reads included, and a reply that repeats its id (Claude Code writes one
 * entry per content block, with growing output counts) is counted once, with its last, final,
 * counts. Usage with no message id counts as it comes. A completion event that states totals
 * (a stream-json `result`, a rupu `run_complete`) wins over the sum and over the timestamps.
 * A count or duration given with a fraction (readers pass any number on) has it dropped: the
 * record's `total_tokens` and `duration_ms` are integers.
 */
export class Totals {
  private readonly byMessage = new Map<string, number>();
  private anonymous = 0;
  private sawUsage = false;
  private first: number | undefined;
  private last: number | undefined;
  private endTokens: number | undefined;
  private endDuration: number | undefined;

  add(ev: Event): void {
    if (ev.time !== undefined) {
      const t = Date.parse(ev.time);
      if (!Number.isNaN(t)) {
        if (this.first === undefined || t < this.first) this.first = t;
        if (this.last === undefined || t > this.last) this.last = t;
      }
    }
    if (ev.kind === 'usage') {
      // Every purpose counts (a compaction call is spend too).
      this.sawUsage = true;
      const n = sum(ev.tokens);
      if (ev.messageId !== undefined) this.byMessage.set(ev.messageId, n);
      else this.anonymous += n;
    } else if (ev.kind === 'session_end') {
      if (ev.totalTokens !== undefined) this.endTokens = Math.trunc(ev.totalTokens);
      if (ev.durationMs !== undefined) this.endDuration = Math.trunc(ev.durationMs);
    }
  }

  get tokens(): number | null {
    if (this.endTokens !== undefined) return this.endTokens;
    if (!this.sawUsage) return null;
    let n = this.anonymous;
    for (const v of this.byMessage.values()) n += v;
    return n;
  }

  get durationMs(): number | null {
    if (this.endDuration !== undefined) return this.endDuration;
    if (this.first === undefined || this.last === undefined) return null;
    return this.last - this.first;
  }
}

/** A count as a whole number (the record's are integers): its fraction dropped. */
const whole = (n: number | undefined): number => (n === undefined ? 0 : Math.trunc(n));

function sum(t: TokenCounts): number {
  return whole(t.input) + whole(t.output) + whole(t.cacheWrite) + whole(t.cacheRead);
}

/** Sums the totals of several transcripts (the rounds of one run); null when none knows. */
export function sumTotals(parts: readonly Totals[]): {
  tokens: number | null;
  durationMs: number | null;
} {
  let tokens: number | null = null;
  let durationMs: number | null = null;
  for (const p of parts) {
    if (p.tokens !== null) tokens = (tokens ?? 0) + p.tokens;
    if (p.durationMs !== null) durationMs = (durationMs ?? 0) + p.durationMs;
  }
  return { tokens, durationMs };
}
