import { CATALOG } from './catalog/index.js';
import { TokenCatalog } from './compile.js';

let compiled: TokenCatalog | undefined;

/** The catalog (`catalog/index.ts`) compiled, once per process, when first needed. */
export function catalogMatcher(): TokenCatalog {
  return (compiled ??= new TokenCatalog(CATALOG));
}
