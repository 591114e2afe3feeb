import { detectValue } from '../formats/detect.js';
import { facetOf, formats, loadFacets } from '../formats/registry.js';
import type { UsageFormats } from '../usage/usage-formats.js';

await loadFacets('usage');

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
