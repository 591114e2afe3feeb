import { isRecord } from '../stream/is-record.js';
import { withRaw, withValue, type Rec } from '../stream/rec.js';
import { currentText } from '../stream/stringify.js';
import { hasDuplicateKeys } from './duplicate-keys.js';
import type { FormatRedaction } from './facet.js';
import { PendingCalls } from './pending-calls.js';
import { PRESCAN_FILE, PRESCAN_NONE, PRESCAN_TEXT } from './prescan.js';
import type { Redactor } from './redactor.js';
import { SECRET_FILE_PRESCAN } from './secret-files.js';

/** How many records of an input are tried by the detectors before it is taken as unknown. */
const DETECT_TRIES = 32;

/**
 * The redaction facet of a record's format (detected from the record, or `rec.format`), or
 * undefined when no format claims it or the format has no tool calls. Asked for the first records
 * of each input until it answers.
 */
export type RedactionOf = (rec: Rec) => FormatRedaction | undefined;

/**
 * The per-record logic of `redact`: a record passes as the same object unless the prescan of its
 * raw line finds a candidate (a rule's literal, a secret name with a separator, a tool call naming
 * a secret-looking file, a pending call's id); only then is the value walked. The format of each
 * input is detected once (its first records, `redactionOf`) and picks where tool calls and results
 * live.
 */
export function createRecordRedactor(
  redactor: Redactor,
  maxPendingCalls: number,
  redactionOf: RedactionOf,
  /** The prescan's verdict on `rec.raw` (an unchanged record's) when it is known already (judged ahead), else undefined. */
  verdictOf?: (rec: Rec) => number | undefined,
): (rec: Rec) => Rec {
  const calls = new PendingCalls(maxPendingCalls);
  const ctx = { redactor, calls };
  let source: string | undefined;
  let handler: FormatRedaction | undefined;
  let tries = 0;

  const formatOf = (rec: Rec): FormatRedaction | undefined => {
    if (rec.source !== source) {
      source = rec.source;
      handler = undefined;
      tries = 0;
    }
    if (handler === undefined && tries < DETECT_TRIES) {
      tries++;
      handler = redactionOf(rec);
    }
    return handler;
  };

  /**
   * A line that holds a key twice (the parse kept the last value only): judged as JSON text,
   * every key and value as the value walk judges them, its other bytes kept (`Redactor.json`);
   * for a rule set without that reading, the value redacted and re-serialised (the keys the parse
   * dropped go, with what they held).
   */
  const judgedAsText = (rec: Rec, raw: string): Rec => {
    const text = redactor.json?.(raw);
    if (text === undefined) {
      const value = redactor.value(rec.value);
      return withValue(rec, value);
    }
    if (text === raw) return rec;
    return { ...rec, raw: text, value: JSON.parse(text) as unknown, changed: false };
  };

  return (rec: Rec): Rec => {
    // Asked of every record, in order (the verdicts are adopted in that order).
    const judged = verdictOf?.(rec);
    if (rec.value === undefined) return withRaw(rec, redactor.text(rec.raw));
    const format = formatOf(rec);
    // A record an earlier stage changed or made (convert, replay) is judged by the text it now
    // stands for: its `raw` is the line as read, or empty.
    const raw = currentText(rec);
    const seen = judged ?? redactor.prescan(raw);
    const withhold =
      format !== undefined &&
      isRecord(rec.value) &&
      ((calls.size > 0 && calls.mentionedIn(raw)) ||
        (seen !== PRESCAN_NONE &&
          format.markers.some((m) => raw.includes(m)) &&
          ((seen & PRESCAN_FILE) !== 0 || SECRET_FILE_PRESCAN.test(raw))));
    let value = rec.value;
    if (format?.rewrite && isRecord(value) && format.rewriteMarkers?.some((m) => raw.includes(m)))
      value = format.rewrite(value);
    if (!withhold && (seen & PRESCAN_TEXT) === 0)
      return value === rec.value ? rec : withValue(rec, value);
    if (withhold)
      value = (format as FormatRedaction).withhold(value as Record<string, unknown>, ctx);
    // A line holding a key twice is judged as its text (the parse kept one value of the key).
    if (!withhold && value === rec.value && hasDuplicateKeys(raw)) return judgedAsText(rec, raw);
    value = redactor.value(value);
    if (value === rec.value) return rec;
    if (format?.markChanged && isRecord(value)) value = format.markChanged(value);
    return withValue(rec, value);
  };
}
