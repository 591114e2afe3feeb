/**
 * Clipping one string at a UTF-8 character boundary, with the marker of the Flockdeck recording
 * format (shared/specs/flockdeck-recording-format.md, section 4, Clipping).
 *
 * The spec's example, `"output":"xxxx…[clipped 16384 bytes]","clipped":{"output":24576}`, keeps
 * 24576 - 16384 = 8192 bytes for an 8 KiB limit: the limit bounds the text KEPT, and the marker
 * comes after it. So a clipped string is at most `limit + markerBytes(N)` bytes.
 */

const MARKER_HEAD = '\u2026[clipped ';
const MARKER_TAIL = ' bytes]';
/** The longest marker tail worth looking at: '…[clipped ' + 16 digits + ' bytes]'. */
const MARKER_MAX_CHARS = MARKER_HEAD.length + 16 + MARKER_TAIL.length;
const MARKER_RE = /\u2026\[clipped (0|[1-9][0-9]{0,15}) bytes\]$/;

/** The marker: one '…' (U+2026) then `[clipped N bytes]`, N = bytes removed. */
export function clipMarker(removedBytes: number): string {
  return `${MARKER_HEAD}${removedBytes}${MARKER_TAIL}`;
}

/** The marker's size in UTF-8 bytes ('…' is 3 bytes). */
export function markerBytes(removedBytes: number): number {
  return clipMarker(removedBytes).length + 2;
}

/** A marker found at the end of a string: where it starts and the bytes it says were removed. */
export interface FoundMarker {
  /** Index (UTF-16) where the marker starts; `s.slice(0, at)` is the kept text. */
  readonly at: number;
  readonly removed: number;
}

/** The marker `s` ends with, or undefined. Looks only at the end of `s`. */
export function findMarker(s: string): FoundMarker | undefined {
  if (!s.endsWith(MARKER_TAIL)) return undefined;
  const from = Math.max(0, s.length - MARKER_MAX_CHARS);
  const m = MARKER_RE.exec(from === 0 ? s : s.slice(from));
  if (!m) return undefined;
  return { at: from + m.index, removed: Number(m[1]) };
}

/** UTF-8 bytes of one UTF-16 code unit at `i` (a surrogate pair counts 4 on its high half). */
function unitBytes(c: number, next: number): number {
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) return 4;
  return 3; // BMP character, or a lone surrogate (written as U+FFFD by UTF-8 encoders: 3 bytes)
}

/**
 * The longest prefix of `s` of at most `limitBytes` UTF-8 bytes that ends at a character boundary
 * (never between the halves of a surrogate pair). Linear in the prefix, not in `s`.
 */
export function utf8Prefix(s: string, limitBytes: number): { end: number; bytes: number } {
  let bytes = 0;
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    const b = unitBytes(c, i + 1 < s.length ? s.charCodeAt(i + 1) : 0);
    if (bytes + b > limitBytes) break;
    bytes += b;
    i += b === 4 ? 2 : 1;
  }
  return { end: i, bytes };
}

/** UTF-8 length of a string, counting a lone surrogate as 3 bytes, as `Buffer.byteLength` does. */
export function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** What {@link clipString} returns. */
export interface Clipped {
  /** The string to write: `s` itself when nothing was cut. */
  readonly text: string;
  /** The original length in bytes; for a string already carrying a marker, the length it implies. */
  readonly bytes: number;
  /** Whether `text` carries a marker. */
  readonly clipped: boolean;
}

/**
 * Clips `s` so that it keeps at most `limitBytes` UTF-8 bytes of its text, cut at a character
 * boundary, followed by the marker (the spec's reading: the marker is not counted in the limit).
 *
 * A string that already ends with a marker is recognised: when its kept text is within the limit
 * it is returned as it is (`text === s`), and `bytes` is the length the marker implies (the kept
 * text's bytes plus N). When its kept text is over the limit (it was clipped with a larger limit),
 * the kept text is cut again and the new marker counts every byte removed since the original, so
 * `bytes` still is the original length. Clipping is therefore idempotent.
 */
export function clipString(s: string, limitBytes: number): Clipped {
  const found = findMarker(s);
  if (found) {
    const kept = s.slice(0, found.at);
    const keptBytes = utf8Bytes(kept);
    const original = keptBytes + found.removed;
    if (keptBytes <= limitBytes) return { text: s, bytes: original, clipped: true };
    const cut = utf8Prefix(kept, limitBytes);
    return {
      text: kept.slice(0, cut.end) + clipMarker(original - cut.bytes),
      bytes: original,
      clipped: true,
    };
  }
  // A UTF-16 unit is at most 3 UTF-8 bytes: short strings are known to fit without measuring.
  if (s.length * 3 <= limitBytes) return { text: s, bytes: utf8Bytes(s), clipped: false };
  const total = utf8Bytes(s);
  if (total <= limitBytes) return { text: s, bytes: total, clipped: false };
  const cut = utf8Prefix(s, limitBytes);
  return { text: s.slice(0, cut.end) + clipMarker(total - cut.bytes), bytes: total, clipped: true };
}
