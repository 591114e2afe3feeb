import { checkDepth } from '../stream/depth.js';
import type { RecordClipper } from './clip-record.js';
import { utf8Bytes } from './clip-string.js';

/** What {@link fitLine} found. */
export type Fit =
  | { readonly ok: true; readonly value: unknown; readonly text: string }
  | { readonly ok: false; readonly bytes: number };

/** The longest string lengths in a value, in UTF-8 bytes, largest first. */
function stringSizes(value: unknown, out: number[] = [], depth = 1): number[] {
  if (typeof value === 'string') out.push(utf8Bytes(value));
  else if (Array.isArray(value)) {
    checkDepth(depth);
    for (const v of value) stringSizes(v, out, depth + 1);
  } else if (typeof value === 'object' && value !== null) {
    checkDepth(depth);
    for (const v of Object.values(value)) stringSizes(v, out, depth + 1);
  }
  return out;
}

/**
 * The cap that removes at least `need` bytes when every string is cut to it ("water filling":
 * the largest strings lose the most, and none is cut below what it takes).
 */
export function capFor(sizes: readonly number[], need: number): number {
  const sorted = [...sizes].sort((a, b) => b - a);
  let removed = 0;
  for (let i = 0; i < sorted.length; i++) {
    const next = sorted[i + 1] ?? 0;
    // Cutting the i+1 largest down to `next` removes (sorted[i] - next) from each of them.
    const step = (sorted[i]! - next) * (i + 1);
    if (removed + step >= need)
      return Math.max(0, sorted[i]! - Math.ceil((need - removed) / (i + 1)));
    removed += step;
  }
  return 0;
}

/** How close under the bound a squeezed line must come before the search for more stops. */
const CLOSE_ENOUGH = 8;

/**
 * Brings a record's JSON text to at most `maxBytes` UTF-8 bytes by clipping its largest strings
 * first: it lowers one cap on every string (the clipper's own limits still apply under it) until
 * the line fits, measuring the real line each time, since markers, escapes and the `clipped` map
 * take room too; then it raises the cap again, halving the gap between the largest cap that fits
 * and the smallest that does not, so a line with escapes (`"` is written `\"`) keeps as much as
 * fits rather than what a count of its characters suggests. Fails when even a cap of 0 (every
 * clippable string reduced to its marker) leaves the line too long, or after `rounds` tries.
 * `serialise` writes a value as the line will be written (the record's numbers as read); `first`
 * is the line as the clipper's own limits leave it, as it will be written (not as it was read:
 * `\u00e9` read is `é` written).
 */
export function fitLine(
  value: unknown,
  clipper: RecordClipper,
  maxBytes: number,
  first: { value: unknown; text: string },
  rounds = 24,
  serialise: (v: unknown) => string = (v) => JSON.stringify(v),
): Fit {
  let text = first.text;
  let bytes = utf8Bytes(text);
  if (bytes <= maxBytes) return { ok: true, value: first.value, text };
  const sizes = stringSizes(first.value);
  let need = bytes - maxBytes;
  let cap = Infinity;
  /** The smallest cap known to leave the line too long. */
  let over = Math.max(0, ...sizes) + 1;
  let best: { cap: number; value: unknown; text: string; bytes: number } | undefined;
  let round = 0;
  for (; round < rounds && cap > 0; round++) {
    const next = capFor(sizes, need);
    cap = next < cap ? next : cap - 1;
    const v = clipper(value, cap);
    text = serialise(v);
    const now = utf8Bytes(text);
    if (now <= maxBytes) {
      best = { cap, value: v, text, bytes: now };
      break;
    }
    over = Math.min(over, cap);
    need += now - maxBytes;
    bytes = now;
  }
  if (!best) return { ok: false, bytes };
  // Raise the cap while the line has room left (escapes make a character cost more than a byte).
  for (round++; round < rounds * 2 && over - best.cap > 1; round++) {
    if (maxBytes - best.bytes <= CLOSE_ENOUGH) break;
    const mid = Math.floor((best.cap + over) / 2);
    const v = clipper(value, mid);
    const t = serialise(v);
    const now = utf8Bytes(t);
    if (now <= maxBytes) best = { cap: mid, value: v, text: t, bytes: now };
    else over = mid;
  }
  return { ok: true, value: best.value, text: best.text };
}
