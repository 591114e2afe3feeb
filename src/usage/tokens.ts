/**
 * Token counts of one reply, or a sum of them. The four kinds are separate, not parts of each
 * other: `input` is the input that was not cached, `cacheWrite` and `cacheRead` the cached input
 * written and read. `cacheWrite1h` is the part of `cacheWrite` written to the 1-hour cache (it is
 * priced higher); it is included in `cacheWrite`, not added to it.
 */
export interface TokenCounts {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
  cacheWrite1h: number;
}

/** A fresh zero count. */
export function zeroTokens(): TokenCounts {
  return { input: 0, output: 0, cacheWrite: 0, cacheRead: 0, cacheWrite1h: 0 };
}

/** Adds `b` into `a` (a is an accumulator owned by the caller). */
export function addTokens(a: TokenCounts, b: Readonly<TokenCounts>): void {
  a.input += b.input;
  a.output += b.output;
  a.cacheWrite += b.cacheWrite;
  a.cacheRead += b.cacheRead;
  a.cacheWrite1h += b.cacheWrite1h;
}

/** All tokens of a count: input + output + cache writes + cache reads. */
export function totalTokens(t: Readonly<TokenCounts>): number {
  return t.input + t.output + t.cacheWrite + t.cacheRead;
}

/** A non-negative finite number, or 0 (a missing count adds nothing). */
export function count(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
}

/** The counts of an Anthropic-shaped `usage` object (what Claude Code stores). */
export function anthropicTokens(u: Readonly<Record<string, unknown>>): TokenCounts {
  const cc = u.cache_creation as Record<string, unknown> | undefined;
  return {
    input: count(u.input_tokens),
    output: count(u.output_tokens),
    cacheWrite: count(u.cache_creation_input_tokens),
    cacheRead: count(u.cache_read_input_tokens),
    cacheWrite1h: typeof cc === 'object' && cc !== null ? count(cc.ephemeral_1h_input_tokens) : 0,
  };
}
