import type { TokenCounts } from './tokens.js';

/** US dollars per million tokens of one model family: input and output. */
interface Price {
  readonly match: RegExp;
  readonly input: number;
  readonly output: number;
}

/**
 * List prices of Anthropic models (USD per million tokens, as published by Anthropic and as
 * ccusage 20.0.24 prices them offline). Cache writes cost 1.25x input (5-minute cache) or 2x
 * (1-hour cache), cache reads 0.1x. First match wins, so more specific patterns come first.
 * A model not listed has no price: its cost is 0 and the report lists it as unpriced.
 */
const PRICES: readonly Price[] = [
  { match: /opus-4-(5|6)|opus-4\.(5|6)/, input: 5, output: 25 },
  { match: /opus/, input: 15, output: 75 },
  { match: /sonnet/, input: 3, output: 15 },
  { match: /haiku-4|haiku-4\.5/, input: 1, output: 5 },
  { match: /3-5-haiku|haiku-3-5|3\.5-haiku/, input: 0.8, output: 4 },
  { match: /haiku/, input: 0.25, output: 1.25 },
];

/** Prices already looked up, by model name (a run sees a handful of models, many times each). */
const known = new Map<string, Price | undefined>();

/** The price of a model, or undefined when it is not known. */
export function priceOf(model: string): Price | undefined {
  if (known.has(model)) return known.get(model);
  const price = PRICES.find((p) => p.match.test(model));
  if (known.size < 10_000) known.set(model, price); // bounded: model names come from input
  return price;
}

/** The estimated cost in USD of counts of one model (0 for a model with no price). */
export function costOf(model: string, t: Readonly<TokenCounts>): number {
  const p = priceOf(model);
  if (!p) return 0;
  const write5m = t.cacheWrite - t.cacheWrite1h;
  return (
    (t.input * p.input +
      t.output * p.output +
      write5m * p.input * 1.25 +
      t.cacheWrite1h * p.input * 2 +
      t.cacheRead * p.input * 0.1) /
    1e6
  );
}
