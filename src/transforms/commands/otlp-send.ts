import type { CommandSpec } from '../spec.js';

export const otlpSendCommand: CommandSpec = {
  name: 'otlp-send',
  summary:
    'Post OTLP/JSON traces (convert --to otlp output) to an OTLP/HTTP endpoint as protobuf, with retries',
  options: {
    endpoint: {
      type: 'string',
      describe:
        'The OTLP/HTTP endpoint: a base URL gets /v1/traces, a URL with a path is used as is',
    },
  },
  output: 'text',
  load: async () => (await import('../otlp-send.js')).otlpSendBehaviour,
};
