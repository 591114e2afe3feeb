import { clipString, markerBytes, utf8Bytes } from './clip-string.js';
import { checkDepth } from '../stream/depth.js';
import type { PathSegment } from './limits.js';

/** One string that was cut: where, and its length in bytes before cutting. */
export interface Cut {
  readonly path: readonly PathSegment[];
  readonly bytes: number;
}

/** How {@link clipValue} finds limits. */
export interface ValueLimits {
  /** The limit of the string at `path` (`Infinity`: leave it). */
  limitAt(path: readonly PathSegment[]): number;
  /** A string of at most `smallest / 3` UTF-16 units fits every limit and is not looked up. */
  readonly smallest: number;
  /**
   * A lower limit (how a line is squeezed under a size), applied only to strings it saves bytes
   * on: cutting a string only a little over the cap would cost more in marker and map entry
   * (`capCost`) than it removes.
   */
  readonly cap?: number;
  /** The bytes a cut of a string of `bytes` at `path` adds besides its text (marker, map entry). */
  capCost?(path: readonly PathSegment[], bytes: number): number;
}

/**
 * Clips every string in `value` to its limit. Copy on write: what did not change is the same
 * object (the whole value when nothing was cut), and the input is never mutated. `cuts` receives
 * one entry per string cut in this call; a string that already carries a marker and fits is left
 * as it is and not reported again. Throws `TooDeepError` past `MAX_DEPTH` levels.
 */
export function clipValue(
  value: unknown,
  limits: ValueLimits,
  cuts: Cut[],
  path: PathSegment[] = [],
): unknown {
  if (typeof value === 'string') {
    if (value.length * 3 <= limits.smallest) return value;
    let limit = limits.limitAt(path);
    if (limit === Infinity) return value;
    const cap = limits.cap ?? Infinity;
    if (cap < limit) {
      const bytes = utf8Bytes(value);
      const cost = markerBytes(bytes) + (limits.capCost?.(path, bytes) ?? 0);
      if (bytes - cap > cost) limit = cap;
    }
    const r = clipString(value, limit);
    if (r.text === value) return value;
    cuts.push({ path: [...path], bytes: r.bytes });
    return r.text;
  }
  if (typeof value !== 'object' || value === null) return value;
  checkDepth(path.length + 1);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const v = clipValue(value[i], limits, cuts, path);
      path.pop();
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    path.push(key);
    const v = clipValue(obj[key], limits, cuts, path);
    path.pop();
    if (v !== obj[key]) (out ??= { ...obj })[key] = v;
  }
  return out ?? value;
}
