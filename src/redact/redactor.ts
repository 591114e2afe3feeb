import { withDefaults } from '../stream/options.js';
import { badOption } from '../stream/errors.js';
import { checkRedactConfig, type RedactConfig, type RedactConfigFile } from './config.js';
import { Counts } from './counts.js';
import { isMark, REDACTED, WITHHELD } from './marks.js';
import { compilePrescan, PRESCAN_TEXT } from './prescan.js';
import { mayBeJson, redactJsonText } from './json-text.js';
import { keyFlagsOf, redactValue, type ValueContext } from './redact-value.js';
import { isSecretPath, secretFileOfCall } from './secret-files.js';
import { applySpans } from './spans.js';
import { TextMemo } from './text-memo.js';
import { TextRules } from './text-rules.js';
import type { PrescanSpec } from './prescan-spec.js';
import { prescanFlockdeck } from './flockdeck/prescan-flockdeck.js';
import { redactFlockdeckText } from './flockdeck/redact-flockdeck.js';
import { redactFlockdeckValue } from './flockdeck/redact-flockdeck-value.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { REDACTED, WITHHELD };

/**
 * The rule sets: `txpipe` (the default: every secret Flockdeck's rules remove and more, the text
 * around a secret kept) and `flockdeck` (Flockdeck's own redaction, exactly, for writing what
 * Flockdeck writes).
 */
export const REDACT_RULES = ['txpipe', 'flockdeck'] as const;
export type RedactRules = (typeof REDACT_RULES)[number];

/** Options of a redactor; see docs/commands/redact.md. */
export interface RedactOptions {
  /** Which rule set: `txpipe` (default) or `flockdeck` (takes no `config` and no `pii`). */
  readonly rules?: RedactRules;
  /** More secret names, token patterns and allowed values (the `--config FILE` content). */
  readonly config?: RedactConfigFile | RedactConfig;
  /** Also scrub e-mail addresses, phone numbers, cards, SSNs, IBANs and IP addresses. */
  readonly pii?: boolean;
}

export const redactOptionsDefaults = Object.freeze({ pii: false, rules: 'txpipe' as RedactRules });

/** A redactor: pure functions over text and JSON values, plus counts (see the interface doc). */
export interface Redactor {
  /** Redacts free text; returns the SAME string when nothing matched. */
  text(s: string): string;
  /** Redacts a JSON value deeply; returns the SAME reference when nothing changed. */
  value<T>(v: T): T;
  /**
   * Redacts JSON text where it stands, judging every key and value as `value` does and keeping
   * every other byte (the SAME string when nothing changed); undefined when it is not JSON, or
   * when the rule set has no such reading (flockdeck). For a line whose parse dropped keys.
   */
  json?(s: string): string | undefined;
  /** The secret file a tool call reads or writes (its path fields, the words of a Bash command), or undefined. */
  secretFileOfCall(toolName: string, input: unknown): string | undefined;
  /** True when a path names a secret file (the spec's file-name list). */
  isSecretPath(path: string): boolean;
  /** Counts per rule kind so far (for --report); never the secrets. */
  counts(): Readonly<Record<string, number>>;
  /** Could this text (or raw JSON line) hold anything the text rules would change? Cheap. */
  mayMatch(s: string): boolean;
  /** The prescan's verdict on a raw line: PRESCAN_TEXT and/or PRESCAN_FILE bits (prescan.ts). */
  prescan(s: string): number;
  /** Counts one event of a kind (the record logic counts withheld files with it). */
  count(kind: string): void;
  /**
   * What `prescan` is made of, for another thread to run the same prescan (prescan-spec.ts);
   * absent when there is no prescan worth running elsewhere (`pii`: every text is read).
   */
  readonly prescanSpec?: PrescanSpec;
}

function isChecked(c: RedactConfigFile | RedactConfig): c is RedactConfig {
  return c.allow instanceof Set;
}

/** Strings this long or longer have their redaction remembered (`TextMemo`). */
const MEMO_MIN_LENGTH = 256;
/** At most this many characters of remembered strings (and their redactions) per redactor. */
const MEMO_MAX_CHARS = 4 * 1024 * 1024;

/** Every option `createRedactor` takes (a misspelt one is an error, not ignored). */
const createRedactorOptionNames = optionNames<RedactOptions>({
  rules: true,
  config: true,
  pii: true,
});

/** Builds a redactor; options are validated here, once. */
export function createRedactor(options: RedactOptions = {}): Redactor {
  checkKnownOptions('createRedactor', options, createRedactorOptionNames);
  const opts = withDefaults(redactOptionsDefaults, options);
  if (typeof opts.pii !== 'boolean') badOption('redact: pii must be true or false');
  if (!(REDACT_RULES as readonly unknown[]).includes(opts.rules))
    badOption(`redact: rules must be ${REDACT_RULES.join(' or ')}, not "${String(opts.rules)}"`);
  if (opts.rules === 'flockdeck') {
    if (opts.pii || opts.config)
      badOption(
        "redact: rules flockdeck is Flockdeck's redaction exactly: it takes no config and no pii",
      );
    return flockdeckRedactor();
  }
  const config = opts.config
    ? isChecked(opts.config)
      ? opts.config
      : checkRedactConfig(opts.config)
    : checkRedactConfig({});
  // Made for the first text the prescan passes on: a run whose text holds nothing never needs them.
  let rules: TextRules | undefined;
  const spansOf = (s: string) =>
    (rules ??= new TextRules({
      names: config.names,
      patterns: config.patterns,
      pii: opts.pii,
    })).spans(s);
  const counts = new Counts();
  // With PII every text is read (no prescan for it); else the prescan of the rules and config.
  const scan = opts.pii
    ? (s: string) => (s.length > 0 ? PRESCAN_TEXT : 0)
    : compilePrescan(
        config.names,
        config.patterns.map((p) => p.regex),
      );
  const mayMatch = (s: string): boolean => (scan(s) & PRESCAN_TEXT) !== 0;
  const keyFlags = keyFlagsOf(config.names);
  /** A value walk's context counting through `count` (a memo's collector, or the counts). */
  const walkContext = (count: (kind: string) => void): ValueContext => ({
    text: (s, depth) => textWith(s, count, depth),
    keyText: (key) => keyText(key, count),
    names: config.names,
    allow: config.allow,
    count,
    keyFlags,
  });
  // JSON in the text read as JSON first (json-text.ts: keys and values judged with their names,
  // at any depth of strings in strings, every other byte kept), then the text rules over it all
  // (what spans strings: a name in one and its value in the next).
  const redactText = (s: string, count: (kind: string) => void, depth: number): string => {
    if (!mayMatch(s)) return s;
    const json = mayBeJson(s) ? redactJsonText(s, walkContext(count), depth) : undefined;
    if (json === undefined) return applySpans(s, spansOf(s), count, config.allow);
    return json === s || mayMatch(json)
      ? applySpans(json, spansOf(json), count, config.allow)
      : json;
  };
  const memo = new TextMemo(MEMO_MIN_LENGTH, MEMO_MAX_CHARS);
  const textWith = (s: string, count: (kind: string) => void, depth = 0): string => {
    if (s.length < 3 || isMark(s)) return s;
    if (s.length >= MEMO_MIN_LENGTH) return memo.text(s, (x, c) => redactText(x, c, depth), count);
    return redactText(s, count, depth);
  };
  // Keys repeat: one the rules pass over is remembered as clean (at most 4,096).
  const cleanKeys = new Set<string>();
  const keyText = (key: string, count: (kind: string) => void): string => {
    if (cleanKeys.has(key)) return key;
    const out = textWith(key, count);
    if (out === key && key.length <= 64) {
      if (cleanKeys.size >= 4096) cleanKeys.clear();
      cleanKeys.add(key);
    }
    return out;
  };
  const text = (s: string): string => textWith(s, counts.add);
  const ctx = walkContext(counts.add);
  return {
    text,
    value: <T>(v: T): T => redactValue(v, ctx) as T,
    json: (s: string): string | undefined => redactJsonText(s, ctx),
    secretFileOfCall,
    isSecretPath,
    counts: () => counts.snapshot(),
    mayMatch,
    prescan: scan,
    count: counts.add,
    prescanSpec: opts.pii
      ? undefined
      : {
          rules: 'txpipe',
          names: config.names,
          patterns: config.patterns.map(({ regex }) => ({
            source: regex.source,
            flags: regex.flags,
          })),
        },
  };
}

/** The redactor of `rules: 'flockdeck'`: Flockdeck's Redact and RedactValue, counted per kind. */
function flockdeckRedactor(): Redactor {
  const counts = new Counts();
  const text = (s: string): string => redactFlockdeckText(s, counts.add);
  return {
    text,
    value: <T>(v: T): T => redactFlockdeckValue(v, text, counts.add) as T,
    secretFileOfCall,
    isSecretPath,
    counts: () => counts.snapshot(),
    mayMatch: (s) => (prescanFlockdeck(s) & PRESCAN_TEXT) !== 0,
    prescan: prescanFlockdeck,
    count: counts.add,
    prescanSpec: { rules: 'flockdeck' },
  };
}
