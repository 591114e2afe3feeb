import { isObj, NONE, str, type UsageExtractor } from '../../usage/extractor.js';
import { codexDedup } from './dedup-usage.js';
import { sessionOfFile } from './session-of-file.js';
import { modelNamed, TokenDeltas } from './token-deltas.js';

/**
 * The model of calls no `turn_context` names (rollouts older than it): `gpt-5`, as ccusage's
 * Codex reader assumes (docs/formats/codex.md).
 */
export const FALLBACK_MODEL = 'gpt-5';

/**
 * Codex rollouts: one entry per model call, from the `token_count` events (TokenDeltas: the
 * running totals turned into per-call usage, a repeated report counted once). Codex's
 * `input_tokens` includes the cached input, so input = input − cached and cache read = cached;
 * `output_tokens` includes the reasoning tokens, which are billed as output and so stay in it.
 * OpenAI reports no cache writes. The session is `session_meta`'s id (else the file's uuid), the
 * model the latest `turn_context`'s.
 */
export const codexUsage: UsageExtractor = {
  format: 'codex',
  // `usage"` is in every token_count with counts (`total_token_usage"`, `last_token_usage"`).
  needles: ['usage"', '"turn_context"', '"session_meta"'],
  reader(source) {
    let session = sessionOfFile(source);
    let model: string | undefined;
    const deltas = new TokenDeltas();
    return (v) => {
      if (!isObj(v) || !isObj(v.payload)) return NONE;
      const p = v.payload;
      if (v.type === 'session_meta') {
        session = str(p.id) ?? session;
        return NONE;
      }
      model = modelNamed(v.type, p) ?? model;
      if (v.type !== 'event_msg' || p.type !== 'token_count') return NONE;
      const call = deltas.take(p);
      if (!call) return NONE;
      return [
        {
          session,
          model: model ?? FALLBACK_MODEL,
          time: str(v.timestamp),
          tokens: {
            input: call.input - call.cached,
            output: call.output,
            cacheWrite: 0,
            cacheRead: call.cached,
            cacheWrite1h: 0,
          },
        },
      ];
    };
  },
  dedupReader: codexDedup,
};
