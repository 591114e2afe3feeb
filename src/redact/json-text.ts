import { checkDepth } from '../stream/depth.js';
import { REDACTED } from './marks.js';
import { judgeKey, keyName, secretString, type ValueContext } from './redact-value.js';
import { distinctNames } from './renamed-keys.js';

/** Not JSON (or not all of it): the text is left to the text rules. */
class NotJson extends Error {}

/** A number or a literal, at a position (sticky). */
const SCALAR = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** A replacement of `text[start, end)`. */
type Edit = readonly [start: number, end: number, text: string];

/** True when `s` may be a JSON object or array: its first character past blanks opens one. */
export function mayBeJson(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) return true;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return false;
}

/**
 * JSON text redacted where it stands, every other byte kept (spacing, key order, escapes,
 * numbers as written): a JSON document in a string (a tool's output, a config, an MCP result, at
 * any depth of strings in strings), or a record's line whose parse dropped keys (a duplicate key).
 * Every key and value is judged as {@link redactValue} judges a record's: values under a secret's
 * key replaced (an object, array, null or `""` there whole), other strings through `ctx.text`
 * (which reads JSON in them again, one level deeper), keys through the text rules and kept
 * distinct (renamed-keys.ts). A replaced string is written as a JSON string again, so each level
 * stays valid JSON. The same string when nothing changed; undefined when `text` is not one JSON
 * object or array. `depth` is how deep the text sits (the depth limit counts every level).
 */
export function redactJsonText(text: string, ctx: ValueContext, depth = 0): string | undefined {
  const w = new Walker(text, ctx);
  try {
    let i = w.blank(0);
    const c = text.charCodeAt(i);
    if (c !== 0x7b && c !== 0x5b) return undefined;
    i = w.blank(w.value(i, false, false, depth));
    if (i !== text.length) return undefined;
  } catch (err) {
    if (err instanceof NotJson) return undefined;
    throw err;
  }
  return w.apply();
}

class Walker {
  edits: Edit[] = [];

  constructor(
    readonly s: string,
    readonly ctx: ValueContext,
  ) {}

  /** The text with every edit made (edits never overlap; keys are edited after their values). */
  apply(): string {
    if (this.edits.length === 0) return this.s;
    const edits = this.edits.sort((a, b) => a[0] - b[0]);
    let out = '';
    let at = 0;
    for (const [start, end, text] of edits) {
      out += this.s.slice(at, start) + text;
      at = end;
    }
    return out + this.s.slice(at);
  }

  blank(i: number): number {
    const s = this.s;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      i++;
    }
    return i;
  }

  /** The end of the string token at `i` (after its closing quote). */
  stringEnd(i: number): number {
    const s = this.s;
    for (let j = i + 1; j < s.length; j++) {
      const c = s.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c === 0x5c) j++;
    }
    throw new NotJson();
  }

  /** The decoded string of the token `[i, end)`. */
  decode(i: number, end: number): string {
    const token = this.s.slice(i, end);
    if (token.indexOf('\\') < 0) return token.slice(1, -1);
    try {
      return JSON.parse(token) as string;
    } catch {
      throw new NotJson();
    }
  }

  /** Walks the value at `i`; returns where it ends. */
  value(i: number, underSecret: boolean, underAuth: boolean, depth: number): number {
    const s = this.s;
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      const end = this.stringEnd(i);
      const v = this.decode(i, end);
      const r = underSecret ? secretString(v, this.ctx, underAuth) : this.ctx.text(v, depth);
      if (r !== v) this.edits.push([i, end, JSON.stringify(r)]);
      return end;
    }
    if (c === 0x7b) return this.object(i, underSecret, depth + 1);
    if (c === 0x5b) return this.array(i, underSecret, underAuth, depth + 1);
    const m = SCALAR;
    m.lastIndex = i;
    if (!m.test(s)) throw new NotJson();
    const end = m.lastIndex;
    const first = s.charCodeAt(i);
    if (underSecret && (first === 0x2d || (first >= 0x30 && first <= 0x39))) {
      this.ctx.count('secret-key');
      this.edits.push([i, end, JSON.stringify(REDACTED)]);
    }
    return end;
  }

  array(i: number, underSecret: boolean, underAuth: boolean, depth: number): number {
    checkDepth(depth);
    i = this.blank(i + 1);
    if (this.s.charCodeAt(i) === 0x5d) return i + 1;
    for (;;) {
      i = this.blank(this.value(i, underSecret, underAuth, depth));
      const c = this.s.charCodeAt(i);
      if (c === 0x5d) return i + 1;
      if (c !== 0x2c) throw new NotJson();
      i = this.blank(i + 1);
    }
  }

  object(i: number, underSecret: boolean, depth: number): number {
    checkDepth(depth);
    const s = this.s;
    const keys: string[] = [];
    const at = new Map<string, Array<readonly [number, number]>>();
    let renamed: Map<string, string> | undefined;
    i = this.blank(i + 1);
    if (s.charCodeAt(i) === 0x7d) return i + 1;
    for (;;) {
      if (s.charCodeAt(i) !== 0x22) throw new NotJson();
      const keyEnd = this.stringEnd(i);
      const key = this.decode(i, keyEnd);
      keys.push(key);
      const places = at.get(key);
      if (places) places.push([i, keyEnd]);
      else at.set(key, [[i, keyEnd]]);
      i = this.blank(keyEnd);
      if (s.charCodeAt(i) !== 0x3a) throw new NotJson();
      i = this.blank(i + 1);
      const first = s.charCodeAt(i);
      const { secret, auth } = judgeKey(key, first === 0x22, underSecret, this.ctx);
      const mark = this.edits.length;
      const end = this.value(i, secret, auth, depth);
      if (secret && !underSecret && this.whole(i, end)) {
        this.edits.length = mark; // the value goes whole: what was found in it does not count
        this.ctx.count('secret-key');
        this.edits.push([i, end, JSON.stringify(REDACTED)]);
      }
      const name = keyName(key, this.ctx);
      if (name !== key) (renamed ??= new Map()).set(key, name);
      i = this.blank(end);
      const c = s.charCodeAt(i);
      if (c === 0x7d) {
        if (renamed) this.renameKeys(keys, at, renamed);
        return i + 1;
      }
      if (c !== 0x2c) throw new NotJson();
      i = this.blank(i + 1);
    }
  }

  /** A value replaced whole under a secret's key (as `wholeValue`): null, `""`, `{…}`, `[…]`. */
  whole(i: number, end: number): boolean {
    const c = this.s.charCodeAt(i);
    if (c === 0x6e || (c === 0x22 && end === i + 2)) return true;
    return (c === 0x7b || c === 0x5b) && this.blank(i + 1) !== end - 1;
  }

  /** Edits the keys renamed; a duplicate key (read twice) gets a name at each place. */
  renameKeys(
    keys: readonly string[],
    at: ReadonlyMap<string, Array<readonly [number, number]>>,
    renamed: ReadonlyMap<string, string>,
  ): void {
    // Each place of a key is its own entry, so duplicates are numbered like distinct keys.
    const places = keys.map((k, n) => `${n}\u0000${k}`);
    const byPlace = new Map<string, string>();
    for (const p of places) {
      const k = p.slice(p.indexOf('\u0000') + 1);
      const name = renamed.get(k);
      if (name !== undefined) byPlace.set(p, name);
    }
    const kept = keys.filter((k) => !renamed.has(k));
    const names = distinctNames([...kept, ...places.filter((p) => byPlace.has(p))], byPlace);
    const seen = new Map<string, number>();
    for (const p of places) {
      const name = names.get(p);
      if (name === undefined) continue;
      const k = p.slice(p.indexOf('\u0000') + 1);
      const n = seen.get(k) ?? 0;
      seen.set(k, n + 1);
      const [start, end] = (at.get(k) as Array<readonly [number, number]>)[n] as readonly [
        number,
        number,
      ];
      this.edits.push([start, end, JSON.stringify(name)]);
    }
  }
}
