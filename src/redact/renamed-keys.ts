/**
 * Keys that redaction renamed (a token used as a key becomes `[redacted]`) must stay distinct, or
 * a JSON reader would keep one value of several: a new name already taken in its object (by a key
 * kept, or by one renamed before it) is numbered, `[redacted]#2`, `[redacted]#3`, in key order.
 */
export function numberedKey(name: string, taken: Set<string>): string {
  let out = name;
  for (let n = 2; taken.has(out); n++) out = `${name}#${n}`;
  taken.add(out);
  return out;
}

/** The names of `renamed` keys made distinct ({@link numberedKey}), in key order. */
export function distinctNames(
  keys: readonly string[],
  renamed: ReadonlyMap<string, string>,
): Map<string, string> {
  const taken = new Set(keys.filter((k) => !renamed.has(k)));
  const out = new Map<string, string>();
  for (const k of keys) {
    const name = renamed.get(k);
    if (name !== undefined) out.set(k, numberedKey(name, taken));
  }
  return out;
}

/** `obj` with its keys renamed (distinct, {@link distinctNames}), in the same order. */
export function renameKeys(
  obj: Record<string, unknown>,
  renamed: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const keys = Object.keys(obj);
  const names = distinctNames(keys, renamed);
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    // defineProperty: a key such as `__proto__` stays a key, as JSON.parse made it.
    Object.defineProperty(out, names.get(k) ?? k, {
      value: obj[k],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
