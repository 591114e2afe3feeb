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
  /**
   * A copy of usage that the reply's own entry may also hold elsewhere (Claude Code `progress`
   * lines of a subagent, whose `subagents/*.jsonl` file has the reply): counted only when no
   * entry of the same key that is not a copy is read.
   */
  readonly copy?: boolean;
}

/** Reads the usage of one input's values; made once per input (it may keep per-input state). */
export type UsageReader = (value: unknown) => readonly UsageEntry[];

/** A format's usage extraction, chosen once per input by the format detectors. */
export interface UsageExtractor {
  /** The id of the format whose adapter gives this extractor. */
  readonly format: string;
  /** Strings a line must contain to matter to this extractor (a cheap filter before parsing). */
  readonly needles: readonly string[];
  /**
   * Every value path (dot-separated member names) the reader looks at, when it looks at no other
   * (a path's whole value counts, an object on the way is looked into only along the paths).
   * Whole files are then read pruned to them (see `JsonPruner`): a value with everything else
   * left out must give the reader the very entries the whole value gives (a test checks this on
   * every fixture). Without paths, lines are parsed whole.
   */
  readonly paths?: readonly string[];
  /** A reader for one input (`source` is its path, or `-`). */
  reader(source: string): UsageReader;
  /** Where the format repeats a reply's usage on several records: what `dedup-usage` needs. */
  readonly dedup?: UsageDedup;
}

/** Where a value carries usage: a reply's own report, a copy of a subagent's, or nowhere. */
export type UsageSite = 'reply' | 'progress' | undefined;

/**
 * How `dedup-usage` finds and removes a format's repeated usage reports (Claude Code repeats a
 * reply's `usage` on each of the reply's entries).
 */
export interface UsageDedup {
  /** Where the value carries usage. */
  site(value: unknown): UsageSite;
  /** The reply key of a value whose site is `reply`, or undefined (counted each). */
  key(value: Record<string, unknown>): string | undefined;
  /** The output tokens of a `reply` value's report (what `keep` compares). */
  outputTokens(value: Record<string, unknown>): number;
  /** A copy of the value without the usage at its site (the value itself is not changed). */
  strip(value: Record<string, unknown>, site: 'reply' | 'progress'): unknown;
}

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

/** Type guard for a plain object. */
export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string or undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export const NONE: readonly UsageEntry[] = Object.freeze([]);
