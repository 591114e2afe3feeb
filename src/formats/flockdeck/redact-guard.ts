import { utf8Prefix } from '../../clip/clip-string.js';
import { isRecord } from '../adapter.js';
import { createRedactor, type Redactor } from '../../redact/redactor.js';
import { goValue, remember, utf8Bytes } from './go-json.js';
import type { LineGuard } from './guard.js';
import { touchesSecretFile, WITHHELD_TEXT, withholdTopLevel } from './secret-calls.js';

/**
 * The redactor the Flockdeck writer uses for every line: the one place its rule set is chosen.
 */
export const flockdeckRedactor = (): Redactor => createRedactor({ rules: 'flockdeck' });

/** Flockdeck's clip marker anywhere (its `clipMarkerRe`). */
const MARKER_ANY = /\u2026\[clipped (\d+) bytes\]/;

/** Go's `Clip`: at most `n` UTF-8 bytes on a character boundary, then the marker of the bytes cut. */
export function goClip(s: string, n: number): string {
  if (s.length <= n / 3) return s; // cannot be over n bytes
  const total = utf8Bytes(s);
  if (total <= n) return s;
  const p = utf8Prefix(s, n);
  return `${s.slice(0, p.end)}\u2026[clipped ${total - p.bytes} bytes]`;
}

const MARKER_HEAD = '\u2026[clipped ';

/**
 * The length a string had as received when an earlier stage cut it, or undefined when none did:
 * a string that ends in the first marker found in it was cut by that many bytes more than it
 * shows.
 */
export function receivedLength(s: string): number | undefined {
  if (!s.includes(MARKER_HEAD)) return undefined;
  const m = MARKER_ANY.exec(s);
  if (!m || m.index + m[0].length !== s.length) return undefined;
  // Go's strconv.Atoi: a count past int64 is an error, read as 0.
  const n = m[1]!.length > 18 ? 0 : Number(m[1]);
  return utf8Bytes(s.slice(0, m.index)) + n;
}

/** Go's `ClipValue`: every string in a decoded value cut at `n` bytes (keys are not); the same
 * reference when nothing was cut. */
function clipValue(v: unknown, n: number): unknown {
  if (typeof v === 'string') return goClip(v, n);
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    v.forEach((x, i) => {
      const c = clipValue(x, n);
      if (c !== x) (out ??= v.slice())[i] = c;
    });
    return out ?? v;
  }
  if (isRecord(v)) {
    let out: Record<string, unknown> | undefined;
    for (const k of Object.keys(v)) {
      const c = clipValue(v[k], n);
      if (c !== v[k]) (out ??= { ...v })[k] = c;
    }
    return out ?? v;
  }
  return v;
}

/**
 * The Flockdeck writer's guard, in the order Flockdeck's recorder applies it (section 4 of the
 * reference): a string is redacted and then clipped, so a secret near the cut is gone before the
 * cut and a string that redaction shortens below the limit is not clipped; `clipped` gives its
 * length as received (a string that already ends in a marker counts the bytes it says were cut).
 * A tool input is withheld first when it names a secret file (its top-level strings other than
 * the path and command), then measured as Go writes it (escaped bytes), redacted, and clipped;
 * `clipped.input` is that length when a string was cut or the input already held a marker.
 */
export function flockdeckGuard(redactor: Redactor = flockdeckRedactor()): LineGuard {
  return {
    string(s, limit) {
      const got = receivedLength(s);
      // The prescan is a superset of the rules (and of the 1 MiB cap): a string it passes over
      // comes back unchanged, so the rules' dozen scans are skipped.
      const r = redactor.mayMatch(s) ? redactor.text(s) : s;
      const c = goClip(r, limit);
      const from = got ?? (c !== r ? utf8Bytes(s) : undefined);
      return { text: c, redacted: r !== s, ...(from !== undefined ? { clippedFrom: from } : {}) };
    },
    input(_tool, input, limit, secret) {
      const held = secret ? withholdTopLevel(input) : input;
      const before = goValue(held);
      // Go's JSON of the input holds every key and string (no rule's word has a byte Go escapes):
      // when the prescan passes over it, nothing in the input can be redacted.
      const red = redactor.mayMatch(before) ? redactor.value(held) : held;
      const redText = red === held ? before : goValue(red);
      if (red === held) remember(red, before);
      const value = clipValue(red, limit);
      const cut = value !== red || (before.includes(MARKER_HEAD) && MARKER_ANY.test(before));
      return {
        value,
        redacted: secret || redText !== before,
        ...(cut ? { clippedFrom: utf8Bytes(before) } : {}),
      };
    },
    secretCall: (_tool, input) => touchesSecretFile(input),
    withheld: WITHHELD_TEXT,
  };
}
