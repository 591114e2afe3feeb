import { BoundedMap } from '../../events/bounded-map.js';
import { isObj, str } from './call.js';

/**
 * The ranges of each Claude session's file that its `harness_session_file` deltas have read, to
 * know a delta given again. The spec: each delta holds the bytes after the previous one's
 * offset, and the offset advances only when a delta is stored, so no two stored deltas of a
 * session hold the same range unless the file was read from 0 again (`reset: true`, which
 * starts the session's ranges anew). A delta of the same `offset` and `bytes` as an earlier one
 * is a record repeated (a transcript joined to itself, an export replayed): its lines were read
 * already. Only that exact range counts: deltas out of order (records reordered) are all read.
 * Bounded: `maxSessions` sessions, `maxRanges` ranges each (the oldest forgotten).
 */
export class DeltaRanges {
  private readonly ranges: BoundedMap<string, Set<string>>;

  constructor(
    maxSessions = 10_000,
    private readonly maxRanges = 10_000,
  ) {
    this.ranges = new BoundedMap(maxSessions);
  }

  /** Whether `body` (a delta's fields) was read already; else notes its range as read. */
  repeated(body: Readonly<Record<string, unknown>>): boolean {
    const sid = str(body.sessionId);
    const offset = body.offset;
    const bytes = body.bytes;
    if (sid === undefined || !isCount(offset) || !isCount(bytes) || bytes === 0) return false;
    const range = `${offset}+${bytes}`;
    let read = body.reset === true ? undefined : this.ranges.get(sid);
    if (read?.has(range)) return true;
    if (!read) this.ranges.set(sid, (read = new Set()));
    read.add(range);
    if (read.size > this.maxRanges) read.delete(read.values().next().value as string);
    return false;
  }
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A `harness_session_file` record's delta fields (on the record or under `data`). */
export const deltaBody = (
  r: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> => (isObj(r.data) ? r.data : r);
