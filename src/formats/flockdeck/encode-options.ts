import type { LineGuard } from './guard.js';

/** Options of the Flockdeck writer (docs/formats/flockdeck.md). */
export interface FlockdeckEncodeOptions {
  /**
   * The agent id written on every line. By default the session's own (`session_start.agent`,
   * with Claude Code's `claude-code` written as Flockdeck's `claude`), else `claude`.
   */
  readonly agent?: string;
  /** Entries larger than this (bytes, as the reader measured them) give no line, as in Flockdeck. */
  readonly maxEntryBytes?: number;
  /**
   * Redaction and clipping applied to every line: by default the redact and clip modules
   * (redact-guard.ts); `passGuard` for input that was redacted and clipped before.
   */
  readonly guard?: LineGuard;
  /** The size cap of one transcript in bytes (Flockdeck: 16 MiB). */
  readonly maxBytes?: number;
  /** Bound on lines held while a reply's usage or the project is not known yet. */
  readonly maxHeldLines?: number;
  /** Bound on call ids remembered (tool names, secret-file calls). */
  readonly maxCalls?: number;
}

export const flockdeckEncodeDefaults = Object.freeze({
  maxEntryBytes: 8 * 1024 * 1024,
  maxBytes: 16 * 1024 * 1024,
  maxHeldLines: 10_000,
  maxCalls: 100_000,
});
