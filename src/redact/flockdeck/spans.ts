/** A stretch of a byte string a Flockdeck rule replaces, with its kind (Flockdeck's `Kinds()`). */
export interface ByteSpan {
  readonly start: number;
  readonly end: number;
  readonly kind: string;
}

/** Flockdeck's `merge`: sorted by start (longer first), overlapping spans joined (touching kept apart). */
export function mergeByteSpans(spans: ByteSpan[]): ByteSpan[] {
  if (spans.length < 2) return spans;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: ByteSpan[] = [spans[0] as ByteSpan];
  for (let i = 1; i < spans.length; i++) {
    const sp = spans[i] as ByteSpan;
    const last = out[out.length - 1] as ByteSpan;
    if (sp.start < last.end) {
      if (sp.end > last.end) out[out.length - 1] = { ...last, end: sp.end };
    } else out.push(sp);
  }
  return out;
}
