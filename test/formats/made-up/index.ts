// A made-up format, "parrot", written the way a new format is added: this one folder and one
// registry entry (`registerFormat(parrot)`, where a built-in format is a line in
// src/formats/registry.ts). test/formats/made-up-format.test.ts runs every command on it.
//
// A parrot line: {"parrot": 1, "chat": <session>, "who": "user" | "bird" | "tool", ...} with
// `said` (a message), `call` ({id, tool, input}: a tool call), `result` ({id, output}) and, on a
// bird's line, `model` and `tokens` ({in, out}).
import type { FormatAdapter } from '../../../src/formats/adapter.js';
import { isRecord } from '../../../src/stream/is-record.js';

export const parrot: FormatAdapter = {
  id: 'parrot',
  summary: 'a made-up format for tests',
  reference: 'test/formats/made-up/index.ts',
  detect: (value) => isRecord(value) && value.parrot === 1 && typeof value.chat === 'string',
  writable: true,
  load: async () => {
    const { parrotDecoder, parrotEncoder } = await import('./codec.js');
    return { decoder: parrotDecoder, encoder: parrotEncoder };
  },
  facets: {
    redaction: async () => (await import('./redact.js')).parrotRedaction,
    clip: async () => (await import('./clip.js')).parrotProfile,
    usage: async () => (await import('./usage.js')).parrotUsage,
  },
};
