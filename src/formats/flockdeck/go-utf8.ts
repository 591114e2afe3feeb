/**
 * Bytes decoded as Go decodes a JSON line that is not valid UTF-8 (`json.Unmarshal` reads each
 * string with `utf8.DecodeRune`): a sequence that is not a whole, shortest, non-surrogate UTF-8
 * character gives U+FFFD for its FIRST byte only, and decoding goes on at the next byte. So a
 * cut-short `E2 82` is two U+FFFD where TextDecoder (and `Buffer#toString`) writes one.
 */
export function decodeUtf8Go(b: Buffer): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < b.length) {
    const n = runeLength(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += `${b.toString('utf8', from, i)}\ufffd`;
    i++;
    from = i;
  }
  return out + b.toString('utf8', from, b.length);
}

const inRange = (c: number | undefined, lo: number, hi: number): boolean =>
  c !== undefined && c >= lo && c <= hi;

/** The length of the valid UTF-8 character at `b[i]`, or 0 (Go's `utf8.DecodeRune` table). */
function runeLength(b: Buffer, i: number): number {
  const c = b[i] as number;
  if (c < 0x80) return 1;
  const c1 = b[i + 1];
  if (c >= 0xc2 && c <= 0xdf) return inRange(c1, 0x80, 0xbf) ? 2 : 0;
  let lo = 0x80;
  let hi = 0xbf;
  if (c === 0xe0) lo = 0xa0;
  else if (c === 0xed) hi = 0x9f;
  else if (c === 0xf0) lo = 0x90;
  else if (c === 0xf4) hi = 0x8f;
  if (c >= 0xe0 && c <= 0xef) return inRange(c1, lo, hi) && inRange(b[i + 2], 0x80, 0xbf) ? 3 : 0;
  if (c >= 0xf0 && c <= 0xf4)
    return inRange(c1, lo, hi) && inRange(b[i + 2], 0x80, 0xbf) && inRange(b[i + 3], 0x80, 0xbf)
      ? 4
      : 0;
  return 0;
}
