import { basename } from 'node:path';
import { BoundedMap } from '../../events/bounded-map.js';
import type { Event } from '../../events/event.js';
import type { Rec } from '../../stream/rec.js';
import type { DecodeOptions, Decoder } from '../adapter.js';
import { isObj, str } from './call.js';
import { RECORD_KINDS } from './index.js';
import { callEvents, recordEvent, type RecordBase } from './call-events.js';
import { HarnessReader } from './harness.js';
import { readHttpCall } from './http-call.js';
import { unwrapRecord } from './record.js';
import { UnansweredCalls } from './unanswered-calls.js';

/** Reports a stream problem (no `eof`, an `integrity_error`) for a line: `convert` rejects it. */
export type StreamReport = (line: number, message: string) => void;

/** One transcript's state: its calls so far, tool names, and what its records counted. */
interface Session {
  readonly id: string;
  chatCalls: number;
  readonly names: BoundedMap<string, string>;
  readonly unanswered: UnansweredCalls;
  readonly counts: Record<string, number>;
  lastLine: number;
  time?: string;
}

/** The name of a source as a session: its file name without `.jsonl`/`.ndjson`/`.gz`. */
function sourceSession(source: string): string {
  if (source === '-') return 'auto-swe';
  return basename(source).replace(/(\.(jsonl|ndjson|json))?(\.gz)?$/, '') || 'auto-swe';
}

/**
 * auto-swe transcript records -> canonical events (docs/formats/auto-swe.md). A content stream
 * is one session (named by its file, or by the export's `transcript.id` for export lines).
 * Every event says the record kind it came from in `meta.autoSwe.source`.
 */
export function autoSweDecoder(options: DecodeOptions = {}): Decoder {
  const source = typeof options.source === 'string' ? options.source : '-';
  const report: StreamReport =
    typeof options.report === 'function' ? (options.report as StreamReport) : () => {};
  const fallback = sourceSession(source);
  const sessions = new Map<string, Session>();
  const harness = new HarnessReader(options.replyUsage);
  /** `eof` seen since the last record, `integrity_error` seen, the last line read. */
  let ended: 'eof' | 'integrity_error' | undefined;
  let lastLine = 0;
  let last: string | undefined;

  const sessionOf = (id: string, rec: Rec, out: Event[], time?: string): Session => {
    let s = sessions.get(id);
    if (!s) {
      s = {
        id,
        chatCalls: 0,
        names: new BoundedMap(100_000),
        unanswered: new UnansweredCalls(),
        counts: {},
        lastLine: rec.line,
      };
      sessions.set(id, s);
      const base = { session: id, time, origin: origin(rec), autoSwe: { source: 'stream' } };
      out.push(recordEvent(base, { kind: 'session_start', agent: 'auto-swe' }));
    }
    s.lastLine = rec.line;
    if (time !== undefined) s.time = time;
    return s;
  };
  const origin = (rec: Rec) => ({ format: 'auto-swe', source: rec.source, line: rec.line });
  const count = (s: Session, what: string): void => {
    s.counts[what] = (s.counts[what] ?? 0) + 1;
  };

  return {
    decode(rec: Rec): readonly Event[] {
      if (rec.invalid) return [];
      lastLine = rec.line;
      const { transcript, record } = unwrapRecord(rec.value);
      const r = isObj(record) ? record : {};
      const kind = str(r.kind);
      if (kind !== 'eof' && kind !== 'integrity_error') ended = undefined;
      // SDK messages still held wait for no session file past a model call: given out first
      const out: Event[] = kind === 'http_call' ? harness.flush() : [];
      // A sentinel ends the stream, not a transcript: it belongs to the last session read.
      const sentinel = kind === 'eof' || kind === 'integrity_error';
      const id = str(transcript?.id) ?? (sentinel ? last : undefined) ?? fallback;
      const s = sessionOf(id, rec, out, str(r.at));
      last = s.id;
      const base = (extra: Record<string, unknown> = {}): RecordBase => ({
        session: s.id,
        time: str(r.at),
        origin: origin(rec),
        autoSwe: { source: kind ?? 'unknown', ...extra },
      });
      count(s, kind !== undefined && RECORD_KINDS.has(kind) ? kind : 'other');
      switch (kind) {
        case 'http_call': {
          const read = readHttpCall(r);
          if (read.kind === 'chat') {
            const b = base({ provider: read.provider });
            // A call without an id is `<provider>-<n>-<k>`: the session's n-th chat call, the
            // k-th call in it that came without one (its request's new messages, then its reply).
            const n = ++s.chatCalls;
            let k = 0;
            const mint = () => `${read.provider}-${n}-${++k}`;
            const conversation = { names: s.names, unanswered: s.unanswered, mint };
            out.push(...callEvents(b, read.call, n === 1, conversation));
            if (read.error !== undefined) {
              const fields = { kind: 'notice', subtype: 'stream_error', level: 'error' };
              out.push(recordEvent(b, { ...fields, text: read.error }));
            }
          } else if (read.kind === 'error') {
            out.push(
              recordEvent(base(), {
                kind: 'notice',
                subtype: 'http_error',
                level: 'error',
                text: `${read.status ?? ''} ${read.text}`.trim(),
              }),
            );
          } else if (read.kind === 'embedding') count(s, 'embedding');
          else {
            count(s, 'unknown');
            out.push(recordEvent(base(), { kind: 'unknown', record: rec.value }));
          }
          break;
        }
        case 'harness_turn':
          harness.turnStarted();
          break; // not a conversation: the model, prompt and tool names stay in the record
        case 'harness_message':
          out.push(...harness.message(r, rec, base()));
          break;
        case 'harness_session_file':
          out.push(...harness.sessionFile(r, rec, base()));
          break;
        case 'marker': {
          const reason = str(r.reason) ?? str(r.marker) ?? '';
          out.push(
            recordEvent(base(), {
              kind: 'notice',
              subtype: 'marker',
              level: 'warning',
              text: reason,
            }),
          );
          break;
        }
        case 'eof':
          ended = 'eof';
          break;
        case 'integrity_error': {
          ended = 'integrity_error';
          const reason = str(r.reason) ?? 'unknown';
          report(rec.line, `integrity_error: ${reason} (the stream ended at a part that failed)`);
          out.push(
            recordEvent(base(), {
              kind: 'notice',
              subtype: 'integrity_error',
              level: 'error',
              text: reason,
            }),
          );
          break;
        }
        default:
          count(s, 'unknown');
          out.push(recordEvent(base(), { kind: 'unknown', record: rec.value }));
      }
      return out;
    },
    end(): readonly Event[] {
      const out: Event[] = harness.end();
      if (sessions.size === 0) return out;
      const status = ended === 'eof' ? 'complete' : (ended ?? 'incomplete');
      if (status === 'incomplete') {
        report(
          lastLine,
          'incomplete: the stream has no eof line (cut off, or not read to its end)',
        );
      }
      for (const s of sessions.values()) {
        const base: RecordBase = {
          session: s.id,
          time: s.time,
          origin: { format: 'auto-swe', source, line: s.lastLine },
          autoSwe: { source: 'stream', records: s.counts },
        };
        out.push(recordEvent(base, { kind: 'session_end', status }));
      }
      sessions.clear();
      return out;
    },
  };
}
