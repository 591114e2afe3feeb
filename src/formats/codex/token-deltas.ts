import { isRecord } from '../adapter.js';

/** One `TokenUsage` of Codex (codex-rs/protocol/src/protocol.rs), every count a number. */
export interface CodexTokens {
  /** Input tokens, cached ones included. */
  readonly input: number;
  /** The part of `input` read from the prompt cache. */
  readonly cached: number;
  /** Output tokens, reasoning ones included. */
  readonly output: number;
  /** The part of `output` spent on reasoning (informational: billed as output). */
  readonly reasoning: number;
  readonly total: number;
}

const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** A `TokenUsage` object as counts, or undefined when the value is not one. */
export function tokensOf(v: unknown): CodexTokens | undefined {
  if (!isRecord(v)) return undefined;
  const input = n(v.input_tokens);
  const output = n(v.output_tokens);
  return {
    input,
    // A cache cannot give more than the whole input (ccusage caps it the same way).
    cached: Math.min(n(v.cached_input_tokens), input),
    output,
    reasoning: n(v.reasoning_output_tokens),
    // Legacy entries without `total_tokens`: input plus output (ccusage's rule).
    total: v.total_tokens === undefined ? input + output : n(v.total_tokens),
  };
}

function same(a: CodexTokens, b: CodexTokens): boolean {
  return (
    a.input === b.input &&
    a.cached === b.cached &&
    a.output === b.output &&
    a.reasoning === b.reasoning &&
    a.total === b.total
  );
}

function minus(t: CodexTokens, p: CodexTokens | undefined): CodexTokens {
  // Totals that went down were started again (a new process on the same file): they are the
  // usage since then.
  if (p === undefined || t.total < p.total) return t;
  const input = Math.max(0, t.input - p.input);
  return {
    input,
    cached: Math.min(Math.max(0, t.cached - p.cached), input),
    output: Math.max(0, t.output - p.output),
    reasoning: Math.max(0, t.reasoning - p.reasoning),
    total: Math.max(0, t.total - p.total),
  };
}

/**
 * Codex's `token_count` events turned into the usage of one model call each, for one rollout.
 * An event's `info.total_token_usage` is the session's running total and `last_token_usage` the
 * call it reports; Codex writes the event again with the same totals (a rate-limit update), and
 * such a repeat is counted once. The call's usage is `last_token_usage`, or where an older
 * rollout gives only totals, the difference from the previous totals. `info: null` (rate limits
 * only) and an all-zero call report nothing.
 */
export class TokenDeltas {
  #previous: CodexTokens | undefined;
  #repeat = false;

  /** The usage of the call a `token_count` payload reports, or undefined when it reports none. */
  take(payload: Record<string, unknown>): CodexTokens | undefined {
    const info = payload.info;
    this.#repeat = false;
    if (!isRecord(info)) return undefined;
    const total = tokensOf(info.total_token_usage);
    this.#repeat =
      total !== undefined && this.#previous !== undefined && same(total, this.#previous);
    if (this.#repeat) return undefined;
    const call = tokensOf(info.last_token_usage) ?? (total && minus(total, this.#previous));
    if (total) this.#previous = total;
    if (!call || call.input + call.output + call.cached + call.reasoning === 0) return undefined;
    return call;
  }

  /** Whether the payload last taken repeated the totals before it (counted once already). */
  get repeated(): boolean {
    return this.#repeat;
  }

  /** The session's running total so far (the last `total_token_usage` read). */
  get total(): CodexTokens | undefined {
    return this.#previous;
  }
}

/** The model a rollout line names for the calls after it: `turn_context`'s, or a usage event's. */
export function modelNamed(type: unknown, payload: Record<string, unknown>): string | undefined {
  const s = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  if (type === 'turn_context') return s(payload.model);
  if (type !== 'event_msg' || payload.type !== 'token_count') return undefined;
  // Not in Codex's own TokenCountEvent, but read by ccusage where a writer put it.
  const info = isRecord(payload.info) ? payload.info : {};
  return s(payload.model) ?? s(info.model);
}
