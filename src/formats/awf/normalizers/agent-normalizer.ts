import type { ContentBlock } from '../content-block.js';

/**
 * One agent's output normalizer: its stdout (one JSON value a line) to AWF ContentBlocks, line by
 * line, as AWF's `*ToContentBlocks` functions do. Lines of a type it does not know give no blocks.
 */
export interface AgentNormalizer {
  /** The id users type (`--agent codex`). */
  readonly id: string;
  /** Other names accepted for it (AWF's provider names). */
  readonly aliases: readonly string[];
  readonly summary: string;
  /**
   * Rewrites a line that is not JSON before it is parsed again (Codex: a raw NUL byte is made the
   * escape `\u0000`). Lines that are still not JSON give no blocks.
   */
  repair?(raw: string): string;
  /** The blocks of one parsed line; throws `ShapeError` when a field has the wrong type. */
  blocks(line: unknown): ContentBlock[];
}
