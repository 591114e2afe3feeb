import type { Encoder } from '../../events/codec.js';
import { SessionTrace } from './session-trace.js';
import { traceOf, type OtlpOptions } from './trace-spans.js';

/**
 * Events -> OTLP/JSON Lines, one `TracesData` per session (the OpenTelemetry Collector's file
 * exporter writes one per line, and its `otlpjsonfile` receiver reads them back). A session is
 * written when its `session_end` comes, the rest at the end of input. At most `maxSessions`
 * sessions are held open at once: past that the oldest is written as it stands.
 */
export function otlpEncoder(options: OtlpOptions & { maxSessions?: number } = {}): Encoder {
  const open = new Map<string, SessionTrace>();
  const max = options.maxSessions ?? 10_000;
  const take = (session: string): unknown => {
    const s = open.get(session)!;
    open.delete(session);
    return traceOf(s, options);
  };
  // The event at which a session was found unwritable: convert encodes it again, and it must not
  // open that session anew.
  let refused: unknown;
  return {
    encode(ev) {
      if (ev === refused) return [];
      const out: unknown[] = [];
      let s = open.get(ev.session);
      if (!s) {
        if (open.size >= max) out.push(take(open.keys().next().value as string));
        open.set(ev.session, (s = new SessionTrace(ev.session, options.content === true)));
      }
      s.add(ev);
      if (ev.kind === 'session_end') {
        refused = ev;
        out.push(take(ev.session));
        refused = undefined;
      }
      return out;
    },
    *end() {
      // Sessions with a time first: convert stops at the first it cannot write.
      const sessions = [...open.values()];
      sessions.sort((a, b) => Number(a.start === undefined) - Number(b.start === undefined));
      for (const s of sessions) yield take(s.session);
    },
  };
}
