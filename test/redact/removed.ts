import { REDACTED } from '../../src/redact/marks.js';
import { createRedactor } from '../../src/redact/redactor.js';
import { TextRules } from '../../src/redact/text-rules.js';
import { toBytes } from '../../src/redact/flockdeck/bytes.js';
import {
  flockdeckRounds,
  type FlockdeckWork,
} from '../../src/redact/flockdeck/redact-flockdeck.js';
import type { ByteSpan } from '../../src/redact/flockdeck/spans.js';

/** Flockdeck's rounds on a byte string, remembering where each byte of the text came from. */
class TrackedWork implements FlockdeckWork {
  text: string;
  /** Per byte of `text`: its offset in the original, or -1 for a byte of a mark. */
  origin: number[];
  constructor(bytes: string) {
    this.text = bytes;
    this.origin = [...bytes].map((_, i) => i);
  }
  replace(spans: readonly ByteSpan[]): void {
    let text = '';
    const origin: number[] = [];
    let at = 0;
    for (const sp of spans) {
      text += this.text.slice(at, sp.start) + REDACTED;
      origin.push(...this.origin.slice(at, sp.start), ...Array<number>(REDACTED.length).fill(-1));
      at = sp.end;
    }
    this.text = text + this.text.slice(at);
    this.origin = [...origin, ...this.origin.slice(at)];
  }
  cut(at: number): void {
    this.text = this.text.slice(0, at);
    this.origin = this.origin.slice(0, at);
  }
  appendMark(): void {
    this.text += REDACTED;
    this.origin.push(...Array<number>(REDACTED.length).fill(-1));
  }
}

/** The UTF-16 index of each UTF-8 byte of `s`. */
function charOfByte(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const n = Buffer.byteLength(
      s.slice(i, i + 1 + (s.charCodeAt(i) >= 0xd800 && s.charCodeAt(i) < 0xdc00 ? 1 : 0)),
    );
    for (let k = 0; k < n; k++) out.push(i);
    if (n === 4) i++;
  }
  return out;
}

/** Per character of `s`: did Flockdeck's Redact remove it (its text is not in the output)? */
export function removedByFlockdeck(s: string): boolean[] {
  const w = new TrackedWork(toBytes(s));
  flockdeckRounds(w);
  const kept = new Set(w.origin.filter((o) => o >= 0));
  const chars = charOfByte(s);
  const removed = Array<boolean>(s.length).fill(false);
  chars.forEach((c, b) => {
    if (!kept.has(b)) removed[c] = true;
  });
  return removed;
}

const txpipe = createRedactor();
const rules = new TextRules({ names: [], patterns: [], pii: false });

/** Per character of `s`: does txpipe's text redaction (default rules) replace it? */
export function removedByTxpipe(s: string): boolean[] {
  const removed = Array<boolean>(s.length).fill(false);
  if (s.length < 3 || !txpipe.mayMatch(s)) return removed;
  const spans = rules.spans(s).sort((a, b) => a.start - b.start || b.end - a.end);
  // Merged stretches, as applySpans replaces them (a stretch that is already a mark stays).
  for (let i = 0; i < spans.length;) {
    const first = spans[i]!;
    let end = first.end;
    for (i++; i < spans.length && spans[i]!.start <= end; i++) end = Math.max(end, spans[i]!.end);
    if (s.slice(first.start, end) === REDACTED) continue;
    for (let k = first.start; k < end; k++) removed[k] = true;
  }
  return removed;
}

/**
 * The stretches Flockdeck removes that txpipe keeps, as text, leaving aside the quotes around a
 * value (txpipe keeps those on purpose: `"apiKey": "[redacted]"`).
 */
export function keptByTxpipe(s: string): string[] {
  const fd = removedByFlockdeck(s);
  const tx = removedByTxpipe(s);
  const out: string[] = [];
  for (let a = 0; a < s.length;) {
    if (!fd[a]) {
      a++;
      continue;
    }
    let b = a;
    while (b < s.length && fd[b]) b++;
    let x = a;
    let y = b;
    const q = s[x];
    if (q === '"' || q === "'") {
      x++;
      if (y > x && s[y - 1] === q) y--;
    }
    for (let k = x; k < y; k++) {
      if (!tx[k]) {
        let e = k;
        while (e < y && !tx[e]) e++;
        // A quote kept inside (`password="[redacted]"`, a backtick closing `pw=abc`).
        if (!/^["'`]+$/.test(s.slice(k, e))) out.push(s.slice(k, e));
        k = e;
      }
    }
    a = b;
  }
  return out;
}
