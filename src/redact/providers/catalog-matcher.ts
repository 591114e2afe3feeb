import { CATALOG } from './catalog/index.js';
import { TokenCatalog } from './compile.js';

let compiled: TokenCatalog | undefined;

/**
 * The catalog (`catalog/index.ts`) compiled, once per process, when first needed; not validated
 * again at every start (test/redact/catalog.test.ts validates every entry).
 */
export function catalogMatcher(): TokenCatalog {
  return (compiled ??= new TokenCatalog(CATALOG, false));
}
