import { loadFacets } from '../src/formats/registry.js';

// The redact, clip, usage, dedup-usage, convert and replay stages read their formats' facets,
// which their modules start loading without a top-level await (their `ready`, which the CLI
// awaits; a stage built before waits before its first record). Tests import those modules
// directly: the facets are loaded before any test runs, so a stage's options are checked when
// it is built (test/package/deferred-facets.test.ts builds stages before).
await loadFacets('redaction', 'clip', 'usage', 'codec', 'replay');
