/**
 * SEAM: the project's clipper is `clipString` (src/clip/clip-string.ts, branch `clip`), not yet
 * merged here. This is the smallest stand-in with the same contract (DESIGN §4): cut at a UTF-8
 * character boundary at `maxBytes`, append `…[clipped N bytes]`, leave a string that already ends
 * with a marker alone. When `clip` is merged, replace the body with a call to `clipString`.
 */
const MARKER = /…\[clipped \d+ bytes\]$/;

export function clipText(text: string, maxBytes: number): string {
  if (MARKER.test(text)) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let cut = maxBytes;
  while (cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut--; // do not split a character
  return `${bytes.subarray(0, cut).toString('utf8')}…[clipped ${bytes.length - cut} bytes]`;
}
