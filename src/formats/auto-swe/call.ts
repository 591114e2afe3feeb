import type { TokenCounts } from '../../events/event.js';

/** One piece of a message, provider-neutral: what a canonical event is made of. */
export type Part =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'thinking';
      readonly text: string;
      readonly signature?: string;
      readonly redacted?: boolean;
    }
  | {
      readonly kind: 'tool_call';
      readonly callId?: string;
      readonly name: string;
      readonly input: unknown;
    }
  | {
      readonly kind: 'tool_result';
      readonly callId?: string;
      readonly name?: string;
      readonly output: unknown;
      readonly isError?: boolean;
    }
  | { readonly kind: 'unknown'; readonly record: unknown };

/** A message of a request's conversation. `system` messages are instructions, not turns. */
export interface Message {
  readonly role: 'user' | 'assistant' | 'system';
  readonly parts: readonly Part[];
}

/** A model call read from its request and response bodies (one provider's wire format). */
export interface ProviderCall {
  /** The model the reply names, else the request's. */
  readonly model?: string;
  /** The provider's id of the reply. */
  readonly messageId?: string;
  /** The request's conversation, in order. */
  readonly request: readonly Message[];
  /** The reply's parts, in order (a streamed reply reassembled). */
  readonly reply: readonly Part[];
  /** The reply's usage, by txpipe's rule: `input` excludes cached tokens (see usage in docs). */
  readonly tokens?: TokenCounts;
  /**
   * The part of `tokens.cacheWrite` written to the 1-hour cache (Anthropic
   * `usage.cache_creation.ephemeral_1h_input_tokens`), which is priced apart; for `usage` only.
   */
  readonly cacheWrite1h?: number;
  readonly stopReason?: string;
}

/** One provider's wire format: which calls are its own, and how to read them. */
export interface Provider {
  /** `anthropic`, `openai-responses`, `openai-chat`, `google`. */
  readonly id: string;
  /** Whether a call to this path is this provider's chat endpoint (the query already cut off). */
  matchesPath(path: string): boolean;
  /** Whether bodies of unknown path look like this provider's (its response shape). */
  matchesBody(request: unknown, response: unknown): boolean;
  /** Reads the call; throws nothing (what it cannot read it leaves out or keeps as `unknown`). */
  read(request: unknown, response: unknown): ProviderCall;
}

export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;
/**
 * A token count: a whole number of at least 0 (as the Claude Code reader takes one); anything
 * else is no count, left out. A negative one would lower `usage`'s sums and make a usage event
 * the txpipe writer refuses.
 */
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;

/** Parses a JSON text (tool-call arguments); the text itself when it is not JSON. */
export function parsedOr(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Token counts with the absent ones left out; undefined when none is known. */
export function counts(t: {
  input?: number;
  output?: number;
  cacheWrite?: number;
  cacheRead?: number;
}): TokenCounts | undefined {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(t)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `total - cached` for a provider whose input count includes cached tokens (never below 0). */
export function uncached(
  total: number | undefined,
  cached: number | undefined,
): number | undefined {
  if (total === undefined) return undefined;
  return cached === undefined ? total : Math.max(0, total - cached);
}

/**
 * OpenAI's `usage` (Chat Completions: `prompt_tokens`, `completion_tokens`,
 * `prompt_tokens_details`; Responses: `input_tokens`, `output_tokens`, `input_tokens_details`):
 * the input total includes the `cached_tokens` of its details, which are counted as cache reads.
 */
export function openaiTokens(
  u: unknown,
  keys: { readonly input: string; readonly output: string; readonly details: string },
): TokenCounts | undefined {
  if (!isObj(u)) return undefined;
  const details = u[keys.details];
  const cached = isObj(details) ? num(details.cached_tokens) : undefined;
  return counts({
    input: uncached(num(u[keys.input]), cached),
    output: num(u[keys.output]),
    cacheRead: cached,
  });
}
