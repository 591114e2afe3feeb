import type { Transform } from 'node:stream';
import { recordClipper, type ProfileClipper, type RecordClipper } from '../clip/clip-record.js';
import { fitLine } from '../clip/fit-line.js';
import { genericProfile } from '../clip/generic-profile.js';
import type { ClipProfile } from '../clip/profile.js';
import { parseFieldRule, parseSize, type LimitRule } from '../clip/limits.js';
import { mayHoldBinary, omitBinary } from '../clip/omit-binary.js';
import { isRecord } from '../formats/adapter.js';
import { detectValue } from '../formats/detect.js';
import {
  facetOf,
  facetsPending,
  formatIds,
  formats,
  getFormat,
  loadFacets,
} from '../formats/registry.js';
import { badOption } from '../stream/errors.js';
import { stringifyKeepingNumbers } from '../stream/exact-numbers.js';
import { withValue, type Rec } from '../stream/rec.js';
import { recordTransformAfter, type StageContext } from '../stream/record-transform.js';
import type { CommandBehaviour } from './spec.js';
import { clipDefaults } from './commands/clip.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { clipDefaults };

/**
 * Resolves once the clip facets of every format are loaded: the command's `load()` awaits it
 * before building the stages (a stage built before waits for it before its first record).
 * Not a top-level await: the CLI's own build of this command and `require('txpipe')` are CommonJS.
 */
export const ready: Promise<void> = loadFacets('clip');

/** The clip profile of a format id: its adapter's, or the generic one for a format without. */
export function clipProfileFor(formatId: string | undefined): ClipProfile {
  return facetOf(formatId, 'clip') ?? genericProfile;
}

/**
 * The fields `clip` never cuts in a record of this format: its adapter's identity (what a record
 * is and how it links to others). For a record no format claims (yet), every format's: it may be
 * any of them, and cutting what a detector reads would make a second pass see another format.
 */
export function identityOf(formatId: string | undefined): readonly string[] {
  const own = formatId === undefined ? undefined : getFormat(formatId);
  if (own) return own.identity ?? [];
  return [...new Set(formats.flatMap((f) => f.identity ?? []))];
}

export interface ClipOptions {
  /** Bytes of text a string keeps where no field rule or format default says otherwise. */
  readonly limit?: number | string;
  /**
   * Per-field or per-path limits, before the format's defaults; the first that matches wins:
   * `{ text: '32KiB', 'message.content.*.text': 4096 }` or `['text=32KiB', 'input=none']`.
   */
  readonly fields?: Readonly<Record<string, number | string>> | readonly string[];
  /** The format whose defaults apply: `auto` (detected per input), a format id, or `generic`. */
  readonly format?: string;
  /** Replace base64 images and embedding vectors with a small description. */
  readonly omitBinary?: boolean;
  /** Every line written is at most this many bytes (without its `\n`); others are reported. */
  readonly maxLineBytes?: number | string;
  /** Records of an input looked at to detect its format before settling on `generic`. */
  readonly detectRecords?: number;
}

function fieldRules(fields: ClipOptions['fields']): LimitRule[] {
  if (fields === undefined) return [];
  const list = Array.isArray(fields);
  if (list ? !fields.every((f) => typeof f === 'string') : !isRecord(fields)) {
    badOption(
      'fields must be an object of limits by field ({ text: "32KiB" }) or a list of "field=size" texts',
    );
  }
  if (list) {
    return (fields as readonly string[]).flatMap((f) => f.split(',')).map(parseFieldRule);
  }
  return Object.entries(fields).map(([pattern, size]) => {
    parseFieldRule(`${pattern}=0`); // validates the pattern
    return { pattern, limit: parseSize(size, `limit of ${pattern}`) };
  });
}

/**
 * Would a record still be recognised as the format it is with a `clipped` map added? (A record
 * no format claims may take one.)
 */
function mapKeepsFormat(value: unknown): boolean {
  if (!isRecord(value) || 'clipped' in value) return true;
  const was = detectValue(value);
  return was === undefined || was.detect({ ...value, clipped: {} });
}

/** Does `raw` fit `bound` bytes? Cheap: a UTF-16 unit is 1 to 3 UTF-8 bytes. */
function rawFits(raw: string, bound: number): boolean {
  if (raw.length * 3 <= bound) return true;
  return raw.length <= bound && Buffer.byteLength(raw, 'utf8') <= bound;
}

/** Every option `clip` takes (a misspelt one is an error, not ignored). */
const clipOptionNames = optionNames<ClipOptions>({
  limit: true,
  fields: true,
  format: true,
  omitBinary: true,
  maxLineBytes: true,
  detectRecords: true,
});

/**
 * `clip`: cuts long strings at a UTF-8 character boundary with the marker `…[clipped N bytes]`
 * and records each original length in a `clipped` map, with per-format defaults chosen once per
 * input; optionally omits binary data and bounds every line. A record with nothing over its
 * limit is passed on as the same object (its bytes are written as they were), and a line no
 * longer than the smallest limit is not even walked.
 */
export function clip(options: ClipOptions = {}): Transform {
  checkKnownOptions('clip', options, clipOptionNames);
  const base = parseSize(options.limit ?? clipDefaults.limit, 'limit');
  const maxLine = parseSize(options.maxLineBytes ?? clipDefaults.maxLineBytes, 'maxLineBytes');
  if (maxLine < 1) {
    badOption(
      `maxLineBytes: cannot read "${String(options.maxLineBytes)}" as a size of at least one byte`,
    );
  }
  const omit = options.omitBinary ?? clipDefaults.omitBinary;
  if (typeof omit !== 'boolean') badOption(`omitBinary must be true or false, got ${String(omit)}`);
  const format = options.format ?? clipDefaults.format;
  const detectRecords = options.detectRecords ?? clipDefaults.detectRecords;
  if (!Number.isInteger(detectRecords) || detectRecords < 1) {
    badOption(`detectRecords must be a whole number of records, at least 1, got ${detectRecords}`);
  }
  if (format !== 'auto' && format !== 'generic' && !getFormat(format)) {
    badOption(`unknown format ${format}; known: auto, generic, ${formatIds.join(', ')}`);
  }
  const rules = fieldRules(options.fields);
  // One clipper per format, made when an input first needs it.
  const clippers = new Map<string, ProfileClipper>();
  const clipperFor = (id: string | undefined): ProfileClipper => {
    let c = clippers.get(id ?? 'generic');
    if (!c) {
      c = recordClipper(clipProfileFor(id), rules, base, identityOf(id));
      clippers.set(id ?? 'generic', c);
    }
    return c;
  };
  clipperFor(undefined); // the generic profile: the user's rules are checked here, not later
  // A format given: its clipper, made once the clip facets are loaded.
  const fixed = format === 'auto' ? undefined : format;

  // The input being read and its clipper once its format is known.
  let source: string | undefined;
  let settled: ProfileClipper | undefined;
  let looked = 0;
  const current = (rec: Rec): ProfileClipper => {
    if (fixed !== undefined) return clipperFor(fixed);
    if (rec.source !== source) {
      source = rec.source;
      settled = undefined;
      looked = 0;
    }
    if (settled) return settled;
    const f = rec.value !== undefined ? detectValue(rec.value) : undefined;
    if (f || ++looked >= detectRecords) settled = clipperFor(f?.id);
    return clipperFor(f?.id);
  };

  /** Rejects a line that stays over maxLineBytes; `least` is what the most clipping leaves. */
  const overLimit = (rec: Rec, least: number, ctx: StageContext): undefined => {
    const bytes = Buffer.byteLength(rec.raw, 'utf8');
    const left = least !== bytes ? ` (clipped, it is still ${least})` : '';
    ctx.reject({
      source: rec.source,
      line: rec.line,
      reason: 'over-limit',
      message: `line of ${bytes} bytes cannot be brought under --max-line-bytes ${maxLine}${left}`,
      raw: rec.raw,
    });
    return undefined;
  };

  return recordTransformAfter(facetsPending('clip'), () => (rec, ctx) => {
    if (rec.value === undefined) {
      // Not JSON: nothing to clip; only the line bound applies.
      const bytes = Buffer.byteLength(rec.raw, 'utf8');
      return bytes > maxLine && rec.invalid !== 'truncated' ? overLimit(rec, bytes, ctx) : rec;
    }
    const { clip: clipper, smallest, marks } = current(rec);
    if (!rec.changed && rawFits(rec.raw, Math.min(smallest, maxLine))) {
      const marked = marks && rec.raw.includes('[clipped ');
      if ((!omit || !mayHoldBinary(rec.raw)) && !marked) return rec;
    }
    const input = omit ? omitBinary(rec.value) : rec.value;
    // A `clipped` map only where the record's format still recognises it with one (rupu's
    // `{type, data}` envelope does not): else the markers alone say what was cut.
    const map = mapKeepsFormat(input);
    const clipRec: RecordClipper = (v, cap) => clipper(v, cap, map);
    let out = clipRec(input);
    if (maxLine !== Infinity) {
      // Measured as stringify will write it: numbers as read (exact-numbers.ts).
      const serialise = (v: unknown): string => stringifyKeepingNumbers(v, rec.raw);
      // Measured as it will be written: an unchanged line over the bound is written again
      // (`\u00e9` read is `é` written), and may fit then.
      const asRead = out === rec.value && !rec.changed && rawFits(rec.raw, maxLine);
      const text = asRead ? rec.raw : serialise(out);
      const fit = fitLine(input, clipRec, maxLine, { value: out, text }, undefined, serialise);
      if (!fit.ok) return overLimit(rec, fit.bytes, ctx);
      if (fit.value === rec.value && !asRead) return withValue(rec, fit.value);
      out = fit.value;
    }
    return out === rec.value ? rec : withValue(rec, out);
  });
}

export const clipBehaviour: CommandBehaviour = {
  outputLineBytes: (args) =>
    args.maxLineBytes === undefined
      ? undefined
      : parseSize(args.maxLineBytes as string | number, 'maxLineBytes'),
  stages: (args) => {
    const field = args.field as string | string[] | undefined;
    return [
      clip({
        limit: args.limit as string | undefined,
        fields: field === undefined ? undefined : [field].flat(),
        format: args.format as string | undefined,
        omitBinary: args.omitBinary as boolean | undefined,
        maxLineBytes: args.maxLineBytes as string | number | undefined,
      }),
    ];
  },
};
