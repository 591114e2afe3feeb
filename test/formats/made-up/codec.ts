import type { Decoder, DecodeOptions, Encoder } from '../../../src/events/codec.js';
import { EVENT_VERSION, type Event } from '../../../src/events/event.js';
import { isRecord } from '../../../src/stream/is-record.js';

/** Parrot lines to canonical events: a message, a tool call, a tool result, a usage report. */
export function parrotDecoder(options: DecodeOptions = {}): Decoder {
  const source = typeof options.source === 'string' ? options.source : '-';
  return {
    decode(rec) {
      const v = rec.value;
      if (!isRecord(v)) return [];
      const base = {
        v: EVENT_VERSION,
        session: String(v.chat),
        origin: { format: 'parrot', source, line: rec.line },
      } as const;
      const out: Event[] = [];
      if (typeof v.said === 'string')
        out.push({
          ...base,
          kind: v.who === 'user' ? 'user_message' : 'assistant_message',
          text: v.said,
        });
      if (isRecord(v.call))
        out.push({
          ...base,
          kind: 'tool_call',
          callId: String(v.call.id),
          name: String(v.call.tool),
          input: v.call.input,
        });
      if (isRecord(v.result))
        out.push({
          ...base,
          kind: 'tool_result',
          callId: String(v.result.id),
          output: v.result.output,
        });
      if (isRecord(v.tokens))
        out.push({
          ...base,
          kind: 'usage',
          tokens: { input: Number(v.tokens.in), output: Number(v.tokens.out) },
        });
      return out;
    },
    end: () => [],
  };
}

/** Canonical events to parrot lines (what the format can hold; other events are left out). */
export function parrotEncoder(): Encoder {
  return {
    encode(ev) {
      const line = { parrot: 1, chat: ev.session };
      switch (ev.kind) {
        case 'user_message':
          return [{ ...line, who: 'user', said: ev.text }];
        case 'assistant_message':
          return [{ ...line, who: 'bird', said: ev.text }];
        case 'tool_call':
          return [
            { ...line, who: 'bird', call: { id: ev.callId, tool: ev.name, input: ev.input } },
          ];
        case 'tool_result':
          return [{ ...line, who: 'tool', result: { id: ev.callId, output: ev.output } }];
        default:
          return [];
      }
    },
    end: () => [],
  };
}
