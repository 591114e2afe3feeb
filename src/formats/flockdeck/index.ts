import { isRecord, type FormatAdapter } from '../adapter.js';
import type { FlockdeckEncodeOptions } from './encoder.js';

/**
 * Flockdeck pane recordings: every line has the envelope `v`, `seq`, `time`, `session`,
 * `conversation`, `agent`, `type`. Detection accepts any `v` so that a reader can refuse a version
 * other than 2 by name instead of calling the file unknown.
 */
export const flockdeck: FormatAdapter = {
  id: 'flockdeck',
  summary: 'Flockdeck pane recording, format v2',
  reference: 'shared/specs/flockdeck-recording-format.md, flockdeck-recording-line.schema.json',
  // Its envelope (`type`, `session`, `seq`, ...) lies outside the six fields its clip profile
  // cuts, and inside `input` Flockdeck's own writer cuts every string: nothing to add.
  identity: [],
  detect(value) {
    return (
      isRecord(value) &&
      typeof value.v === 'number' &&
      typeof value.seq === 'number' &&
      typeof value.session === 'string' &&
      typeof value.conversation === 'string' &&
      typeof value.type === 'string'
    );
  },
  writable: true,
  load: async () => {
    const [{ flockdeckDecoder }, { flockdeckEncoder }] = await Promise.all([
      import('./decoder.js'),
      import('./encoder.js'),
    ]);
    return {
      decoder: (options) => flockdeckDecoder(options as { source?: string }),
      encoder: (options) => flockdeckEncoder(options as FlockdeckEncodeOptions),
    };
  },
  facets: {
    redaction: async () => (await import('./redact.js')).flockdeckRedaction,
    clip: async () => (await import('./clip.js')).flockdeckProfile,
    usage: async () => (await import('./usage.js')).flockdeckUsage,
  },
};
