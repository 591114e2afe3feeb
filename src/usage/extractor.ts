import type { DedupReader, DedupReaderOptions, UsageDedup } from './usage-dedup.js';
import type { TokenCounts } from './tokens.js';

/** One report of token usage read from a transcript line. */
export interface UsageEntry {
  /**
   * The reply this report belongs to, when the format repeats a reply's usage on several lines
   * (Claude Code: `message.id` + `requestId`). Entries with a key go through the keep-policy;
   * entries without one are counted each.
   */
  readonly key?: string;
  readonly session: string;
  readonly model: string;
  /** ISO time of the line, when it has one. */
  readonly time?: string;
  readonly tokens: TokenCounts;
  /** The report ends its reply (Claude Code: `stop_reason` set): what `keep: 'last'` prefers. */
  readonly stopped?: true;
  /**
   * A copy of usage that the reply's own entry may also hold elsewhere (Claude Code `progress`
   * lines of a subagent, whose `subagents/*.jsonl` file has the reply): counted only when no
   * entry of the same key that is not a copy is read.
   */
  readonly copy?: boolean;
}

/** Reads the usage of one input's values; made once per input (it may keep per-input state). */
export interface UsageReader {
  (value: unknown): readonly UsageEntry[];
  /**
   * At the end of the input: what is wrong with how it ended, as a message (auto-swe: a stream
   * with no `eof` line, or one that ended on an `integrity_error`), or undefined.
   */
  end?(): string | undefined;
}

/** A format's usage extraction, chosen once per input by the format detectors. */
export interface UsageExtractor {
  /** The id of the format whose adapter gives this extractor. */
  readonly format: string;
  /** Strings a line must contain to matter to this extractor (a cheap filter before parsing). */
  readonly needles: readonly string[];
  /**
   * True when a line's entries depend only on that line and the input's path (the reader keeps
   * nothing from line to line): reading can then go on from any line, so the usage cache reads a
   * grown file from where it stopped. Otherwise a changed file is read again whole.
   */
  readonly resumable?: boolean;
  /** A reader for one input (`source` is its path, or `-`). */
  reader(source: string): UsageReader;
  /** Where the format repeats a reply's usage on several records: what `dedup-usage` needs. */
  readonly dedup?: UsageDedup;
  /** A format's own dedup of one input, used by `dedup-usage` in place of `dedup`'s sites. */
  dedupReader?(options: DedupReaderOptions): DedupReader;
}

/** Type guard for a plain object. */
export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string or undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export const NONE: readonly UsageEntry[] = Object.freeze([]);
