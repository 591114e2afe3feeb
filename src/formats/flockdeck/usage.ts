import { count } from '../../usage/tokens.js';
import { isObj, NONE, str, type UsageExtractor } from '../../usage/extractor.js';

/**
 * Flockdeck v2 recordings: `usage` is written once per reply, on the reply's first
 * `assistant_message` or `tool_call` line (shared/specs/flockdeck-recording-format.md), so every
 * line that has one is counted, with no dedup. The session is the line's `conversation`.
 */
export const flockdeckUsage: UsageExtractor = {
  format: 'flockdeck',
  needles: ['usage"'],
  resumable: true,
  reader() {
    return (v) => {
      if (!isObj(v) || !isObj(v.usage)) return NONE;
      const u = v.usage;
      return [
        {
          session: str(v.conversation) ?? str(v.session) ?? 'unknown',
          model: str(v.model) ?? 'unknown',
          time: str(v.time),
          tokens: {
            input: count(u.inputTokens),
            output: count(u.outputTokens),
            cacheWrite: count(u.cacheCreationInputTokens),
            cacheRead: count(u.cacheReadInputTokens),
            cacheWrite1h: 0,
          },
        },
      ];
    };
  },
};
