import type { Event } from '../../src/events/event.js';
import { codecOf } from '../../src/formats/codecs.js';
import type { Rec } from '../../src/stream/rec.js';

/** Decodes values (one per line) with a registered format's decoder; every event, in order. */
export function decodeAll(
  format: string,
  values: readonly unknown[],
  options: Record<string, unknown> = {},
): Event[] {
  const d = codecOf(format).decoder!({ source: 'test.jsonl', ...options });
  const out: Event[] = [];
  values.forEach((value, i) => {
    const rec: Rec = { raw: JSON.stringify(value), value, line: i + 1, source: 'test.jsonl' };
    out.push(...d.decode(rec));
  });
  out.push(...d.end());
  return out;
}

/** The events minus the session bracket, as `kind` plus chosen fields. */
export function pick(events: readonly Event[], ...fields: string[]): Record<string, unknown>[] {
  return events
    .filter((e) => e.kind !== 'session_start' && e.kind !== 'session_end')
    .map((e) => {
      const r: Record<string, unknown> = { kind: e.kind };
      for (const f of fields) {
        const v = (e as unknown as Record<string, unknown>)[f];
        if (v !== undefined) r[f] = v;
      }
      return r;
    });
}
