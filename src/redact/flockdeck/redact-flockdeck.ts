import { REDACTED } from '../marks.js';
import { fromBytes, runeStart, toBytes } from './bytes.js';
import { findOthersFlockdeck } from './others.js';
import type { ByteSpan } from './spans.js';

/** The most of a text Flockdeck's Redact reads (bytes); the rest becomes one mark. */
export const FLOCKDECK_MAX_REDACT_BYTES = 1 << 20;

interface Shape {
  readonly kind: string;
  readonly re: RegExp;
  readonly needs: readonly string[];
}

let shapes: readonly Shape[] | undefined;

/**
 * Flockdeck's shaped tokens, in its order, each with the literals one of which its pattern needs
 * (a text without any is not searched). Made on first use: the default rules load this module
 * but run it only for `rules: 'flockdeck'`.
 */
const shapesOf = (): readonly Shape[] =>
  (shapes ??= [
    { kind: 'anthropic-key', re: /sk-ant-[A-Za-z0-9_-]{10,}/g, needs: ['sk-ant-'] },
    { kind: 'api-key', re: /sk-[A-Za-z0-9_-]{20,}/g, needs: ['sk-'] },
    { kind: 'github-token', re: /gh[pousr]_[A-Za-z0-9]{30,}/g, needs: ['gh'] },
    { kind: 'github-token', re: /github_pat_[A-Za-z0-9_]{20,}/g, needs: ['github_pat_'] },
    { kind: 'gitlab-token', re: /glpat-[A-Za-z0-9_-]{20,}/g, needs: ['glpat-'] },
    { kind: 'aws-key', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, needs: ['AKIA', 'ASIA'] },
    { kind: 'slack-token', re: /xox[abprs]-[A-Za-z0-9-]{10,}/g, needs: ['xox'] },
    { kind: 'google-key', re: /AIza[0-9A-Za-z_-]{35}/g, needs: ['AIza'] },
    { kind: 'npm-token', re: /npm_[A-Za-z0-9]{36}/g, needs: ['npm_'] },
    { kind: 'sendgrid-key', re: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g, needs: ['SG.'] },
    {
      kind: 'jwt',
      re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
      needs: ['eyJ'],
    },
  ]);

/**
 * Does one of Flockdeck's token shapes match in `s`? Where one does, the default rules take the
 * token whatever its body (they remove all that Flockdeck's rules remove), so no stand-in check
 * (`placeholder-body.ts`) may keep it.
 */
export function flockdeckShapeIn(s: string): boolean {
  for (const shape of shapesOf()) {
    if (!shape.needs.some((n) => s.includes(n))) continue;
    shape.re.lastIndex = 0;
    const found = shape.re.test(s);
    shape.re.lastIndex = 0;
    if (found) return true;
  }
  return false;
}

/**
 * The text a round works on, and how it is changed. `replace` takes spans of the current text,
 * sorted and apart. Plain text for redaction; the tests use one that also tracks where each
 * byte came from, to compare rule sets by what they remove.
 */
export interface FlockdeckWork {
  readonly text: string;
  replace(spans: readonly ByteSpan[]): void;
  /** Drops the text from `at` on (the 1 MiB cap). */
  cut(at: number): void;
  /** Adds a mark at the end (the cap's). */
  appendMark(): void;
}

/** Work on a plain byte string, counting each span's kind. */
class PlainWork implements FlockdeckWork {
  constructor(
    public text: string,
    private readonly count: (kind: string) => void,
  ) {}
  replace(spans: readonly ByteSpan[]): void {
    let out = '';
    let at = 0;
    for (const sp of spans) {
      out += this.text.slice(at, sp.start) + REDACTED;
      at = sp.end;
      this.count(sp.kind);
    }
    this.text = out + this.text.slice(at);
  }
  cut(at: number): void {
    this.text = this.text.slice(0, at);
    this.count('over-limit');
  }
  appendMark(): void {
    this.text += REDACTED;
  }
}

/**
 * One round of Flockdeck's Redact: past the cap the text is cut on a character boundary (and
 * ends in a mark); then private keys, credentials and named values (all found on the same text,
 * merged), then each token shape in turn on what is left, as its ReplaceAll does.
 */
export function flockdeckRound(w: FlockdeckWork): void {
  let capped = false;
  if (w.text.length > FLOCKDECK_MAX_REDACT_BYTES) {
    let cut = FLOCKDECK_MAX_REDACT_BYTES;
    while (cut > 0 && !runeStart(w.text, cut)) cut--;
    w.cut(cut);
    capped = true;
  }
  const spans = findOthersFlockdeck(w.text);
  if (spans.length > 0) w.replace(spans);
  for (const shape of shapesOf()) {
    const s = w.text;
    if (!shape.needs.some((n) => s.includes(n))) continue;
    shape.re.lastIndex = 0;
    const found: ByteSpan[] = [];
    let m: RegExpExecArray | null;
    while ((m = shape.re.exec(s)) !== null)
      found.push({ start: m.index, end: m.index + m[0].length, kind: shape.kind });
    if (found.length > 0) w.replace(found);
  }
  if (capped) w.appendMark();
}

/** Flockdeck's Redact on a byte string: rounds until one changes nothing, four at most. */
export function flockdeckRounds(w: FlockdeckWork): void {
  for (let i = 0; i < 4; i++) {
    const before = w.text;
    flockdeckRound(w);
    if (w.text === before) break;
  }
}

/**
 * Flockdeck's Redact (internal/record/redact.go): the same text back when nothing is replaced.
 * `count` is told the kind of each replacement.
 */
export function redactFlockdeckText(s: string, count: (kind: string) => void = () => {}): string {
  if (s === '') return s;
  const bytes = toBytes(s);
  const w = new PlainWork(bytes, count);
  flockdeckRounds(w);
  return w.text === bytes ? s : fromBytes(w.text);
}
