import { badOption } from '../stream/errors.js';

/** One segment of a path inside a JSON value: an object key or an array index. */
export type PathSegment = string | number;

/**
 * A limit for the strings a pattern matches. A pattern is a field name (`text`: every string
 * under a key of that name, at any depth) or a dotted path from the record's top (`input`,
 * `message.content.*.text`: `*` matches one key or index), which also covers every string inside
 * the value it names.
 */
export interface LimitRule {
  readonly pattern: string;
  /** Bytes of text kept; `Infinity` leaves the strings uncut. */
  readonly limit: number;
}

const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  k: 1024,
  kib: 1024,
  kb: 1000,
  m: 1024 * 1024,
  mib: 1024 * 1024,
  mb: 1000 * 1000,
  g: 1024 * 1024 * 1024,
  gib: 1024 * 1024 * 1024,
  gb: 1000 * 1000 * 1000,
};

/** The units a size may have, as messages name them. */
const UNIT_NAMES = 'KiB, MiB, GiB of 1024; kB, MB, GB of 1000; or none';

/** A value as a message shows it: JSON where it can be written so, else its type. */
function describeValue(v: unknown): string {
  try {
    return JSON.stringify(v) ?? typeof v;
  } catch {
    return typeof v;
  }
}

/**
 * A byte size: a number, or text such as `8192`, `8KiB`, `8k` (1024), `8kB` (1000), `1MiB`,
 * `1GiB` (2^30), `1GB` (10^9), case ignored; `none` is `Infinity` (no limit).
 */
export function parseSize(size: string | number, what = 'size'): number {
  if (typeof size !== 'number' && typeof size !== 'string') {
    badOption(
      `${what} must be a size (a number of bytes, or text such as 8KiB or none), got ${describeValue(size)}`,
    );
  }
  if (typeof size === 'number') {
    if (size === Infinity || (Number.isInteger(size) && size >= 0)) return size;
    badOption(`${what} must be a whole number of bytes, got ${size}`);
  }
  const text = size.trim().toLowerCase();
  if (text === 'none') return Infinity;
  const m = /^([0-9]+)\s*([a-z]*)$/.exec(text);
  const unit = m && Object.hasOwn(UNITS, m[2]!) ? UNITS[m[2]!] : undefined;
  if (m && unit === undefined) {
    const given = /[a-z]+$/i.exec(size.trim())?.[0] ?? m[2];
    badOption(`${what}: unknown unit "${given}" in "${size}" (units: ${UNIT_NAMES})`);
  }
  if (!m || unit === undefined) {
    badOption(`${what}: cannot read "${size}" as a size (such as 8192, 8KiB, 1MiB or none)`);
  }
  return Number(m[1]) * unit;
}

/** `name=size` (the CLI's `--field`) as a rule. */
export function parseFieldRule(spec: string): LimitRule {
  const eq = spec.lastIndexOf('=');
  if (eq <= 0) badOption(`--field wants name=size or path=size, got "${spec}"`);
  return { pattern: spec.slice(0, eq), limit: parseSize(spec.slice(eq + 1), `--field ${spec}`) };
}

/** A rule made ready for matching. */
interface CompiledRule {
  readonly segments: readonly string[];
  /** A bare field name: matches any key of that name on the path. */
  readonly anyDepth: boolean;
  readonly limit: number;
}

function compile(rule: LimitRule): CompiledRule {
  if (rule.pattern === '' || rule.pattern.split('.').some((s) => s === '')) {
    badOption(`limit pattern "${rule.pattern}" has an empty segment`);
  }
  const segments = rule.pattern.split('.');
  return { segments, anyDepth: segments.length === 1 && segments[0] !== '*', limit: rule.limit };
}

function matches(rule: CompiledRule, path: readonly PathSegment[]): boolean {
  if (rule.anyDepth) {
    const name = rule.segments[0];
    for (const seg of path) if (seg === name) return true;
    return false;
  }
  if (rule.segments.length > path.length) return false;
  for (let i = 0; i < rule.segments.length; i++) {
    const want = rule.segments[i]!;
    if (want !== '*' && want !== String(path[i])) return false;
  }
  return true;
}

/** Limits by path: the first rule that matches, else the fallback. */
export interface Limits {
  /** The limit of the string at `path`. */
  limitAt(path: readonly PathSegment[]): number;
  /** The smallest limit any string can get: a line no longer than this needs no walking. */
  readonly smallest: number;
}

/** Compiles rules (first match wins) and a fallback for strings no rule matches. */
export function makeLimits(rules: readonly LimitRule[], fallback: number): Limits {
  const compiled = rules.map(compile);
  const smallest = Math.min(fallback, ...compiled.map((r) => r.limit));
  return {
    smallest,
    limitAt(path) {
      for (const r of compiled) if (matches(r, path)) return r.limit;
      return fallback;
    },
  };
}

/** The dotted form of a path, as keys of a `clipped` map: `message.content.1.content`. */
export function pathKey(path: readonly PathSegment[]): string {
  return path.join('.');
}
