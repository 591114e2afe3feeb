import { isRecord } from '../adapter.js';

/** A Gemini `TokensSummary` (chatRecordingTypes.ts), every count a number. */
export interface GeminiTokens {
  /** `promptTokenCount`: the whole prompt, its cached part included. */
  readonly input: number;
  /** `candidatesTokenCount`: the reply, thoughts not included. */
  readonly output: number;
  /** `cachedContentTokenCount`: the part of `input` served from the cache. */
  readonly cached: number;
  /** `thoughtsTokenCount`: thinking, billed as output. */
  readonly thoughts: number;
  /** `toolUsePromptTokenCount`: tool results given back to the model as input. */
  readonly tool: number;
  /** `totalTokenCount`. */
  readonly total: number;
}

const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** A message's `tokens` as counts, or undefined when it has none (absent or `null`). */
export function geminiTokensOf(v: unknown): GeminiTokens | undefined {
  if (!isRecord(v)) return undefined;
  const input = n(v.input);
  const output = n(v.output);
  const thoughts = n(v.thoughts);
  const tool = n(v.tool);
  return {
    input,
    output,
    // A cache cannot give more than the whole prompt.
    cached: Math.min(n(v.cached), input),
    thoughts,
    tool,
    total: v.total === undefined ? input + output + thoughts + tool : n(v.total),
  };
}

/**
 * txpipe's counts of one reply (docs/formats/gemini.md, Usage): input = the prompt less its
 * cached part, plus the tool-use prompt; cache read = the cached part; output = the reply plus its
 * thoughts. Their sum is Gemini's `total`. Gemini reports no cache writes.
 */
export function geminiCounts(t: GeminiTokens): {
  input: number;
  output: number;
  cacheRead: number;
} {
  return { input: t.input - t.cached + t.tool, output: t.output + t.thoughts, cacheRead: t.cached };
}
