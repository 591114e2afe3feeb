import type { LimitRule } from './limits.js';

/**
 * Where a record's `clipped` map goes and how it is keyed:
 * - `fields`: Flockdeck v2's own map, keyed by the top-level field (`text`, `input`, ...); for a
 *   field that is not a string (`input`) the number is the field's length as JSON.
 * - `paths`: a top-level `clipped` object keyed by the dotted path of each clipped string.
 * - `none`: the format has no legal place for it; the markers alone say what was cut.
 */
export type ClippedMapKind = 'fields' | 'paths' | 'none';

/** A rule whose limit may be left to the base limit (the `limit` option, 8 KiB by default). */
export interface ProfileRule {
  readonly pattern: string;
  /** Bytes kept; absent: the base limit. */
  readonly limit?: number;
}

/**
 * How `clip` treats one format: its default limits and where its `clipped` map goes. Chosen once
 * per input (from the first record a format detector claims), never per record.
 */
export interface ClipProfile {
  /** The format id (see src/formats/registry.ts), or `generic`. */
  readonly id: string;
  /**
   * The format's default rules, after the user's `--field` rules; the first that matches wins.
   * Several sets when they depend on the record (Flockdeck: `text` by line type).
   */
  readonly ruleSets: readonly (readonly ProfileRule[])[];
  /** Which rule set applies to a record (index into `ruleSets`); the first when absent. */
  readonly select?: (value: unknown) => number;
  /** The only top-level fields that may be clipped (Flockdeck: the six keys of its map). */
  readonly fields?: ReadonlySet<string>;
  /**
   * Top-level fields of this record that are never cut, whatever the rules (Flockdeck: the fixed
   * `text` of `recording_started` / `recording_stopped`, which its schema pins).
   */
  readonly fixed?: (value: Record<string, unknown>) => ReadonlySet<string> | undefined;
  readonly map: ClippedMapKind;
  /** With the `fields` map: fields whose entry is their length as JSON (Flockdeck `input`). */
  readonly measuredAsJson?: ReadonlySet<string>;
  /**
   * With the `fields` map: a field that already holds a marker (cut by an earlier writer) and has
   * no entry gets one, as a writer of the format records it (Flockdeck: the bytes before the
   * marker + N), even when it is not cut again.
   */
  readonly mapMarked?: boolean;
}

/** Resolves a profile's rule set against the base limit. */
export function resolveRules(rules: readonly ProfileRule[], base: number): LimitRule[] {
  return rules.map((r) => ({ pattern: r.pattern, limit: r.limit ?? base }));
}

export const KIB = 1024;
