import { checkDepth } from '../stream/depth.js';
import { isRecord } from '../stream/is-record.js';
import { WITHHELD } from './marks.js';
import { PATH_FIELDS } from './secret-files.js';
import type { WithholdContext } from './facet.js';

export type { FormatRedaction, WithholdContext } from './facet.js';

/** Kept in a withheld result: the file's name and the `type` tags that give it its shape. */
const KEEP_IN_RESULT: ReadonlySet<string> = new Set([...PATH_FIELDS, 'type']);
/** Kept in a call's input: its path and command (the spec's rule). */
const KEEP_IN_INPUT: ReadonlySet<string> = new Set([...PATH_FIELDS, 'command']);

/** Every string below `v` replaced by the withheld mark, except under the given keys. */
export function withholdStrings(
  v: unknown,
  keep: ReadonlySet<string> = KEEP_IN_RESULT,
  depth = 1,
): unknown {
  if (typeof v === 'string') return v === WITHHELD ? v : WITHHELD;
  if (typeof v === 'object' && v !== null) checkDepth(depth);
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    v.forEach((x, i) => {
      const r = withholdStrings(x, keep, depth + 1);
      if (r !== x) (out ??= v.slice())[i] = r;
    });
    return out ?? v;
  }
  if (isRecord(v)) {
    let out: Record<string, unknown> | undefined;
    for (const k in v) {
      if (keep.has(k)) continue;
      const r = withholdStrings(v[k], keep, depth + 1);
      if (r !== v[k]) (out ??= { ...v })[k] = r;
    }
    return out ?? v;
  }
  return v;
}

/** A call's input with every string but its path and command withheld (the spec's rule). */
export function withholdInput(input: unknown): unknown {
  return withholdStrings(input, KEEP_IN_INPUT);
}

/** `obj` with `key` set to `value`, or `obj` itself when that is what it holds already. */
export function withKey<T extends Record<string, unknown>>(obj: T, key: string, value: unknown): T {
  return obj[key] === value ? obj : ({ ...obj, [key]: value } as T);
}

/**
 * The common shape of a call: when its input names a secret file, its id is remembered, the
 * input's other strings are withheld and the kind is counted. Returns the new input.
 */
export function callInput(
  ctx: WithholdContext,
  tool: unknown,
  id: unknown,
  input: unknown,
): unknown {
  const file = ctx.redactor.secretFileOfCall(typeof tool === 'string' ? tool : '', input);
  if (file === undefined) return input;
  ctx.calls.add(id);
  const out = withholdInput(input);
  if (out !== input) ctx.redactor.count('secret-file');
  return out;
}

/** The common shape of a result: its output withheld when its call named a secret file. */
export function resultOutput(ctx: WithholdContext, id: unknown, output: unknown): unknown {
  if (!ctx.calls.take(id)) return output;
  const out = withholdStrings(output);
  if (out !== output) ctx.redactor.count('secret-file');
  return out;
}

/** `obj` with the strings of the given fields withheld (counted once when any changed). */
export function withholdFields<T extends Record<string, unknown>>(
  ctx: WithholdContext,
  obj: T,
  keys: readonly string[],
): T {
  let out = obj;
  for (const k of keys) if (k in obj) out = withKey(out, k, withholdStrings(obj[k]));
  if (out !== obj) ctx.redactor.count('secret-file');
  return out;
}
