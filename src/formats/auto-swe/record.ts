import { isObj } from './call.js';

/** Whether a value is a platform export line: `{"transcript": {...}, "record": {...}}`. */
export function isExportLine(
  v: unknown,
): v is { transcript: Record<string, unknown>; record: unknown } {
  if (!isObj(v) || !isObj(v.transcript) || !isObj(v.record)) return false;
  for (const k in v) if (k !== 'transcript' && k !== 'record') return false;
  return true;
}

/** A line's record, and the transcript it belongs to when it is an export line. */
export function unwrapRecord(v: unknown): {
  transcript?: Record<string, unknown>;
  record: unknown;
} {
  return isExportLine(v) ? { transcript: v.transcript, record: v.record } : { record: v };
}
