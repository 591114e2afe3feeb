// txpipe/usage: the dedup-usage and usage stages, the totals, and a format's usage facet types.
// Listed in docs/api.md; the root entry exports it too.
export {
  dedupUsage,
  dedupUsageDefaults,
  type DedupUsageOptions,
} from '../transforms/dedup-usage.js';
export { usage, usageDefaults, type UsageOptions, type UsageFormat } from '../transforms/usage.js';
export {
  UsageTotals,
  type UsageReport,
  type DefaultUsageReport,
  type UsageRow,
  type BlockRow,
} from '../usage/usage-totals.js';
export { PriceTable, loadPriceList, type Price } from '../usage/prices.js';
export { BUILT_IN_PRICES, type PriceList, type ModelPrice } from '../usage/price-list.js';
export type { UsageEntry, UsageExtractor, UsageReader } from '../usage/extractor.js';
export type { UsageDedup, UsageSite } from '../usage/usage-dedup.js';
export type { UsageFormats } from '../usage/usage-formats.js';
export type { KeepPolicy } from '../usage/keep-policy.js';
export type { TokenCounts } from '../usage/tokens.js';
