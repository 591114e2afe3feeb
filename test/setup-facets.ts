import { loadFacets } from '../src/formats/registry.js';

// The redact, clip, usage and dedup-usage stages read their formats' facets, which their modules
// start loading without a top-level await (their `ready`; the package entry and the CLI await
// it). Tests import those modules directly: the facets are loaded before any test runs.
await loadFacets('redaction', 'clip', 'usage');
