import type { Rec } from '../stream/rec.js';
import type { FormatAdapter } from './adapter.js';
import { formats as registered } from './registry.js';

/** The format of one value: the first adapter that claims it, or undefined. */
export function detectValue(
  value: unknown,
  candidates: readonly FormatAdapter[] = registered,
): FormatAdapter | undefined {
  for (const f of candidates) if (f.detect(value)) return f;
  return undefined;
}

/** Counts, per format id, how many of the records each adapter claims. */
export interface FormatVotes {
  readonly votes: ReadonlyMap<string, number>;
  readonly records: number;
}

/** Tallies detection over records (for a file: its first records, see `detectFormat`). */
export function tally(recs: Iterable<Rec>, candidates = registered): FormatVotes {
  const votes = new Map<string, number>();
  let records = 0;
  for (const rec of recs) {
    if (rec.value === undefined) continue;
    records++;
    const f = detectValue(rec.value, candidates);
    if (f) votes.set(f.id, (votes.get(f.id) ?? 0) + 1);
  }
  return { votes, records };
}

/** The winning format of a tally: the most votes, ties to the earlier registry entry. */
export function winner({ votes }: FormatVotes, candidates = registered): string | undefined {
  let best: string | undefined;
  let bestVotes = 0;
  for (const f of candidates) {
    const n = votes.get(f.id) ?? 0;
    if (n > bestVotes) {
      best = f.id;
      bestVotes = n;
    }
  }
  return best;
}
