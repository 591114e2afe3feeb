import { count } from '../../usage/tokens.js';
import { isObj, NONE, str, type UsageExtractor } from '../../usage/extractor.js';

/**
 * rupu transcripts: one `usage` event per provider call (shared/specs/rupu-transcripts.md), each
 * counted once. `input_tokens` includes the cached input (the spec sums it as the spend "cache
 * reads included"), so the uncached input is `input_tokens - cached_tokens`, and `cached_tokens`
 * are cache reads. rupu records no cache writes. The session is the run's `run_id`.
 */
export const rupuUsage: UsageExtractor = {
  format: 'rupu',
  needles: ['usage"', '"run_start"'],
  reader(source) {
    let run: string | undefined;
    let time: string | undefined;
    return (v) => {
      if (!isObj(v) || !isObj(v.data)) return NONE;
      const d = v.data;
      if (v.type === 'run_start') {
        run = str(d.run_id) ?? run;
        time = str(d.started_at) ?? time;
        return NONE;
      }
      if (v.type !== 'usage') return NONE;
      const cached = count(d.cached_tokens);
      const input = count(d.input_tokens);
      return [
        {
          session: run ?? source,
          model: str(d.model) ?? 'unknown',
          time: str(d.time) ?? time,
          tokens: {
            input: Math.max(0, input - cached),
            output: count(d.output_tokens),
            cacheWrite: 0,
            cacheRead: cached,
            cacheWrite1h: 0,
          },
        },
      ];
    };
  },
};
