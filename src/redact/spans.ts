import { REDACTED } from './marks.js';

/** A stretch of text a rule wants replaced. */
export interface Span {
  readonly start: number;
  readonly end: number;
  /** The rule kind, counted by `--report`. */
  readonly kind: string;
  /** What replaces it; `[redacted]` when absent (PII rules use typed marks). */
  readonly mark?: string;
}

/**
 * Replaces the spans in `s`: overlapping or touching spans become one stretch with one mark
 * (`[redacted]` wins over a typed mark). A stretch that already is its mark is left as it is,
 * so redacting twice changes nothing. Returns `s` itself when nothing changed.
 */
export function applySpans(
  s: string,
  spans: Span[],
  count: (kind: string) => void,
  allowed?: ReadonlySet<string>,
): string {
  if (spans.length === 0) return s;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  let changed = false;
  let i = 0;
  while (i < spans.length) {
    const first = spans[i] as Span;
    let end = first.end;
    let mark = first.mark ?? REDACTED;
    for (i++; i < spans.length && (spans[i] as Span).start <= end; i++) {
      const next = spans[i] as Span;
      if (next.end > end) end = next.end;
      if ((next.mark ?? REDACTED) === REDACTED) mark = REDACTED;
    }
    const text = s.slice(first.start, end);
    if (text === mark || allowed?.has(text)) continue;
    out += s.slice(at, first.start) + mark;
    at = end;
    changed = true;
    count(first.kind);
  }
  return changed ? out + s.slice(at) : s;
}
