import { EVENT_VERSION, type Event } from '../../events/event.js';
import { isRecord, type DecodeOptions, type Decoder } from '../adapter.js';
import { RecordRejected } from '../record-rejected.js';
import { GeminiHistory, type HistoryEntry } from './history.js';
import { messageDrafts, snapshotText, usageDraft, type Draft } from './message-events.js';
import { geminiRecordKind } from './record-kind.js';
import { sessionOfFile } from './session-of-file.js';
import { geminiTokensOf } from './tokens.js';

type Fields = Record<string, unknown>;

const s = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The messages a history holds for `maxHeld` (the decoder's `maxHeldMessages` option). */
const MAX_HELD = 10_000;

/**
 * Gemini CLI session lines -> canonical events (docs/formats/gemini.md). A message can be written
 * again, rewound or replaced by a checkpoint until the session ends, so the history is held
 * (GeminiHistory, bounded) and its events given at the end of the input, or when a metadata line
 * starts another session: `session_start`, each message's events in history order (a checkpoint
 * as a `compaction`), the summary as a `title`, the usage of replies that left the history (their
 * tokens were spent), `session_end`.
 */
export function geminiDecoder(options: DecodeOptions = {}): Decoder {
  const source = typeof options.source === 'string' ? options.source : '-';
  const maxHeld = typeof options.maxHeldMessages === 'number' ? options.maxHeldMessages : MAX_HELD;
  const history = new GeminiHistory(maxHeld);
  let started = false;
  let lastLine = 0;
  let firstLine = 0;
  let total = 0;

  const session = (): string => s(history.meta.sessionId) ?? sessionOfFile(source);
  const ev = (kind: string, line: number, fields: Fields = {}): Event => {
    const e: Fields = {
      v: EVENT_VERSION,
      session: session(),
      origin: { format: 'gemini', source, line },
      kind,
    };
    for (const k in fields) if (fields[k] !== undefined) e[k] = fields[k];
    return e as unknown as Event;
  };
  const start = (line: number): Event[] => {
    if (started) return [];
    started = true;
    const m = history.meta;
    const meta: Fields = {};
    for (const k of ['projectHash', 'kind', 'directories']) if (m[k] != null) meta[k] = m[k];
    const dirs = Array.isArray(m.directories) ? m.directories : [];
    return [
      ev('session_start', line, {
        agent: 'gemini-cli',
        time: s(m.startTime),
        project: s(dirs[0]),
        sidechain: m.kind === 'subagent' ? true : undefined,
        meta: Object.keys(meta).length > 0 ? { gemini: meta } : undefined,
      }),
    ];
  };
  const draftEvent = (d: Draft, entry: HistoryEntry & { kind: 'message' }): Event => {
    const r = entry.record;
    const f: Fields = { id: r.id, time: s(r.timestamp) };
    // A draft's own time (a thought's, a tool result's) wins; one it lacks keeps the message's.
    for (const k in d.fields) if (d.fields[k] !== undefined) f[k] = d.fields[k];
    if (d.kind === 'unknown') f.record = r;
    if (d.kind === 'usage') total += (d.fields.meta as { gemini: { total: number } }).gemini.total;
    return ev(d.kind, entry.line, f);
  };
  /** An entry's events; `next`, the entry after it, gives a checkpoint its snapshot. */
  const eventsOf = (entry: HistoryEntry, next?: HistoryEntry): Event[] => {
    if (entry.kind === 'checkpoint') {
      const summary = next?.kind === 'message' ? snapshotText(next.record) : undefined;
      return [ev('compaction', entry.line, { summary, meta: { gemini: { checkpoint: true } } })];
    }
    return messageDrafts(entry.record).map((d) => draftEvent(d, entry));
  };
  const finish = (): Event[] => {
    const empty = history.entries().length === 0 && history.dropped().length === 0;
    if (!started && empty && history.meta.sessionId === undefined) return [];
    const out = start(firstLine);
    const entries = history.entries();
    entries.forEach((entry, i) => out.push(...eventsOf(entry, entries[i + 1])));
    if (s(history.meta.summary)) out.push(ev('title', lastLine, { title: history.meta.summary }));
    for (const entry of history.dropped()) {
      if (entry.kind !== 'message' || !geminiTokensOf(entry.record.tokens)) continue;
      const d = usageDraft(entry.record, { dropped: true });
      if (d) out.push(draftEvent(d, entry));
    }
    const end: Fields = { meta: { gemini: { synthesized: true } } };
    if (total > 0) end.totalTokens = total;
    if (s(history.meta.lastUpdated)) end.time = history.meta.lastUpdated;
    out.push(ev('session_end', lastLine, end));
    started = false;
    total = 0;
    firstLine = 0;
    history.clear();
    return out;
  };

  return {
    decode(rec) {
      if (rec.value === undefined) return []; // not JSON: the writer reports it
      const v = rec.value;
      if (!isRecord(v) || geminiRecordKind(v) === undefined) {
        throw new RecordRejected(
          'not a Gemini CLI session line: a metadata line, a message, $set or $rewindTo expected',
        );
      }
      let applied = history.apply(v, rec.line);
      const out: Event[] = [];
      if (applied.newSession) {
        out.push(...finish());
        applied = history.apply(v, rec.line);
      }
      lastLine = rec.line;
      if (firstLine === 0) firstLine = rec.line;
      if (applied.overflow.length > 0) {
        out.push(...start(rec.line));
        for (const entry of applied.overflow) out.push(...eventsOf(entry));
      }
      return out;
    },
    end: finish,
  };
}
