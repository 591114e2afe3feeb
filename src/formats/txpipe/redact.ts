import { callInput, resultOutput, withKey, type FormatRedaction } from '../../redact/withhold.js';

/** txpipe's own events: `tool_call` (`callId`, `name`, `input`) and `tool_result` (`callId`, `output`). */
export const txpipeRedaction: FormatRedaction = {
  markers: ['"tool_call"', '"tool_result"'],
  withhold(value, ctx) {
    if (value.kind === 'tool_call')
      return withKey(value, 'input', callInput(ctx, value.name, value.callId, value.input));
    if (value.kind === 'tool_result')
      return withKey(value, 'output', resultOutput(ctx, value.callId, value.output));
    return value;
  },
};
