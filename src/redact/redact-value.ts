import { checkDepth } from '../stream/depth.js';
import { isMark, REDACTED } from './marks.js';
import { renameKeys } from './renamed-keys.js';
import { isCountName, nameIsSecret, isPlaceholder } from './secret-names.js';

/** What a value walk needs: text redaction, config names, allowed values and a counter. */
export interface ValueContext {
  /**
   * Redacts a string as text (JSON in it read as JSON, json-text.ts); `depth` is how deep the
   * string sits, for the depth limit of the JSON it may hold.
   */
  text(s: string, depth?: number): string;
  /** Redacts an object's key as text; the same string when it holds no secret. */
  keyText?(key: string): string;
  readonly names: readonly string[];
  readonly allow: ReadonlySet<string>;
  count(kind: string): void;
  /** What a key's name says ({@link keyFlagsOf}); computed on each key when absent. */
  keyFlags?(key: string): number;
}

/** Key flags: the name says `authorization`. */
const AUTH = 1;
/** The name counts tokens (never a secret's name). */
const COUNT = 2;
/** The name is `auth` or `_auth` (a secret only when it holds a string). */
const AUTH_ALONE = 4;
/** The name calls its value a secret (`nameIsSecret`). */
const SECRET_NAME = 8;

/** What the name `key` says, as {@link AUTH} | {@link COUNT} | {@link AUTH_ALONE} | {@link SECRET_NAME}. */
function keyFlags(key: string, names: readonly string[]): number {
  return (
    (/authori[sz]ation/i.test(key) ? AUTH : 0) |
    (isCountName(key) ? COUNT : 0) |
    (/^_?auth$/i.test(key) ? AUTH_ALONE : 0) |
    (nameIsSecret(key, names) ? SECRET_NAME : 0)
  );
}

/**
 * `keyFlags` remembered per key name (records repeat a few dozen names: `type`, `uuid`,
 * `input_tokens`, …): names of at most 64 characters, at most 4,096 of them, then forgotten all
 * at once (a longer key, data used as a key, is judged each time: the memory stays small).
 */
export function keyFlagsOf(names: readonly string[]): (key: string) => number {
  const known = new Map<string, number>();
  return (key) => {
    if (key.length > 64) return keyFlags(key, names);
    let f = known.get(key);
    if (f === undefined) {
      f = keyFlags(key, names);
      if (known.size >= 4096) known.clear();
      known.set(key, f);
    }
    return f;
  };
}

/**
 * Redacts a JSON value deeply, copy-on-write: the same reference comes back when nothing changed.
 * A key whose name calls its value a secret has every string and number below it replaced
 * (booleans and null are flags, kept); a key that counts tokens is never such a key, so usage
 * survives. Every other string goes through the text rules as decoded text. Throws
 * `TooDeepError` past `MAX_DEPTH` levels.
 */
export function redactValue(
  v: unknown,
  ctx: ValueContext,
  underSecret = false,
  underAuth = false,
  depth = 0,
): unknown {
  if (typeof v === 'string')
    return underSecret ? secretString(v, ctx, underAuth) : ctx.text(v, depth);
  if (typeof v === 'number') {
    if (!underSecret) return v;
    ctx.count('secret-key');
    return REDACTED;
  }
  if (Array.isArray(v)) {
    checkDepth(depth + 1);
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const r = redactValue(v[i], ctx, underSecret, underAuth, depth + 1);
      if (r !== v[i]) (out ??= v.slice())[i] = r;
    }
    return out ?? v;
  }
  if (typeof v === 'object' && v !== null) {
    checkDepth(depth + 1);
    const obj = v as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    let renamed: Map<string, string> | undefined;
    for (const key in obj) {
      const child = obj[key];
      const { secret, auth } = judgeKey(key, typeof child === 'string', underSecret, ctx);
      const r =
        secret && !underSecret && wholeValue(child)
          ? markWhole(ctx)
          : redactValue(child, ctx, secret, auth, depth + 1);
      if (r !== child) (out ??= { ...obj })[key] = r;
      const name = keyName(key, ctx);
      if (name !== key) (renamed ??= new Map()).set(key, name);
    }
    if (renamed !== undefined) return renameKeys(out ?? obj, renamed);
    return out ?? v;
  }
  return v;
}

/** A key as written: redacted as text (a token used as a key), marks kept. */
export function keyName(key: string, ctx: ValueContext): string {
  if (key.length < 3 || isMark(key)) return key;
  return ctx.keyText ? ctx.keyText(key) : ctx.text(key);
}

/**
 * What a key says of its value: `secret` (every string and number below it is replaced) and
 * `auth` (a scheme word is kept). A key that counts tokens is never secret; `auth` alone is only
 * when it holds a string (`childIsString`); below a secret everything is.
 */
export function judgeKey(
  key: string,
  childIsString: boolean,
  underSecret: boolean,
  ctx: ValueContext,
): { secret: boolean; auth: boolean } {
  const flags = ctx.keyFlags ? ctx.keyFlags(key) : keyFlags(key, ctx.names);
  const auth = (flags & AUTH) !== 0;
  const secret =
    (flags & COUNT) !== 0
      ? false
      : !childIsString && (flags & AUTH_ALONE) !== 0
        ? underSecret
        : underSecret || auth || (flags & SECRET_NAME) !== 0;
  return { secret, auth };
}

/** A string under a secret's key: replaced unless empty, a mark, a placeholder or allowed. */
export function secretString(v: string, ctx: ValueContext, underAuth: boolean): string {
  if (v === '' || isMark(v) || isPlaceholder(v) || ctx.allow.has(v)) return v;
  if (underAuth) return authorizationValue(v, ctx);
  ctx.count('secret-key');
  return REDACTED;
}

/**
 * A value under a secret's key that is replaced whole: an object or array (its keys and flags say
 * too much), null or an empty string. `auth` alone names a secret only when it holds a string.
 */
export function wholeValue(v: unknown): boolean {
  return v === null || v === '' || (typeof v === 'object' && Object.keys(v as object).length > 0);
}

export function markWhole(ctx: ValueContext): string {
  ctx.count('secret-key');
  return REDACTED;
}

/** Under an authorization key: `Bearer x` keeps its scheme; a scheme alone is kept. */
function authorizationValue(v: string, ctx: ValueContext): string {
  const m = /^([A-Za-z][A-Za-z0-9_-]*)([ \t]+)(\S[\s\S]*)$/.exec(v);
  if (m === null) {
    if (/^(?:bearer|basic|token|digest|negotiate|ntlm|apikey)$/i.test(v)) return v;
    ctx.count('authorization');
    return REDACTED;
  }
  const cred = m[3] as string;
  if (isMark(cred) || isPlaceholder(cred) || ctx.allow.has(cred)) return v;
  ctx.count('authorization');
  return `${m[1]}${m[2]}${REDACTED}`;
}
