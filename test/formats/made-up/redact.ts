import type { FormatRedaction } from '../../../src/redact/facet.js';
import { callInput, resultOutput, withKey } from '../../../src/redact/withhold.js';
import { isRecord } from '../../../src/stream/is-record.js';

/** Parrot tool calls are `call` ({id, tool, input}), results `result` ({id, output}). */
export const parrotRedaction: FormatRedaction = {
  markers: ['"call"', '"result"'],
  withhold(value, ctx) {
    const { call, result } = value;
    if (isRecord(call))
      return withKey(
        value,
        'call',
        withKey(call, 'input', callInput(ctx, call.tool, call.id, call.input)),
      );
    if (isRecord(result))
      return withKey(
        value,
        'result',
        withKey(result, 'output', resultOutput(ctx, result.id, result.output)),
      );
    return value;
  },
};
