import { EVENT_KINDS, EVENT_VERSION } from '../events/event.js';
import { isRecord, type FormatAdapter } from './adapter.js';

const KINDS = new Set<string>(EVENT_KINDS);

/** txpipe's canonical event stream (`--to txpipe`). */
export const txpipeEvents: FormatAdapter = {
  id: 'txpipe',
  summary: "txpipe's canonical event stream (schemas/event.schema.json)",
  reference: 'docs/events.md',
  detect(value) {
    return (
      isRecord(value) &&
      value.v === EVENT_VERSION &&
      typeof value.kind === 'string' &&
      KINDS.has(value.kind) &&
      isRecord(value.origin)
    );
  },
  encoder: () => ({ encode: (ev) => [ev], end: () => [] }),
};
