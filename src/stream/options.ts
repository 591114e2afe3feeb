/**
 * Defaults merged with the given options, where an option given as `undefined` keeps its default
 * (a plain spread would let `undefined` through, which the CLI passes for flags not given).
 * The result is frozen: options are read once, at construction, and never changed.
 */
export function withDefaults<D extends object, O extends object>(
  defaults: D,
  options: O | undefined,
): Readonly<Omit<O, keyof D> & D> {
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  if (options) {
    for (const [k, v] of Object.entries(options)) if (v !== undefined) out[k] = v;
  }
  return Object.freeze(out) as Readonly<Omit<O, keyof D> & D>;
}
