import type { TokenCounts } from '../../events/event.js';

/** Token counts added up (a missing count stays missing unless another gives it). */
export function addTokens(a: TokenCounts | undefined, b: TokenCounts): TokenCounts {
  const sum = (x: number | undefined, y: number | undefined): number | undefined =>
    x === undefined ? y : y === undefined ? x : x + y;
  return {
    input: sum(a?.input, b.input),
    output: sum(a?.output, b.output),
    cacheWrite: sum(a?.cacheWrite, b.cacheWrite),
    cacheRead: sum(a?.cacheRead, b.cacheRead),
  };
}

/**
 * A call's usage as span attributes, GenAI semantic conventions and OpenInference side by side.
 * txpipe's `tokens.input` is the input outside the prompt cache (every reader applies its
 * provider's rule: Anthropic's `input_tokens` already is; OpenAI's and Gemini's cached tokens
 * are taken out of theirs); `gen_ai.usage.input_tokens` and `llm.token_count.prompt` count every
 * input token, so cache reads and writes are added back (semconv: "SHOULD include all types of
 * input tokens, including cached tokens"; Anthropic: "input_tokens + cache_read_input_tokens +
 * cache_creation_input_tokens").
 */
export function usageAttributes(t: TokenCounts): Record<string, number | undefined> {
  const parts = [t.input, t.cacheRead, t.cacheWrite];
  const input = parts.every((n) => n === undefined)
    ? undefined
    : parts.reduce<number>((s, n) => s + (n ?? 0), 0);
  const total =
    input === undefined && t.output === undefined ? undefined : (input ?? 0) + (t.output ?? 0);
  return {
    'gen_ai.usage.input_tokens': input,
    'gen_ai.usage.output_tokens': t.output,
    'gen_ai.usage.cache_read.input_tokens': t.cacheRead,
    'gen_ai.usage.cache_creation.input_tokens': t.cacheWrite,
    'llm.token_count.prompt': input,
    'llm.token_count.completion': t.output,
    'llm.token_count.prompt_details.cache_read': t.cacheRead,
    'llm.token_count.prompt_details.cache_write': t.cacheWrite,
    'llm.token_count.total': total,
  };
}
