import { checkDepth } from '../stream/depth.js';
import { withValue, type Rec } from '../stream/rec.js';

/** An escaped surrogate half in JSON text (`\ud800`...`\udfff`, either case). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** A surrogate half that is not part of a pair. */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const fixed = (s: string): string => s.replace(LONE, '\uFFFD');

/** `v` with every lone surrogate (in strings and keys) made U+FFFD; `v` itself when it has none. */
function wellFormed(v: unknown, depth = 1): unknown {
  if (typeof v === 'string') return fixed(v);
  if (typeof v !== 'object' || v === null) return v;
  checkDepth(depth);
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const c = wellFormed(v[i], depth + 1);
      if (c !== v[i]) (out ??= v.slice())[i] = c;
    }
    return out ?? v;
  }
  const obj = v as Record<string, unknown>;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) {
    const key = fixed(k);
    const c = wellFormed(obj[k], depth + 1);
    if (key !== k || c !== obj[k]) changed = true;
    out[key] = c;
  }
  return changed ? out : v;
}

/**
 * A record as Go's JSON decoder reads it (Flockdeck's `redact`): a lone surrogate escape in the
 * line (`"\ud800"`) is U+FFFD in the value, so the record is written again with U+FFFD when it
 * holds one. The line's text is looked at first: only a line with a surrogate escape is walked.
 */
export function asGoDecodes(rec: Rec): Rec {
  if (rec.value === undefined || !SURROGATE_ESCAPE.test(rec.raw)) return rec;
  const v = wellFormed(rec.value);
  return v === rec.value ? rec : withValue(rec, v);
}
