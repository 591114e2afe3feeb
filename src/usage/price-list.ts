/** The price of the models one pattern names, in US dollars per million tokens. */
export interface ModelPrice {
  /** A regular expression (JavaScript syntax) a model name must match; the first that does wins. */
  readonly match: string;
  readonly input: number;
  readonly output: number;
  /** Cache writes (5-minute cache); absent: 1.25x input (Anthropic's rule). */
  readonly cacheWrite?: number;
  /** Cache writes to the 1-hour cache; absent: 2x input. */
  readonly cacheWrite1h?: number;
  /** Cache reads (cached input); absent: 0.1x input. */
  readonly cacheRead?: number;
  /** Where the price comes from. */
  readonly source?: string;
}

/** A price table: what `--prices FILE` holds (JSON), and the built-in one. */
export interface PriceList {
  /** Where the prices come from, and when they were taken (`YYYY-MM-DD`). */
  readonly source: string;
  readonly date: string;
  readonly models: readonly ModelPrice[];
}

const ANTHROPIC = 'https://docs.anthropic.com/en/docs/about-claude/pricing';
const OPENAI = 'https://platform.openai.com/docs/pricing';
const GOOGLE = 'https://ai.google.dev/gemini-api/docs/pricing';

/** A model name, or that name with an OpenAI snapshot date (`gpt-4.1-2025-04-14`). */
const dated = (name: string): string => `^${name.replace(/\./g, '\\.')}(-\\d{4}-\\d{2}-\\d{2})?$`;

/**
 * The built-in prices (docs/commands/usage.md, "Prices"). Anthropic's are those ccusage 20.0.24
 * uses offline (cache writes 1.25x input, 1-hour ones 2x, reads 0.1x); OpenAI's and Google's are
 * the standard (not batch, not priority) rates of the models auto-swe and Codex records name,
 * Google's for prompts up to 200k tokens. OpenAI and Google patterns name exact models (and
 * OpenAI's dated snapshots): a model not listed is reported unpriced, never priced as a cousin.
 */
export const BUILT_IN_PRICES: PriceList = {
  source: `Anthropic (${ANTHROPIC}, as ccusage 20.0.24 prices offline), OpenAI (${OPENAI}), Google (${GOOGLE})`,
  date: '2026-06-21',
  models: [
    { match: 'opus-4-(5|6)|opus-4\\.(5|6)', input: 5, output: 25, source: ANTHROPIC },
    { match: 'opus', input: 15, output: 75, source: ANTHROPIC },
    { match: 'sonnet', input: 3, output: 15, source: ANTHROPIC },
    { match: 'haiku-4|haiku-4\\.5', input: 1, output: 5, source: ANTHROPIC },
    { match: '3-5-haiku|haiku-3-5|3\\.5-haiku', input: 0.8, output: 4, source: ANTHROPIC },
    { match: 'haiku', input: 0.25, output: 1.25, source: ANTHROPIC },
    { match: dated('gpt-5'), input: 1.25, output: 10, cacheRead: 0.125, source: OPENAI },
    { match: dated('gpt-5-codex'), input: 1.25, output: 10, cacheRead: 0.125, source: OPENAI },
    { match: dated('gpt-5-mini'), input: 0.25, output: 2, cacheRead: 0.025, source: OPENAI },
    { match: dated('gpt-5-nano'), input: 0.05, output: 0.4, cacheRead: 0.005, source: OPENAI },
    { match: dated('gpt-4.1'), input: 2, output: 8, cacheRead: 0.5, source: OPENAI },
    { match: dated('gpt-4.1-mini'), input: 0.4, output: 1.6, cacheRead: 0.1, source: OPENAI },
    { match: dated('gpt-4.1-nano'), input: 0.1, output: 0.4, cacheRead: 0.025, source: OPENAI },
    { match: dated('o4-mini'), input: 1.1, output: 4.4, cacheRead: 0.275, source: OPENAI },
    { match: dated('o3'), input: 2, output: 8, cacheRead: 0.5, source: OPENAI },
    { match: '^gemini-2\\.5-pro$', input: 1.25, output: 10, cacheRead: 0.125, source: GOOGLE },
    { match: '^gemini-2\\.5-flash$', input: 0.3, output: 2.5, cacheRead: 0.03, source: GOOGLE },
    {
      match: '^gemini-2\\.5-flash-lite$',
      input: 0.1,
      output: 0.4,
      cacheRead: 0.01,
      source: GOOGLE,
    },
  ],
};
