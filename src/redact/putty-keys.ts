import type { Span } from './spans.js';

const HEADER = /PuTTY-User-Key-File-\d+:/g;
const PRIVATE_LINES = /Private-Lines:[ \t]*(\d{1,4})[ \t]*\r?\n/y;

/**
 * The private lines of a PuTTY key file (`.ppk`): the `N` lines after `Private-Lines: N` (to the
 * end of the text when it was cut off before them); the header, the public lines and the MAC
 * are kept (`putty-key`). The block is looked for within 64 KiB after each header, and the
 * search goes on after it, so a text is read once.
 */
export function findPuttyKeys(s: string, spans: Span[]): void {
  HEADER.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = HEADER.exec(s)) !== null) {
    const label = s.indexOf('Private-Lines:', m.index);
    if (label === -1 || label - m.index > 65536) continue;
    PRIVATE_LINES.lastIndex = label;
    const lines = PRIVATE_LINES.exec(s);
    if (lines === null) continue;
    const start = PRIVATE_LINES.lastIndex;
    let end = start;
    for (let n = Number(lines[1]); n > 0 && end < s.length; n--) {
      const nl = s.indexOf('\n', end + 1);
      end = nl === -1 ? s.length : nl;
    }
    if (end > start && s[end - 1] === '\r') end--;
    if (end > start) spans.push({ start, end, kind: 'putty-key' });
    HEADER.lastIndex = Math.max(HEADER.lastIndex, end);
  }
}
