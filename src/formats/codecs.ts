import type { FormatCodec } from './adapter.js';
import { facetOf, loadFacets } from './registry.js';

/**
 * Every format's reader and writer, loaded once (`FormatAdapter.load()`), for the code that
 * converts or replays: importing this module starts loading them all, and this resolves when
 * they are (not a top-level await, so CommonJS can `require()` the package). Detection, ids and
 * options come from the registry alone, so the commands that only detect formats never load these.
 */
export const ready: Promise<void> = loadFacets('codec');

/** The reader and writer of a format id; none for an unknown id. Throws before `ready` settles. */
export function codecOf(id: string): FormatCodec {
  return facetOf(id, 'codec') ?? {};
}
