import { detectValue } from '../formats/detect.js';
import { facetOf, formats, loadFacets } from '../formats/registry.js';
import type { UsageFormats } from '../usage/usage-formats.js';

/**
 * Resolves once the usage facets of every format are loaded: await it before building the
 * stages, as the command's `load()` and `behaviours.ts` (which the package entry imports) do,
 * and the usage worker before it reads. Not a top-level await: the CLI's own build of this
 * command is CommonJS (bundle-cli.mjs).
 */
export const ready: Promise<void> = loadFacets('usage');

/** The registered formats as `usage` sees them: detectors, and each adapter's usage extractor. */
export function usageFormats(): UsageFormats {
  const needles = new Set<string>();
  for (const f of formats) for (const n of facetOf(f.id, 'usage')?.needles ?? []) needles.add(n);
  return {
    detect: (value) => detectValue(value)?.id,
    extractor: (id) => facetOf(id, 'usage'),
    needles: [...needles],
  };
}
