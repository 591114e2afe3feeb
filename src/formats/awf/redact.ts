import { isRecord } from '../adapter.js';
import { callInput, resultOutput, withKey, type FormatRedaction } from '../../redact/withhold.js';

/** AWF exchange transcripts: `tool.call` / `tool.result` lines whose `payload` has `call_id`. */
export const awfRedaction: FormatRedaction = {
  markers: ['"tool.call"', '"tool.result"'],
  withhold(value, ctx) {
    const p = value.payload;
    if (!isRecord(p)) return value;
    let next = p;
    if (value.type === 'tool.call')
      next = withKey(p, 'input', callInput(ctx, p.name, p.call_id, p.input));
    else if (value.type === 'tool.result')
      next = withKey(p, 'output', resultOutput(ctx, p.call_id, p.output));
    return withKey(value, 'payload', next);
  },
};
