/**
 * Reading an agent's output line the way AWF's Go normalizers do: each one decodes a line into a
 * typed struct, so a field of the wrong JSON type makes the whole line unreadable (it then yields
 * no blocks), while an absent field or `null` is the zero value. These helpers give the zero value
 * or throw {@link ShapeError}. txpipe checks a line's type first: a line of a type the normalizer
 * does not use gives no blocks without being checked (AWF gives none either), so only lines that
 * would have given blocks are reported as unreadable.
 */
export class ShapeError extends Error {
  constructor(field: string, expected: string) {
    super(`${field} is not ${expected}`);
    this.name = 'ShapeError';
  }
}

/** An object field (a Go struct or pointer): `undefined` when absent or null. */
export function obj(v: unknown, field: string): Record<string, unknown> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  throw new ShapeError(field, 'an object');
}

/** A string field: `''` when absent or null. */
export function str(v: unknown, field: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  throw new ShapeError(field, 'a string');
}

/** An array field: `[]` when absent or null. */
export function arr(v: unknown, field: string): readonly unknown[] {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  throw new ShapeError(field, 'an array');
}

/**
 * A `map[string]any` field that AWF stores into `tool_input`: `null` when absent or null (a nil
 * map, which AWF writes as `null`), the object otherwise.
 */
export function map(v: unknown, field: string): Record<string, unknown> | null {
  return obj(v, field) ?? null;
}
