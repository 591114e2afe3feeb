import { count } from '../../../src/usage/tokens.js';
import { isObj, NONE, str, type UsageExtractor } from '../../../src/usage/extractor.js';

/** Every bird line with `tokens` is one reply of its chat. */
export const parrotUsage: UsageExtractor = {
  format: 'parrot',
  needles: ['"tokens"'],
  reader: () => (v) => {
    if (!isObj(v) || !isObj(v.tokens)) return NONE;
    return [
      {
        session: str(v.chat) ?? 'unknown',
        model: str(v.model) ?? 'unknown',
        tokens: {
          input: count(v.tokens.in),
          output: count(v.tokens.out),
          cacheWrite: 0,
          cacheRead: 0,
          cacheWrite1h: 0,
        },
      },
    ];
  },
};
