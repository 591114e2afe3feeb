import { readFileSync } from 'node:fs';
import { badOption } from '../stream/errors.js';
import { BUILT_IN_PRICES, type ModelPrice, type PriceList } from './price-list.js';
import type { TokenCounts } from './tokens.js';

/** US dollars per million tokens of one model, every kind of token priced. */
export interface Price {
  readonly input: number;
  readonly output: number;
  readonly cacheWrite: number;
  readonly cacheWrite1h: number;
  readonly cacheRead: number;
}

/**
 * A price table made ready to use: each model's price found once (the first pattern that matches
 * its name), cache prices absent from the table taken as Anthropic's rule (writes 1.25x input,
 * 1-hour writes 2x, reads 0.1x). A model no pattern matches has no price.
 */
export class PriceTable {
  readonly list: PriceList;
  readonly #rules: readonly { readonly re: RegExp; readonly price: Price }[];
  /** Prices already looked up, by model name (a run sees a handful of models, many times each). */
  readonly #known = new Map<string, Price | undefined>();

  constructor(list: PriceList) {
    this.list = list;
    this.#rules = list.models.map((m) => ({ re: new RegExp(m.match), price: priced(m) }));
  }

  /** The price of a model, or undefined when it is not known. */
  priceOf(model: string): Price | undefined {
    if (this.#known.has(model)) return this.#known.get(model);
    const price = this.#rules.find((r) => r.re.test(model))?.price;
    if (this.#known.size < 10_000) this.#known.set(model, price); // bounded: names come from input
    return price;
  }

  /** The estimated cost in USD of counts of one model (0 for a model with no price). */
  costOf(model: string, t: Readonly<TokenCounts>): number {
    const p = this.priceOf(model);
    return p ? costAt(p, t) : 0;
  }
}

/** The cost in USD of counts at a price. */
export function costAt(p: Price, t: Readonly<TokenCounts>): number {
  const write5m = t.cacheWrite - t.cacheWrite1h;
  return (
    (t.input * p.input +
      t.output * p.output +
      write5m * p.cacheWrite +
      t.cacheWrite1h * p.cacheWrite1h +
      t.cacheRead * p.cacheRead) /
    1e6
  );
}

function priced(m: ModelPrice): Price {
  return {
    input: m.input,
    output: m.output,
    cacheWrite: m.cacheWrite ?? m.input * 1.25,
    cacheWrite1h: m.cacheWrite1h ?? m.input * 2,
    cacheRead: m.cacheRead ?? m.input * 0.1,
  };
}

/** The built-in table (`BUILT_IN_PRICES`). */
export const builtInPrices = new PriceTable(BUILT_IN_PRICES);

/** The price of a model in the built-in table, or undefined when it is not known. */
export function priceOf(model: string): Price | undefined {
  return builtInPrices.priceOf(model);
}

/** The estimated cost in USD of counts of one model at the built-in prices. */
export function costOf(model: string, t: Readonly<TokenCounts>): number {
  return builtInPrices.costOf(model, t);
}

const PRICE_FIELDS = ['input', 'output', 'cacheWrite', 'cacheWrite1h', 'cacheRead'] as const;

/**
 * A price table read from a JSON file in the shape of `PriceList` (`--prices FILE`). A file that
 * cannot be read or is not of that shape is a usage error naming it and what is wrong.
 */
export function loadPriceList(file: string): PriceTable {
  const bad = (why: string): never => badOption(`prices: ${file}: ${why}`);
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return bad(
      err instanceof SyntaxError ? `not JSON (${err.message})` : String((err as Error).message),
    );
  }
  const list = v as Partial<PriceList> | null;
  if (typeof list !== 'object' || list === null || !Array.isArray(list.models)) {
    return bad(
      'not a price table: { "source", "date", "models": [{ "match", "input", "output", ... }] }',
    );
  }
  list.models.forEach((m: Partial<ModelPrice>, i) => {
    if (typeof m?.match !== 'string') bad(`models[${i}].match is not a string`);
    try {
      new RegExp(m.match!);
    } catch {
      bad(`models[${i}].match is not a regular expression: ${m.match}`);
    }
    for (const f of PRICE_FIELDS) {
      const n = m[f];
      const required = f === 'input' || f === 'output';
      if (
        (required || n !== undefined) &&
        !(typeof n === 'number' && Number.isFinite(n) && n >= 0)
      ) {
        bad(`models[${i}].${f} is not a price (a number of dollars per million tokens)`);
      }
    }
  });
  return new PriceTable({
    source: typeof list.source === 'string' ? list.source : file,
    date: typeof list.date === 'string' ? list.date : '',
    models: list.models,
  });
}
