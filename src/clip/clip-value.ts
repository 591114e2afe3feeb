import { clipString, utf8Bytes } from './clip-string.js';
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
   * A lower limit for every string that is more than `capSlack` bytes over it (how a line is
   * squeezed under a size): cutting a string only a little over it would cost more in marker and
   * map entry than it saves.
   */
  readonly cap?: number;
}

/** Bytes a string must be over the cap to be cut by it: about a marker and a map entry. */
export const capSlack = 128;

/**
 * Clips every string in `value` to its limit. Copy on write: what did not change is the same
 * object (the whole value when nothing was cut), and the input is never mutated. `cuts` receives
 * one entry per string cut in this call; a string that already carries a marker and fits is left
 * as it is and not reported again.
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
    if (cap < limit && utf8Bytes(value) > cap + capSlack) limit = cap;
    const r = clipString(value, limit);
    if (r.text === value) return value;
    cuts.push({ path: [...path], bytes: r.bytes });
    return r.text;
  }
  if (typeof value !== 'object' || value === null) return value;
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
