import { REDACTED } from '../marks.js';
import { toBytes } from './bytes.js';
import { flockdeckNameIsSecret } from './names.js';

/**
 * Flockdeck's RedactValue: every string redacted by `text`, and the value under a key that names a
 * secret replaced whole by the mark, whatever it holds (an object, a number, `true`, null).
 * Copy-on-write: the same reference comes back when nothing changed.
 */
export function redactFlockdeckValue(
  v: unknown,
  text: (s: string) => string,
  count: (kind: string) => void,
): unknown {
  if (typeof v === 'string') return text(v);
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const r = redactFlockdeckValue(v[i], text, count);
      if (r !== v[i]) (out ??= v.slice())[i] = r;
    }
    return out ?? v;
  }
  if (typeof v === 'object' && v !== null) {
    const obj = v as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    for (const key in obj) {
      const child = obj[key];
      let r: unknown;
      if (flockdeckNameIsSecret(toBytes(key))) {
        r = REDACTED;
        if (child !== REDACTED) count('secret-key');
      } else r = redactFlockdeckValue(child, text, count);
      if (r !== child) (out ??= { ...obj })[key] = r;
    }
    return out ?? v;
  }
  return v;
}
