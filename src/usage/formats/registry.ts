import { autoSweUsage } from '../../formats/auto-swe/usage.js';
import { claudeCodeUsage } from '../../formats/claude-code/usage.js';
import type { UsageExtractor } from '../extractor.js';
import { flockdeckUsage } from '../../formats/flockdeck/usage.js';
import { rupuUsage } from '../../formats/rupu/usage.js';

/** The formats `usage` reads token counts from, one line each. */
export const usageExtractors: readonly UsageExtractor[] = [
  claudeCodeUsage,
  rupuUsage,
  flockdeckUsage,
  autoSweUsage,
];

const byFormat = new Map(usageExtractors.map((x) => [x.format, x]));

/**
 * What a line must contain to matter to some extractor. Lines without any of these are never
 * decoded or parsed by `usage` (most of a Claude Code session: tool results, progress).
 */
export const usageNeedles: readonly string[] = [
  ...new Set(usageExtractors.flatMap((x) => x.needles)),
];

/** The extractor of a format id, or undefined (a format with no usage to read). */
export function usageExtractorFor(format: string | undefined): UsageExtractor | undefined {
  return format === undefined ? undefined : byFormat.get(format);
}
