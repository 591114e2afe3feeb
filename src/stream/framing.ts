/**
 * How values are laid out in the input:
 * - `jsonl`: one JSON value per line (the usual case);
 * - `array`: the file is one JSON array whose elements are the records;
 * - `concatenated`: JSON values one after another, pretty-printed over many lines (as AWF's
 *   reader accepts).
 */
export type Framing = 'jsonl' | 'array' | 'concatenated';

/** Every {@link Framing}, for option checks and help. */
export const FRAMINGS: readonly Framing[] = ['jsonl', 'array', 'concatenated'];

/** How many bytes {@link sniffFraming} wants to see. */
export const SNIFF_BYTES = 64 * 1024;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Where the first byte that is not white space (nor a UTF-8 byte order mark) is, or -1. */
function firstNonSpace(head: Buffer): number {
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  for (let i = bom ? 3 : 0; i < head.length; i++) {
    const c = head[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i;
  }
  return -1;
}

/**
 * Decides the framing from the start of the input. JSON Lines unless the first line is not a whole
 * JSON value but opens one (ends with `{`, `[` or `,`), which no JSON Lines record does: then an
 * input starting with `[` is an array, and one starting with `{` is concatenated values. A first
 * line longer than the head, or one that is simply malformed, stays JSON Lines, so a bad first
 * line is reported like any other bad line.
 */
export function sniffFraming(head: Buffer): Framing {
  const start = firstNonSpace(head);
  if (start < 0) return 'jsonl';
  const open = head[start];
  if (open !== 0x5b && open !== 0x7b) return 'jsonl';
  const nl = head.indexOf(0x0a, start);
  const firstLine = head.toString('utf8', start, nl < 0 ? head.length : nl).trimEnd();
  if (nl < 0 && head.length >= SNIFF_BYTES) return 'jsonl';
  try {
    const value: unknown = JSON.parse(firstLine);
    // A whole array alone in the input is an array of records; one among more lines is a record.
    // Blank by bytes, as framingSettled sees it: a byte order mark after the first line is not
    // white space (String#trim would drop it, and the answer would depend on the chunk sizes).
    if (Array.isArray(value) && head.subarray(nl < 0 ? head.length : nl).every(isSpace)) {
      return 'array';
    }
    return 'jsonl';
  } catch {
    const last = firstLine[firstLine.length - 1];
    if (last === '{' || last === '[' || last === ',')
      return open === 0x5b ? 'array' : 'concatenated';
    return 'jsonl';
  }
}

/**
 * True once `head` is enough for {@link sniffFraming} to give its final answer, so that reading
 * need not wait for a whole sniffing window: a slow producer's first line must come out before
 * its second is written. Settled when the input does not start with `{` or `[`, or once its first
 * line is complete, except for a first line that is a whole array alone so far: whether it is an
 * array of records or one record of JSON Lines depends on what follows.
 */
export function framingSettled(head: Buffer): boolean {
  const start = firstNonSpace(head);
  if (start < 0) return false;
  if (head[start] !== 0x5b && head[start] !== 0x7b) return true;
  const nl = head.indexOf(0x0a, start);
  if (nl < 0) return false;
  if (head[start] === 0x7b || firstNonSpace(head.subarray(nl)) >= 0) return true;
  try {
    JSON.parse(head.toString('utf8', start, nl));
    return false;
  } catch {
    return true;
  }
}
