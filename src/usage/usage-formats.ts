import type { UsageExtractor } from './extractor.js';

/**
 * What the usage engine knows of formats, handed to it by the command: the detectors, and each
 * format's extractor (the engine imports no format).
 */
export interface UsageFormats {
  /** The format id of a value, or undefined when no format claims it. */
  detect(value: unknown): string | undefined;
  /** The usage extractor of a format id, or undefined (a format with no usage to read). */
  extractor(format: string): UsageExtractor | undefined;
  /**
   * What a line must contain to matter to some extractor (every extractor's needles). Lines
   * without any of these are never decoded or parsed by `usage` (most of a Claude Code session:
   * tool results, progress).
   */
  readonly needles: readonly string[];
}
