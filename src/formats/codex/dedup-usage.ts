import { withValue, type Rec } from '../../stream/rec.js';
import type { DedupReader } from '../../usage/usage-dedup.js';
import { isRecord } from '../adapter.js';
import { TokenDeltas } from './token-deltas.js';

/**
 * `dedup-usage` for Codex rollouts: a `token_count` event that repeats the running totals of the
 * one before it (counted once by `usage`) loses its `info` (`null`, as Codex writes an event with
 * rate limits only); its `rate_limits` and every other line pass unchanged, in order. Nothing is
 * held: a repeat is known when it is read.
 */
export function codexDedup(): DedupReader {
  const deltas = new TokenDeltas();
  return {
    take(rec: Rec): Rec[] {
      const v = rec.value;
      if (!isRecord(v) || v.type !== 'event_msg' || !isRecord(v.payload)) return [rec];
      if (v.payload.type !== 'token_count') return [rec];
      deltas.take(v.payload);
      if (!deltas.repeated) return [rec];
      return [withValue(rec, { ...v, payload: { ...v.payload, info: null } })];
    },
    end: () => [],
  };
}
