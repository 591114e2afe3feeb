/**
 * Numbers written as they were read. `JSON.parse` turns `9007199254740993` into
 * 9007199254740992, `1e400` into Infinity (written `null`) and `2.50` into 2.5; Node 20 has no
 * `JSON.rawJSON` to write them back. So when a record a stage changed is serialised again, its
 * input text is scanned for numbers whose text does not come back from `JSON.stringify`
 * ("inexact"); where there are any, every number the stage did not change (same path, same value)
 * is written as its input text. Unchanged records are written from their input text anyway, so
 * none of this runs for them: the common path costs nothing.
 */

/** Inexact number texts by path: a map per container, a string (the text) per number. */
export type NumberTexts = Map<string | number, NumberTexts | string>;

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y;

/** Does this number's text come back unchanged from `JSON.stringify(Number(text))`? */
export function isExactNumber(text: string): boolean {
  const n = Number(text);
  return Number.isFinite(n) && String(n) === text;
}

/** The index just past the string that starts with the quote at `i`. */
function stringEnd(text: string, i: number): number {
  let q = text.indexOf('"', i + 1);
  while (q !== -1) {
    let b = q - 1;
    while (text.charCodeAt(b) === 0x5c) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1; // an even run of backslashes: the quote is real
    q = text.indexOf('"', q + 1);
  }
  return text.length;
}

/** True when the JSON `text` holds a number token that is not exact (strings skipped whole). */
export function hasInexactNumber(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const plain = plainIntegerEnd(text, i);
      if (plain > 0) {
        i = plain;
        continue;
      }
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (m === null) return false; // not JSON: nothing to keep
      if (!isExactNumber(m[0])) return true;
      i += m[0].length;
    } else {
      i++;
    }
  }
  return false;
}

/**
 * Where the number token at `i` ends when it is an integer that is exact on its face (at most 15
 * digits, no leading zero, not `-0`, no fraction or exponent), else 0: most numbers in records
 * (counts, sizes) are, and need no regular expression nor conversion.
 */
function plainIntegerEnd(text: string, i: number): number {
  const from = text.charCodeAt(i) === 0x2d ? i + 1 : i;
  let j = from;
  let c = text.charCodeAt(j);
  while (c >= 0x30 && c <= 0x39) c = text.charCodeAt(++j);
  const digits = j - from;
  if (digits === 0 || digits > 15 || c === 0x2e || c === 0x65 || c === 0x45) return 0;
  if (text.charCodeAt(from) === 0x30 && (digits > 1 || from > i)) return 0;
  return j;
}

/** A key with escapes, decoded (a string that does not decode is taken as it is). */
function keyOf(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted;
  }
}

interface Frame {
  readonly map: NumberTexts;
  readonly array: boolean;
  /** The key (object) or index (array) of the value being read in this container. */
  key: string | number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/**
 * The inexact numbers of a JSON text by path (undefined when there are none), read as `JSON.parse`
 * reads it: of duplicate keys the last counts. Iterative, so any depth. A `text` that is not JSON
 * gives undefined or a harmless map (a number is only written as its text where it is equal).
 */
export function inexactNumbers(text: string): NumberTexts | undefined {
  if (!hasInexactNumber(text)) return undefined;
  const root: Frame = { map: new Map(), array: true, key: 0, expectKey: false };
  const stack: Frame[] = [root];
  let top = root;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      top = { map: new Map(), array: c === 0x5b, key: 0, expectKey: c === 0x7b };
      stack.push(top);
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      if (stack.length === 1) return undefined; // not JSON: nothing to keep
      const done = stack.pop()!;
      top = stack[stack.length - 1]!;
      if (done.map.size > 0) top.map.set(top.key, done.map);
      i++;
    } else if (c === 0x2c) {
      if (top.array) (top.key as number)++;
      else top.expectKey = true;
      i++;
    } else if (c === 0x22) {
      const end = stringEnd(text, i);
      if (top.expectKey) {
        const raw = text.slice(i + 1, end - 1);
        top.key = raw.includes('\\') ? keyOf(text.slice(i, end)) : raw;
        top.map.delete(top.key); // a later duplicate replaces the earlier value
        top.expectKey = false;
      }
      i = end;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (m === null) return undefined;
      if (!isExactNumber(m[0])) top.map.set(top.key, m[0]);
      i += m[0].length;
    } else {
      i++;
    }
  }
  return root.map.size > 0 ? root.map : undefined;
}

/** `JSON.stringify(value)`, with each number found unchanged at its path in `texts` written as that text. */
function withTexts(value: unknown, texts: NumberTexts | string | undefined): string | undefined {
  if (texts === undefined) return JSON.stringify(value);
  if (typeof texts === 'string') {
    return typeof value === 'number' && Object.is(Number(texts), value)
      ? texts
      : JSON.stringify(value);
  }
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (let i = 0; i < value.length; i++) parts.push(withTexts(value[i], texts.get(i)) ?? 'null');
    return `[${parts.join(',')}]`;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  const parts: string[] = [];
  const obj = value as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    const s = withTexts(obj[k], texts.get(k));
    if (s !== undefined) parts.push(`${JSON.stringify(k)}:${s}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * The JSON text of `value`, a changed version of the record read as `raw`: `JSON.stringify(value)`
 * where `raw` has only exact numbers (the common case), else the same text with every number the
 * change left alone (same path, same value) written as it was read.
 */
export function stringifyKeepingNumbers(value: unknown, raw: string): string {
  const texts = raw === '' ? undefined : inexactNumbers(raw);
  const out = texts === undefined ? JSON.stringify(value) : withTexts(value, texts.get(0));
  return out ?? 'null';
}
