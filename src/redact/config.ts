import { readFileSync } from 'node:fs';
import { badOption } from '../stream/errors.js';
import { describeIoError } from '../stream/input.js';
import type { ConfigPattern } from './text-rules.js';

/** The shape of a `--config FILE` (JSON): what to add to the built-in rules. */
export interface RedactConfigFile {
  /** More secret names, matched like the built-in words (anywhere in a name, any case). */
  readonly names?: readonly string[];
  /** More token patterns: a regex source, or `{ kind, pattern, flags? }`. */
  readonly patterns?: readonly (string | { kind?: string; pattern: string; flags?: string })[];
  /** Values never redacted (exact text of a match or of a value under a secret key). */
  readonly allow?: readonly string[];
}

/** A config, validated: lower-case names, compiled patterns, the allowed values as a set. */
export interface RedactConfig {
  readonly names: readonly string[];
  readonly patterns: readonly ConfigPattern[];
  readonly allow: ReadonlySet<string>;
}

const strings = (v: unknown, what: string): string[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === ''))
    badOption(`redact config: ${what} must be an array of non-empty strings`);
  return v as string[];
};

/** Validates a parsed config (throws ERR_TXPIPE_BAD_OPTION with what is wrong). */
export function checkRedactConfig(raw: unknown): RedactConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    badOption('redact config: expected a JSON object with names, patterns, allow');
  const cfg = raw as Record<string, unknown>;
  for (const k of Object.keys(cfg))
    if (!['names', 'patterns', 'allow'].includes(k)) badOption(`redact config: unknown key "${k}"`);
  const patterns: ConfigPattern[] = [];
  const list = cfg.patterns ?? [];
  if (!Array.isArray(list)) badOption('redact config: patterns must be an array');
  for (const [i, p] of (list as unknown[]).entries()) {
    const spec = typeof p === 'string' ? { pattern: p } : (p as Record<string, unknown>);
    if (typeof spec?.pattern !== 'string' || spec.pattern === '')
      badOption(`redact config: patterns[${i}] needs a pattern`);
    const flags = typeof spec.flags === 'string' ? spec.flags.replace(/[gyd]/g, '') : '';
    let regex: RegExp;
    try {
      regex = new RegExp(spec.pattern as string, `${flags}g`);
    } catch (err) {
      return badOption(`redact config: patterns[${i}] is not a regex: ${(err as Error).message}`);
    }
    if (regex.test('')) badOption(`redact config: patterns[${i}] matches the empty string`);
    const kind = typeof spec.kind === 'string' && spec.kind ? spec.kind : `config-${i + 1}`;
    patterns.push({ kind, regex });
  }
  return {
    names: strings(cfg.names, 'names').map((n) => n.toLowerCase()),
    patterns,
    allow: new Set(strings(cfg.allow, 'allow')),
  };
}

/** Reads and validates a `--config FILE`. */
export function loadRedactConfig(path: string): RedactConfig {
  return checkRedactConfig(readConfigFile(path));
}

/**
 * Reads and merges several `--config` files (the option given more than once), in order: their
 * names, patterns and allowed values together, as if in one file (an unnamed pattern is
 * `config-N` by its place among them all). A file given twice counts once. Every file is read and
 * checked: one missing or bad is a usage error naming it.
 */
export function loadRedactConfigs(paths: readonly string[]): RedactConfig {
  const files = [...new Set(paths)].map((path) => {
    const raw = readConfigFile(path);
    // Checked alone first, so an error names the file it is in.
    try {
      checkRedactConfig(raw);
    } catch (err) {
      return badOption(`${path}: ${(err as Error).message}`);
    }
    return raw as Record<string, unknown[] | undefined>;
  });
  if (files.length === 1) return checkRedactConfig(files[0]);
  const merged = (key: string): unknown[] => files.flatMap((f) => f[key] ?? []);
  const once = (list: unknown[]): unknown[] => [
    ...new Map(list.map((x) => [JSON.stringify(x), x])).values(),
  ];
  return checkRedactConfig({
    names: once(merged('names')),
    patterns: once(merged('patterns')),
    allow: once(merged('allow')),
  });
}

/** The parsed JSON of a config file; a usage error when it cannot be read or is not JSON. */
function readConfigFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return badOption(`${path}: ${describeIoError(err as NodeJS.ErrnoException)} (redact config)`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    // One line: V8's message may quote the text around the error, line breaks and all.
    const why = (err as Error).message.replace(/\s+/g, ' ');
    return badOption(`${path}: not valid JSON (${why}) (redact config)`);
  }
  return parsed;
}
