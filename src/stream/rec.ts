/**
 * The record that flows between txpipe stages.
 *
 * `raw` is the line exactly as read (without its line break). A stage that does not change a
 * record passes the same object on; `stringify` then writes `raw` byte for byte. A stage that
 * changes `value` returns a new record through {@link withValue}, which marks it `changed`, and
 * only changed records are serialised again.
 */
export interface Rec {
  /** The input line as text, without the line break. */
  readonly raw: string;
  /** The parsed JSON value; `undefined` when the line is not JSON (see `invalid`). */
  readonly value?: unknown;
  /** 1-based line number in `source` (for JSON array / concatenated input: the value's index). */
  readonly line: number;
  /** Where the record came from: a file path, or `-` for standard input. */
  readonly source: string;
  /** The format id, once a stage has detected or produced it. */
  readonly format?: string;
  /** True when `value` no longer matches `raw`; `stringify` serialises `value` then. */
  readonly changed?: boolean;
  /** Why the line is not a JSON record; set by `parse` in `pass` mode. */
  readonly invalid?: InvalidReason;
}

export type InvalidReason = 'malformed' | 'truncated';

/** A copy of `rec` carrying a new value, marked as changed. */
export function withValue(rec: Rec, value: unknown): Rec {
  return { ...rec, value, changed: true };
}

/** A copy of `rec` whose text (a line that is not JSON) was rewritten. */
export function withRaw(rec: Rec, raw: string): Rec {
  return raw === rec.raw ? rec : { ...rec, raw };
}

/** Type guard for a record whose value is a plain JSON object. */
export function isObjectRec(rec: Rec): rec is Rec & { readonly value: Record<string, unknown> } {
  return typeof rec.value === 'object' && rec.value !== null && !Array.isArray(rec.value);
}
