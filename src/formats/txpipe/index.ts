import { EVENT_KINDS, EVENT_VERSION, type Event } from '../../events/event.js';
import { eventProblem } from '../../events/validate-event.js';
import { TxpipeError } from '../../stream/errors.js';
import { isRecord, type Decoder, type Encoder, type FormatAdapter } from '../adapter.js';

const KINDS = new Set<string>(EVENT_KINDS);

/** Events written with their identity first (`v`, `kind`, `session`, `time`), then the rest. */
function ordered(ev: Event): Event {
  const { v, kind, session, time, ...rest } = ev as Event & Record<string, unknown>;
  return { v, kind, session, ...(time !== undefined ? { time } : {}), ...rest } as Event;
}

/** Events -> JSON Lines, each checked against schemas/event.schema.json (`validate: false` skips). */
export function txpipeEncoder(options: { validate?: boolean } = {}): Encoder {
  const validate = options.validate ?? true;
  return {
    encode(ev) {
      if (validate) {
        const problem = eventProblem(ev);
        if (problem) {
          throw new TxpipeError('ERR_TXPIPE_FORMAT', `not a valid txpipe event: ${problem}`, {
            source: ev.origin?.source,
            line: ev.origin?.line,
          });
        }
      }
      return [ordered(ev)];
    },
    end: () => [],
  };
}

/** JSON Lines of events -> events, each validated; a line that is not one fails naming it. */
export function txpipeDecoder(options: { source?: string } = {}): Decoder {
  const source = options.source ?? '-';
  return {
    decode(rec) {
      if (rec.invalid) return [];
      const problem = eventProblem(rec.value);
      if (problem) {
        throw new TxpipeError('ERR_TXPIPE_FORMAT', `not a valid txpipe event: ${problem}`, {
          source,
          line: rec.line,
        });
      }
      return [rec.value as Event];
    },
    end: () => [],
  };
}

/** txpipe's canonical event stream (`--to txpipe`). */
export const txpipeEvents: FormatAdapter = {
  id: 'txpipe',
  summary: "txpipe's canonical event stream (schemas/event.schema.json)",
  reference: 'docs/events.md',
  // The event's version, kind, session and origin, and the ids that link events.
  identity: ['kind', 'session', 'origin', 'callId', 'messageId', 'role'],
  detect(value) {
    return (
      isRecord(value) &&
      value.v === EVENT_VERSION &&
      typeof value.kind === 'string' &&
      KINDS.has(value.kind) &&
      isRecord(value.origin)
    );
  },
  writable: true,
  load: () =>
    Promise.resolve({
      decoder: (options) => txpipeDecoder(options as { source?: string }),
      encoder: (options) => txpipeEncoder(options as { validate?: boolean }),
    }),
  facets: {
    redaction: async () => (await import('./redact.js')).txpipeRedaction,
  },
};
