import { callInput, resultOutput, withKey, type FormatRedaction } from '../../redact/withhold.js';

/**
 * Flockdeck v2 recordings: `tool_call` lines (`tool`, `toolUseId`, `input`) and `tool_result`
 * lines (`toolUseId`, `output`), paired by `toolUseId`. A line that changes gets `"redacted": true`.
 */
export const flockdeckRedaction: FormatRedaction = {
  markers: ['"tool_call"', '"tool_result"'],
  withhold(value, ctx) {
    if (value.type === 'tool_call')
      return withKey(value, 'input', callInput(ctx, value.tool, value.toolUseId, value.input));
    if (value.type === 'tool_result')
      return withKey(value, 'output', resultOutput(ctx, value.toolUseId, value.output));
    return value;
  },
  markChanged: (value) => withKey(value, 'redacted', true),
};
