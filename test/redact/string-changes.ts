/**
 * What `redact` changed in one line, string by string: the JSON string values (and keys) whose
 * text differs between the line read and the line written, and for each the fragments of the
 * original that the marks (`[redacted]`, `[withheld: a secret file]`, `[redacted:kind]`) took the
 * place of. For test/redact/real-sessions.test.ts, which lists every change on real transcripts.
 */

/** One changed string: where it is in the record, and what of it went. */
export interface StringChange {
  /** JSON path of the string in the record (`$` when the line is not JSON). */
  readonly path: string;
  /** The parts of the original replaced by marks, each cut to FRAGMENT_MAX characters. */
  readonly removed: readonly string[];
}

/** Longer removed parts (a withheld file's contents) are cut to this many characters and `…`. */
export const FRAGMENT_MAX = 80;

const MARK = /\[redacted\]|\[withheld: a secret file\]|\[redacted:[a-z-]+\]/g;

/** A removed part as the reviewed lists spell it: cut to FRAGMENT_MAX characters. */
export function fragment(s: string): string {
  return s.length > FRAGMENT_MAX ? `${s.slice(0, FRAGMENT_MAX)}…` : s;
}

/**
 * The parts of `before` that marks replaced in `after`: the text between marks in `after` is
 * found in order in `before`, and what lies between is what went. When `after` cannot be laid
 * over `before` so (text changed other than by marks), the whole of `before` is the one part.
 */
export function removedParts(before: string, after: string): string[] {
  const pieces = after.split(MARK);
  if (pieces.length === 1) return [before];
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (!before.startsWith(first) || !before.endsWith(last)) return [before];
  const out: string[] = [];
  let pos = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    const at = piece === '' ? pos : before.indexOf(piece, pos);
    if (at < 0) return [before];
    out.push(before.slice(pos, at));
    pos = at + piece.length;
  }
  const end = before.length - last.length;
  if (end < pos) return [before];
  out.push(before.slice(pos, end));
  return out.filter((p) => p !== '');
}

function walk(a: unknown, b: unknown, path: string, out: StringChange[]): void {
  if (typeof a === 'string' && typeof b === 'string') {
    if (a !== b) out.push({ path, removed: removedParts(a, b).map(fragment) });
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    a.forEach((v, i) => walk(v, b[i], `${path}[${i}]`, out));
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = new Set(Object.keys(b));
    for (const k of ka) {
      const p = `${path}.${k}`;
      if (!kb.has(k)) out.push({ path: p, removed: [fragment(k)] });
      else walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], p, out);
    }
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b))
    out.push({ path, removed: [fragment(JSON.stringify(a) ?? String(a))] });
}

function parse(line: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(line) };
  } catch {
    return { ok: false };
  }
}

/** The strings `redact` changed between line `before` (as read) and `after` (as written). */
export function stringChanges(before: string, after: string): StringChange[] {
  if (before === after) return [];
  const a = parse(before);
  const b = parse(after);
  if (!a.ok || !b.ok) return [{ path: '$', removed: removedParts(before, after).map(fragment) }];
  const out: StringChange[] = [];
  walk(a.value, b.value, '$', out);
  // A line rewritten with no string changed (its bytes re-serialised) is a change too.
  return out.length > 0 ? out : [{ path: '$ (re-serialised)', removed: [] }];
}
