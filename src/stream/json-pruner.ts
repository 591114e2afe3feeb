import { nativeBinding, type NativeBinding, type NativePruner } from '../native/binding.js';

/** The values of a batch of lines, pruned (see {@link JsonPruner}). */
export interface PrunedLines {
  /** One value per line: the line's value pruned to the paths, when its status is 0. */
  readonly values: readonly unknown[];
  /** Per line: 0 when pruned, 1 when the line must be read the ordinary way. */
  readonly status: Uint8Array;
}

/**
 * Reads JSON lines pruned to a few paths (`message.usage`, `type`): every object member off the
 * paths is checked but left out, so a reader that looks only at those paths finds exactly what it
 * finds in the whole value (`JSON.parse` of the whole line), duplicate keys included. Much less is
 * decoded and built than by parsing whole lines. A line is pruned only when it is certainly JSON;
 * any other line (not JSON, a path's key spelled with an escape, nested over 512 levels) gets
 * status 1, and the caller reads it as usual. Runs in the native part.
 */
export interface JsonPruner {
  /** The lines `buf[ranges[2i], ranges[2i + 1])` for i below `count`. */
  prune(buf: Buffer, ranges: Int32Array, count: number): PrunedLines;
}

const made = new Map<string, JsonPruner>();

/**
 * A pruner to `paths` (dot-separated member names; a path's whole value is kept), or undefined
 * when the native part is not built or is turned off (`TXPIPE_NATIVE=0`): lines are then read whole.
 */
export function jsonPruner(paths: readonly string[]): JsonPruner | undefined {
  const native = nativeBinding();
  if (native === undefined || paths.length === 0) return undefined;
  const id = paths.join('\n');
  let pruner = made.get(id);
  if (pruner === undefined) made.set(id, (pruner = nativePruner(native, paths)));
  return pruner;
}

function nativePruner(native: NativeBinding, paths: readonly string[]): JsonPruner {
  const handle: NativePruner = native.createPruner(paths);
  return {
    prune(buf, ranges, count) {
      const status = new Uint8Array(count);
      const text = native.prune(buf, ranges, count, handle, status);
      const values = JSON.parse(text.toString('utf8')) as unknown[];
      return { values, status };
    },
  };
}
