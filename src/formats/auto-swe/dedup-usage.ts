import { stripUsage, usageSite } from '../claude-code/usage-site.js';
import { SeenKeys } from '../../usage/seen-keys.js';
import type { DedupReader, DedupReaderOptions } from '../../usage/usage-dedup.js';
import { count } from '../../usage/tokens.js';
import { withValue, type Rec } from '../../stream/rec.js';
import { isObj, str } from './call.js';
import { DeltaRanges } from './delta-ranges.js';
import { unwrapRecord } from './record.js';

interface Held {
  rec: Rec;
  /** Indexes of `lines` whose `message.usage` is to go. */
  readonly strip: Set<number>;
}

interface Report {
  readonly held: Held;
  readonly line: number;
  readonly output: number;
}

interface OpenReply {
  readonly key: string;
  readonly reports: Report[];
  kept: number;
}

/** The body of a session-file record (the record, its `data`, or an export line's record). */
function sessionFile(v: unknown): Record<string, unknown> | undefined {
  const { record } = unwrapRecord(v);
  if (!isObj(record) || record.kind !== 'harness_session_file') return undefined;
  const body = isObj(record.data) ? record.data : record;
  return Array.isArray(body.lines) ? body : undefined;
}

/** The value with the usage of the given session-file lines removed (copied, never changed). */
function stripped(v: Record<string, unknown>, lines: ReadonlySet<number>): Record<string, unknown> {
  const strip = (body: Record<string, unknown>): Record<string, unknown> => ({
    ...body,
    lines: (body.lines as unknown[]).map((l, i) =>
      lines.has(i) ? stripUsage(l as Record<string, unknown>, 'reply') : l,
    ),
  });
  const inner = (r: Record<string, unknown>): Record<string, unknown> =>
    isObj(r.data) && Array.isArray(r.data.lines) ? { ...r, data: strip(r.data) } : strip(r);
  return isObj(v.transcript) && isObj(v.record) ? { ...v, record: inner(v.record) } : inner(v);
}

/**
 * `dedup-usage` for auto-swe transcripts: in `harness_session_file` records, the Claude Code
 * lines of one reply (one `message.id` in one session, a subagent's lines apart) repeat its
 * usage; the report the keep-policy picks keeps it and the others lose `message.usage`, across
 * the deltas of later turns too (records are held while a reply is open, within the bounds). A
 * reply whose key was already counted loses it everywhere. `http_call` records have one usage
 * each and pass unchanged, as every other record does (in order).
 */
export function autoSweDedup(o: DedupReaderOptions): DedupReader {
  const seen = new SeenKeys(o.maxSeenKeys);
  const open = new Map<string, OpenReply>();
  const ranges = new DeltaRanges();
  let held: Held[] = [];
  let heldBytes = 0;

  const close = (stream: string): void => {
    const r = open.get(stream);
    if (!r) return;
    open.delete(stream);
    r.reports.forEach((p, i) => {
      if (i !== r.kept) p.held.strip.add(p.line);
    });
    seen.add(r.key);
  };
  /** The held records before the first one an open reply still needs, written. */
  const release = (out: Rec[], all = false): void => {
    if (all) for (const s of [...open.keys()]) close(s);
    let upTo = held.length;
    for (const r of open.values()) upTo = Math.min(upTo, held.indexOf(r.reports[0]!.held));
    for (const h of held.slice(0, upTo)) {
      out.push(
        h.strip.size === 0
          ? h.rec
          : withValue(h.rec, stripped(h.rec.value as Record<string, unknown>, h.strip)),
      );
      heldBytes -= h.rec.raw.length;
    }
    held = held.slice(upTo);
  };

  return {
    /** The records to write now (in input order) for one record. */
    take(rec: Rec): Rec[] {
      const out: Rec[] = [];
      const body = sessionFile(rec.value);
      if (!body && held.length === 0) return [rec];
      const h: Held = { rec, strip: new Set() };
      held.push(h);
      heldBytes += rec.raw.length;
      const sid = str(body?.sessionId) ?? '-';
      // a delta given again: every report in it is a copy (the replies it holds, and the one
      // the next delta may continue, stay as the first delta left them)
      const repeated = body !== undefined && ranges.repeated(body);
      ((body?.lines as unknown[] | undefined) ?? []).forEach((line, i) => {
        if (usageSite(line) !== 'reply') return;
        if (repeated) return void h.strip.add(i);
        const l = line as Record<string, unknown>;
        const m = l.message as Record<string, unknown>;
        const id = str(m.id);
        if (id === undefined) return; // a report of no reply: counted on its own
        const stream = l.isSidechain === true ? `${sid}/${str(l.agentId) ?? '-'}` : sid;
        const key = `${sid}/${id}`;
        const output = isObj(m.usage) ? count(m.usage.output_tokens) : 0;
        const cur = open.get(stream);
        if (cur && cur.key === key) {
          if (o.replace(cur.reports[cur.kept]!.output, output)) cur.kept = cur.reports.length;
          cur.reports.push({ held: h, line: i, output });
          return;
        }
        close(stream);
        if (seen.has(key)) h.strip.add(i);
        else open.set(stream, { key, reports: [{ held: h, line: i, output }], kept: 0 });
      });
      release(out, held.length >= o.maxHeldRecords || heldBytes >= o.maxHeldBytes);
      return out;
    },
    /** Everything still held (the end of an input). */
    end(): Rec[] {
      const out: Rec[] = [];
      release(out, true);
      return out;
    },
  };
}
