import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** An opaque set of paths made by {@link NativeBinding.createPruner}. */
export type NativePruner = { readonly __brand: 'NativePruner' };

/** What `native/addon.cc` exports (see docs/ARCHITECTURE.md, "Native part"). */
export interface NativeBinding {
  /** As `Buffer#indexOf(needle, from)` within `hay[from, to)`: a match's offset, or -1. */
  indexOf(hay: Uint8Array, needle: Uint8Array, from: number, to: number): number;
  createPruner(paths: readonly string[]): NativePruner;
  /**
   * Prunes `count` lines of `buf` (`ranges` holds each one's start and end offset) to the
   * pruner's paths: one JSON array text with a value per line; `status[i]` is 0 for a pruned line,
   * 1 for a line to read the ordinary way (a `0` stands in for it).
   */
  prune(
    buf: Uint8Array,
    ranges: Int32Array,
    count: number,
    pruner: NativePruner,
    status: Uint8Array,
  ): Buffer;
}

/** The file `npm run build` (or the package's install) compiles `native/` into. */
const ADDON = join('build', 'Release', 'txpipe_native.node');

let loaded: NativeBinding | null | undefined;

/**
 * The native part, or undefined when it is not built (no compiler at install, another platform)
 * or `TXPIPE_NATIVE=0` turns it off: txpipe then reads everything in JavaScript, with the same
 * results. Looked for once, in the package's folder (above `dist/src/native/` or `src/native/`).
 */
export function nativeBinding(): NativeBinding | undefined {
  if (loaded !== undefined) return loaded ?? undefined;
  loaded = null;
  if (process.env.TXPIPE_NATIVE === '0') return undefined;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = dirname(dir)) {
    const file = join(dir, ADDON);
    if (!existsSync(file)) continue;
    try {
      const b = createRequire(import.meta.url)(file) as Partial<NativeBinding>;
      // An addon left by another version of txpipe, without what this one calls, is not used.
      const whole = [b.createPruner, b.prune, b.indexOf].every((f) => typeof f === 'function');
      loaded = whole ? (b as NativeBinding) : null;
    } catch {
      loaded = null; // built for another Node or platform: read in JavaScript
    }
    break;
  }
  return loaded ?? undefined;
}
