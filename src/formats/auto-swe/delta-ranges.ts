import { BoundedMap } from '../../events/bounded-map.js';
import { isObj, str } from './call.js';

/**
 * How far each Claude session's file has been read by the `harness_session_file` deltas so far,
 * to know a delta given again. The spec: each delta holds the bytes after the previous one's
 * offset, and the offset advances only when a delta is stored, so a stored delta never holds
 * bytes an earlier one held, unless the file was read from 0 again (`reset: true`). A delta
 * whose whole range (`offset`, `bytes`) lies before where the file was read to is a record
 * repeated (a transcript joined to itself, an export replayed): its lines were read already.
 */
export class DeltaRanges {
  private readonly readTo: BoundedMap<string, number>;

  constructor(maxSessions = 100_000) {
    this.readTo = new BoundedMap(maxSessions);
  }

  /** Whether `body` (a delta's fields) was read already; else notes where it reads the file to. */
  repeated(body: Readonly<Record<string, unknown>>): boolean {
    const sid = str(body.sessionId);
    const offset = body.offset;
    const bytes = body.bytes;
    if (sid === undefined || !isCount(offset) || !isCount(bytes)) return false;
    const end = offset + bytes;
    const before = this.readTo.get(sid);
    if (body.reset !== true && before !== undefined && bytes > 0 && end <= before) return true;
    this.readTo.set(sid, body.reset === true ? end : Math.max(end, before ?? 0));
    return false;
  }
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A `harness_session_file` record's delta fields (on the record or under `data`). */
export const deltaBody = (
  r: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> => (isObj(r.data) ? r.data : r);
