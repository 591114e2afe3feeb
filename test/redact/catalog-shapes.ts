import type { ProviderFormat } from '../../src/redact/providers/provider-format.js';

/** A regex-source escape of a literal. */
export const escapeLiteral = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A digit, a lower-case and an upper-case letter: what `random: true` asks of a body. */
export const looksRandom = (s: string): boolean =>
  /\d/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s);

/** An entry's regex source: any prefix, the body, the suffix (no look-behind, no flags). */
export function sourceOf(entry: ProviderFormat): string {
  const prefixes = entry.prefixes.map(escapeLiteral).join('|');
  return `(?:${prefixes})(${entry.body})${entry.suffix ?? ''}`;
}

/**
 * The entry as a scanner runs it: a word boundary before the token unless it may be glued to a
 * word. The body is the first capture group (the only one: bodies may not capture).
 */
export function scannerOf(entry: ProviderFormat): RegExp {
  const before = entry.gluedBefore ? '' : '(?<![A-Za-z0-9_])';
  return new RegExp(`${before}${sourceOf(entry)}`, 'g');
}

/** The characters a class like `[A-Za-z0-9_-]` admits (ranges and literal characters). */
function classChars(inner: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < inner.length; i++) {
    let c = inner[i]!;
    if (c === '\\') c = inner[++i]!;
    if (inner[i + 1] === '-' && i + 2 < inner.length) {
      const end = inner[i + 2]!;
      for (let k = c.charCodeAt(0); k <= end.charCodeAt(0); k++) out.push(String.fromCharCode(k));
      i += 2;
    } else out.push(c);
  }
  return out;
}

/** Characters tried first, so a made-up body mixes digits and both cases where it may. */
const MIX = 'aZ7bY5cX3dW9eV1fU8gT2hS6iR4jQ0kPlOmNnMoLpKqJrIsHtGuFvEwDxCyBzA';

/**
 * A made-up token body in the body's shape, at its minimum lengths, for the bodies this catalog
 * writes: classes, escaped or plain literals, `{n}` `{n,}` `{n,m}` quantifiers, and optional
 * `(?:…)?` groups (left out). Anything else is an error, so a body the catalog cannot describe
 * fails its test.
 */
export function exampleOf(body: string): string {
  let out = '';
  let i = 0;
  let n = 0;
  while (i < body.length) {
    let chars: string[];
    if (body.startsWith('(?:', i)) {
      const close = body.indexOf(')?', i);
      if (close < 0) throw new Error(`unsupported group in ${body}`);
      i = close + 2;
      continue;
    } else if (body[i] === '[') {
      const close = body.indexOf(']', i + 1);
      chars = classChars(body.slice(i + 1, close));
      i = close + 1;
    } else if (body[i] === '\\') {
      chars = [body[i + 1]!];
      i += 2;
    } else if (/[A-Za-z0-9_:=|@\-/+.]/.test(body[i]!)) {
      chars = [body[i]!];
      i += 1;
    } else throw new Error(`unsupported ${body[i]} in ${body}`);
    let count = 1;
    const quantifier = /^\{(\d+)(?:,(\d*))?\}/.exec(body.slice(i));
    if (quantifier) {
      count = Number(quantifier[1]);
      i += quantifier[0].length;
    }
    const preferred = [...MIX].filter((c) => chars.includes(c));
    const pool = preferred.length > 0 ? preferred : chars;
    for (let k = 0; k < count; k++) out += pool[n++ % pool.length];
  }
  return out;
}
