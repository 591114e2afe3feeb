import { checkDepth } from '../stream/depth.js';
import { findMarker, markerBytes } from './clip-string.js';
import { clipValue, type Cut, type ValueLimits } from './clip-value.js';
import { resolveRules, type ClipProfile, type ClippedMapKind } from './profile.js';
import { makeLimits, pathKey, type LimitRule, type Limits, type PathSegment } from './limits.js';

/**
 * Clips one record's value; the same value back when nothing was cut. `map: false` writes no
 * `clipped` map (the caller found the record's format would no longer recognise it with one).
 */
export type RecordClipper = (value: unknown, cap?: number, map?: boolean) => unknown;

/** A clipper and the smallest limit it applies (a line no longer than that is never cut). */
export interface ProfileClipper {
  readonly clip: RecordClipper;
  readonly smallest: number;
  /** Whether a line holding a marker must be walked whatever its length (`mapMarked`). */
  readonly marks: boolean;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * `value` with `entries` set in its `clipped` map: the other entries already there are kept, and
 * an entry for a string cut again now is updated (it said what the string was before this cut).
 */
function withMap(
  value: Record<string, unknown>,
  entries: ReadonlyMap<string, number>,
): Record<string, unknown> {
  const before = isPlainObject(value.clipped) ? value.clipped : {};
  const map: Record<string, unknown> = { ...before };
  for (const [k, n] of entries) map[k] = n;
  return { ...value, clipped: map };
}

/**
 * A value's length as JSON before any clipping, as Flockdeck's writer measures `input`: its JSON
 * length now, plus, for each string in it that already carries a marker (clipped before), the
 * bytes removed less the marker's own (`…[clipped N bytes]` stood for N bytes).
 */
function jsonBytesBeforeClipping(value: unknown): number {
  let bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') {
      const m = findMarker(v);
      if (m) bytes += m.removed - markerBytes(m.removed);
    } else if (typeof v === 'object' && v !== null) {
      checkDepth(depth);
      for (const c of Array.isArray(v) ? v : Object.values(v)) walk(c, depth + 1);
    }
  };
  walk(value, 1);
  return bytes;
}

/** Does `v` hold a string that ends with a marker (a string, or any string inside it)? */
function holdsMarker(v: unknown, depth = 1): boolean {
  if (typeof v === 'string') return findMarker(v) !== undefined;
  if (typeof v !== 'object' || v === null) return false;
  checkDepth(depth);
  for (const c of Array.isArray(v) ? v : Object.values(v))
    if (holdsMarker(c, depth + 1)) return true;
  return false;
}

/**
 * The entries of the fields of `value` that hold a marker and have none (`mapMarked`): a string
 * field's length as the marker implies (the bytes before it + N), a field measured as JSON its
 * length before clipping.
 */
function markedEntries(
  profile: ClipProfile,
  value: Record<string, unknown>,
  skip: ReadonlySet<string> | undefined,
  entries: Map<string, number>,
): void {
  const had = isPlainObject(value.clipped) ? value.clipped : {};
  for (const key of profile.fields ?? []) {
    const v = value[key];
    if (v === undefined || skip?.has(key) || entries.has(key) || key in had) continue;
    if (!holdsMarker(v)) continue;
    if (typeof v === 'string' && profile.measuredAsJson?.has(key) !== true) {
      const m = findMarker(v)!;
      entries.set(key, Buffer.byteLength(v.slice(0, m.at), 'utf8') + m.removed);
    } else entries.set(key, jsonBytesBeforeClipping(v));
  }
}

/** The map entries a profile writes for the cuts made in `original`. */
function mapEntries(
  profile: ClipProfile,
  original: Record<string, unknown>,
  cuts: readonly Cut[],
): Map<string, number> {
  const entries = new Map<string, number>();
  for (const cut of cuts) {
    if (profile.map === 'paths') {
      entries.set(pathKey(cut.path), cut.bytes);
    } else {
      const key = String(cut.path[0]);
      if (entries.has(key)) continue;
      // A field measured as JSON (Flockdeck `input`, even when it is a plain string), or a
      // string inside a field: the field's original length as JSON.
      const asJson = cut.path.length > 1 || profile.measuredAsJson?.has(key) === true;
      entries.set(key, asJson ? jsonBytesBeforeClipping(original[key]) : cut.bytes);
    }
  }
  return entries;
}

/** Bytes of a `clipped` entry for `path` (`"key":N,`), by the kind of map. */
function entryCost(kind: ClippedMapKind, path: readonly PathSegment[], bytes: number): number {
  if (kind === 'none') return 0;
  const key = kind === 'paths' ? pathKey(path) : String(path[0]);
  return Buffer.byteLength(key, 'utf8') + String(bytes).length + 4;
}

/** Limits lowered by `cap` (see {@link ValueLimits.cap}). */
function capped(limits: Limits, cap: number, kind: ClippedMapKind): ValueLimits {
  return {
    smallest: Math.min(limits.smallest, cap),
    cap,
    limitAt: (path) => limits.limitAt(path),
    capCost: (path, bytes) => entryCost(kind, path, bytes),
  };
}

/**
 * A clipper for one profile: the fields in `keep` are never cut (a format's identity: what a
 * record is and how it links to others), then the user's rules, then the profile's, then the
 * base limit; a profile that names its clippable fields (Flockdeck) leaves every other field
 * alone. `cap`, when given, lowers every limit (how `maxLineBytes` squeezes a line) but never
 * touches a kept field. The `clipped` map is written where the profile says; the map itself is
 * never clipped.
 */
export function recordClipper(
  profile: ClipProfile,
  userRules: readonly LimitRule[],
  base: number,
  keep: readonly string[] = [],
): ProfileClipper {
  const never = keep.map((pattern) => ({ pattern, limit: Infinity }));
  const sets = profile.ruleSets.map((rules) =>
    makeLimits([...never, ...userRules, ...resolveRules(rules, base)], base),
  );
  const fields = profile.fields;
  const marks = profile.mapMarked === true && profile.map === 'fields';
  const clip: RecordClipper = (value, cap = Infinity, map = true) => {
    const limits = sets[profile.select ? profile.select(value) : 0]!;
    const cuts: Cut[] = [];
    const lim = capped(limits, cap, profile.map);
    if (!isPlainObject(value)) return fields ? value : clipValue(value, lim, cuts);
    // The top level by hand: it skips the `clipped` map and the fields a profile does not cut. A
    // `clipped` field that is not an object is no map but data, clipped like any other field;
    // the record then gets no map (its place is taken).
    const fixed = profile.fixed?.(value);
    const hasMap = isPlainObject(value.clipped);
    const mapOk = map && (hasMap || !('clipped' in value));
    let out: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      if (fields ? !fields.has(key) : key === 'clipped' && hasMap && profile.map !== 'none') {
        continue;
      }
      if (fixed?.has(key)) continue;
      const v = clipValue(value[key], lim, cuts, [key]);
      if (v !== value[key]) (out ??= { ...value })[key] = v;
    }
    if (profile.map === 'none' || !mapOk) return out ?? value;
    const entries = out ? mapEntries(profile, value, cuts) : new Map<string, number>();
    if (marks) markedEntries(profile, value, fixed, entries);
    if (!out && entries.size === 0) return value;
    return withMap(out ?? value, entries);
  };
  return { clip, smallest: Math.min(...sets.map((s) => s.smallest)), marks };
}
