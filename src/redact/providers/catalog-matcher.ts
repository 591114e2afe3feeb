import { CATALOG } from './catalog/index.js';
import { TokenCatalog } from './compile.js';

let compiled: TokenCatalog | undefined;
let starts: readonly string[] | undefined;

/**
 * The catalog (`catalog/index.ts`) compiled, once per process, when first needed; not validated
 * again at every start (test/redact/catalog.test.ts validates every entry).
 */
export function catalogMatcher(): TokenCatalog {
  return (compiled ??= new TokenCatalog(CATALOG, false));
}

/**
 * The first four characters of every prefix of the catalog (three for a prefix of three), in
 * their case, once each: the prescan's exact starts (start-tables.ts), read without compiling
 * the catalog.
 */
export function catalogStarts(): readonly string[] {
  return (starts ??= [...new Set(CATALOG.flatMap((f) => f.prefixes.map((p) => p.slice(0, 4))))]);
}
