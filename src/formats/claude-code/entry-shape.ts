import { isRecord } from '../adapter.js';

/**
 * The JSON types Claude Code writes an entry's fields with, for the fields a typed reader decodes
 * (Flockdeck's exporter reads each entry into a Go struct of them, and steps over an entry that
 * does not fit it: a `timestamp` that is a number, an `isMeta` that is a string). `null` fits
 * every field, as it does a Go field. Straight-line checks: this runs on every entry.
 */
const TOP_STRINGS = ['type', 'timestamp', 'subtype', 'aiTitle', 'gitBranch', 'cwd', 'version'];
const TOP_BOOLEANS = ['isSidechain', 'isMeta', 'isCompactSummary', 'isVisibleInTranscriptOnly'];
const MESSAGE_STRINGS = ['id', 'model', 'stop_reason'];
const COUNTS = [
  'input_tokens',
  'output_tokens',
  'cache_creation_input_tokens',
  'cache_read_input_tokens',
];

const is = (v: unknown, type: string): boolean => v == null || typeof v === type;
const isObject = (v: unknown): boolean => v == null || isRecord(v);
/** Go's int: a whole number within 64 bits. */
const isInt = (v: unknown): boolean =>
  v == null || (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 63);

/** The dotted name of the first field of `entry` whose type is not the one Claude Code writes. */
export function mistypedField(e: Record<string, unknown>): string | undefined {
  for (const k of TOP_STRINGS) if (!is(e[k], 'string')) return k;
  for (const k of TOP_BOOLEANS) if (!is(e[k], 'boolean')) return k;
  const cm = e.compactMetadata;
  if (!isObject(cm)) return 'compactMetadata';
  if (isRecord(cm)) {
    if (!is(cm.trigger, 'string')) return 'compactMetadata.trigger';
    if (!is(cm.preTokens, 'number')) return 'compactMetadata.preTokens';
    if (!is(cm.postTokens, 'number')) return 'compactMetadata.postTokens';
  }
  const origin = e.origin;
  if (!isObject(origin)) return 'origin';
  if (isRecord(origin) && !is(origin.kind, 'string')) return 'origin.kind';
  const m = e.message;
  if (!isObject(m)) return 'message';
  if (!isRecord(m)) return undefined;
  for (const k of MESSAGE_STRINGS) if (!is(m[k], 'string')) return `message.${k}`;
  const u = m.usage;
  if (!isObject(u)) return 'message.usage';
  if (isRecord(u)) for (const k of COUNTS) if (!isInt(u[k])) return `message.usage.${k}`;
  return undefined;
}
