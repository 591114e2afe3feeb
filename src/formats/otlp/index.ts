import { isRecord, type FormatAdapter } from '../adapter.js';

/**
 * OpenTelemetry traces as OTLP/JSON Lines (`--to otlp`): one `TracesData` per session, spans named
 * and attributed by the OpenTelemetry GenAI semantic conventions with OpenInference's attributes
 * beside them (docs/otlp.md). Written only: a trace is not read back into events.
 */
export const otlp: FormatAdapter = {
  id: 'otlp',
  summary:
    'OpenTelemetry traces (OTLP/JSON Lines, GenAI semantic conventions + OpenInference); write only',
  reference: 'docs/otlp.md',
  identity: ['resourceSpans', 'traceId', 'spanId', 'parentSpanId', 'key'],
  detect: (value) => isRecord(value) && Array.isArray(value.resourceSpans),
  writable: true,
  options: {
    otlpContent: {
      type: 'boolean',
      describe:
        'With --to otlp: write prompts, replies, tool inputs and outputs on the spans (gen_ai.input.messages, ...); redact first',
    },
  },
  load: async () => {
    const { otlpEncoder } = await import('./encoder.js');
    return { encoder: (o) => otlpEncoder({ content: o?.otlpContent === true }) };
  },
};
