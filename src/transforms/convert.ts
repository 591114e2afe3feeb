import type { Transform } from 'node:stream';
import { BoundedMap } from '../events/bounded-map.js';
import type { Event } from '../events/event.js';
import { UnwritableSession } from '../events/unwritable-session.js';
import {
  RawJson,
  RawJsonBytes,
  type Decoder,
  type DecodeOptions,
  type Encoder,
  type EncodeOptions,
} from '../formats/adapter.js';
import type { ReplyUsage } from '../formats/claude-code/reply-usage.js';
import { readSubagentCall, subagentOf } from '../formats/claude-code/subagent-link.js';
import { codecOf, ready as codecsReady } from '../formats/codecs.js';
import { detectValue } from '../formats/detect.js';
import { readOrReject } from '../formats/record-rejected.js';
import { facetsPending, formatIds, getFormat } from '../formats/registry.js';
import { checkPositiveInteger } from '../stream/check-option.js';
import { withDefaults } from '../stream/options.js';
import { badOption } from '../stream/errors.js';
import type { Rec } from '../stream/rec.js';
import { invalidUtf8Bytes, keepRawBytes } from '../stream/raw-bytes.js';
import { checkValueDepth } from '../stream/depth.js';
import { settledRec } from '../stream/stringify.js';
import {
  recordTransformAfter,
  type RecordLogic,
  type StageContext,
} from '../stream/record-transform.js';
import type { CommandBehaviour, CommandContext } from './spec.js';
import { otlpSend, warnOn } from './otlp-send.js';
import { UntimedSessions } from './untimed-sessions.js';
import { adapterOptions, convertDefaults } from './commands/convert.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';

export { convertDefaults };

/**
 * Resolves once every format's reader and writer is loaded: the command's `load()` awaits it
 * (a stage built before waits for it before its first record).
 */
export const ready: Promise<void> = codecsReady;

export interface ConvertOptions {
  /** The target format id. */
  readonly to: string;
  /** The source format id; detected per input from its records when absent. */
  readonly from?: string;
  /** Which entry of a reply gives its usage: `last` (final counts) or `first` (Flockdeck's rule). */
  readonly replyUsage?: ReplyUsage;
  /** Records held per input while its format is not known yet. */
  readonly holdLimit?: number;
  /** Subagent links (parent call ids) remembered across inputs. */
  readonly maxLinks?: number;
  /** Options handed to the decoder and the encoder (adapter-specific). */
  readonly decode?: Readonly<Record<string, unknown>>;
  readonly encode?: Readonly<Record<string, unknown>>;
  /** Write each output record pretty-printed (2-space JSON) instead of one line each. */
  readonly pretty?: boolean;
}

/** The reader of a format id; a usage error when there is none. */
function readable(id: string): (options: DecodeOptions) => Decoder {
  checkKnown(id);
  const { decoder } = codecOf(id);
  if (!decoder) badOption(`format ${id} cannot be read yet`);
  return decoder;
}

/** A usage error for a format id no adapter has (known without loading the readers and writers). */
function checkKnown(id: string): void {
  if (!getFormat(id)) badOption(`unknown format ${id}; known: ${formatIds.join(', ')}`);
}

/** The writer of a format id; a usage error when there is none. */
function writable(id: string): (options: EncodeOptions) => Encoder {
  checkKnown(id);
  const { encoder } = codecOf(id);
  if (!encoder) badOption(`format ${id} cannot be written`);
  return encoder;
}

/** Every option `convert` takes (a misspelt one is an error, not ignored). */
const convertOptionNames = optionNames<ConvertOptions>({
  to: true,
  from: true,
  replyUsage: true,
  holdLimit: true,
  maxLinks: true,
  decode: true,
  encode: true,
  pretty: true,
});

/**
 * `convert`: native records -> canonical events (the source format's decoder) -> native records
 * of the target (its encoder). One decoder per input source; one encoder for the whole output, so
 * a writer that makes one record per session (run-record) sees every session. The source format
 * is the one given, or else detected from the first record of each input that an adapter claims;
 * records before that are held (at most `holdLimit`); the held records of an input in which no
 * format is found are rejected as `unknown-format`. A line that is not JSON passes on untouched,
 * for the writer's `--on-invalid` policy to report.
 *
 * Subagents: a `<id>/subagents/agent-<a>.jsonl` input is told the parent call that started it
 * (its `.meta.json` `toolUseId`, else the link the parent's events gave: a tool result's
 * `children`), and its `session_start` carries `parentSession` and `parentCallId`.
 */
export function convert(options: ConvertOptions): Transform {
  checkKnownOptions('convert', options, convertOptionNames);
  const o = withDefaults(convertDefaults, options);
  if (o.replyUsage !== 'last' && o.replyUsage !== 'first') {
    badOption(`replyUsage must be last or first, not ${String(o.replyUsage)}`);
  }
  checkPositiveInteger('holdLimit', o.holdLimit);
  checkPositiveInteger('maxLinks', o.maxLinks);
  checkKnown(o.to);
  if (o.from !== undefined) checkKnown(o.from);
  // The readers and writers, when they are not loaded yet, are before the first record: a
  // format that cannot be read or written is then reported by the stream, not by this call.
  return recordTransformAfter(facetsPending('codec'), () => convertLogic(o));
}

/** The logic of a `convert` stage, once the formats' readers and writers are loaded. */
function convertLogic(
  o: ConvertOptions & Required<Pick<ConvertOptions, 'replyUsage' | 'holdLimit' | 'maxLinks'>>,
): RecordLogic {
  const encoder: Encoder = writable(o.to)(o.encode ?? {});
  if (o.from !== undefined) readable(o.from);
  const links = new BoundedMap<string, string>(o.maxLinks);
  let source: string | undefined;
  /** The last record of `source` read: what the input's end events are attributed to. */
  let last: Rec | undefined;
  /** The first record read, while a writer that holds everything to the end has it. */
  let first: number | undefined;
  let decoder: Decoder | undefined;
  let waiting: Rec[] = [];

  /**
   * A record of the target format; a pre-serialised one is written as its text, one made as
   * bytes (a run record) from them: decoded and parsed only if a later stage reads it.
   */
  const written = (value: unknown, line: number, src: string): Rec => {
    const format = o.to;
    if (value instanceof RawJsonBytes && !o.pretty) {
      const rec: Rec = {
        get raw() {
          return value.text;
        },
        get value() {
          return value.value;
        },
        line,
        source: src,
        format,
      };
      keepRawBytes(rec, value.bytes);
      return rec;
    }
    if (value instanceof RawJson && !o.pretty) {
      // Its value as a later stage reads it is the text's: a writer may order or spell the text
      // otherwise than the object it gives (Flockdeck's writer sorts keys as Go does).
      const text = value.text;
      let parsed: unknown;
      return {
        raw: text,
        get value() {
          return (parsed ??= JSON.parse(text) as unknown);
        },
        line,
        source: src,
        format,
      };
    }
    const v = value instanceof RawJson || value instanceof RawJsonBytes ? value.value : value;
    if (o.pretty) return { raw: JSON.stringify(v, null, 2), value: v, line, source: src, format };
    return { raw: '', value: v, line, source: src, format, changed: true };
  };
  const untimed = new UntimedSessions(o.holdLimit);
  /**
   * A session the writer could not write at all: its lines are reported (reason `format`) and
   * kept verbatim; when none was held, the line at which the writer found it is named.
   */
  const rejectSession = (err: UnwritableSession, at: Rec, ctx: StageContext): void => {
    const recs = untimed.take(err.session);
    for (const r of recs.length > 0 ? recs : [{ ...at, raw: undefined }]) {
      ctx.reject({
        source: r.source,
        line: r.line,
        reason: 'format',
        message: err.message,
        ...(r.raw !== undefined ? { raw: r.raw } : {}),
      });
    }
  };
  /** The writer's records for `ev`; a session it gives up is rejected, and `ev` encoded after. */
  const encode = (ev: Event, at: Rec, ctx: StageContext): readonly unknown[] => {
    try {
      return encoder.encode(ev);
    } catch (err) {
      if (!(err instanceof UnwritableSession)) throw err;
      rejectSession(err, at, ctx);
      return encoder.encode(ev);
    }
  };
  const emit = (events: readonly Event[], out: Rec[], at: Rec, ctx: StageContext): void => {
    for (const ev of events) {
      if (ev.kind === 'tool_result' && ev.children && ev.callId) {
        for (const child of ev.children) links.set(`${ev.session}/${child}`, ev.callId);
      }
      untimed.note(ev, at);
      for (const value of encode(ev, at, ctx)) out.push(written(value, at.line, at.source));
    }
  };
  /** A record its decoder cannot read is an error for that line only: rejected, reading goes on. */
  const decode = (rec: Rec, out: Rec[], ctx: StageContext): void => {
    // A line that was not valid UTF-8, read again as the target's own program reads it.
    const invalid = encoder.readInvalidUtf8 ? invalidUtf8Bytes(rec) : undefined;
    if (invalid !== undefined) {
      try {
        rec = { ...rec, value: encoder.readInvalidUtf8!(invalid) };
      } catch {
        // Read as it was (the same JSON either way; only the count of U+FFFD differs).
      }
    }
    // A record an earlier stage changed or made is read from its text as written (settledRec).
    const events = readOrReject(rec, ctx, (r) => decoder!.decode(settledRec(r)));
    if (events) emit(events, out, rec, ctx);
  };
  /** Held lines of an input in which no format was found (yet): reported, kept verbatim. */
  const rejectUnknown = (ctx: StageContext): void => {
    for (const r of waiting) {
      ctx.reject({
        source: r.source,
        line: r.line,
        reason: 'unknown-format',
        message: 'no known format detected in this input',
        raw: r.raw,
      });
    }
    waiting = [];
  };
  /** The end of an input: its decoder's last events, or, if none was found, its held lines reported. */
  const endSource = (out: Rec[], at: Rec, ctx: StageContext): void => {
    if (decoder) emit(decoder.end(), out, at, ctx);
    else rejectUnknown(ctx);
    decoder = undefined;
    waiting = [];
  };
  const parentCall = (src: string): string | undefined => {
    const place = subagentOf(src);
    if (!place) return undefined;
    return readSubagentCall(place) ?? links.get(`${place.parentSession}/agent-${place.agentId}`);
  };

  return {
    transform(rec, ctx) {
      checkValueDepth(rec.value); // readers and writers walk it: a too-deep line is rejected
      const out: Rec[] = [];
      if (rec.source !== source) {
        // The end events are the ended input's: they carry its last record's line and source.
        if (last !== undefined) endSource(out, last, ctx);
        source = rec.source;
      }
      last = rec;
      first ??= rec.line;
      if (rec.invalid) {
        out.push(rec);
        return out;
      }
      if (!decoder) {
        const id = o.from ?? detectValue(rec.value)?.id;
        if (id === undefined) {
          // Held no further than `holdLimit`: the lines held are reported as they would be at
          // the input's end, and detection goes on with the next (the same lines rejected,
          // whatever the input's length).
          if (waiting.length >= o.holdLimit) rejectUnknown(ctx);
          waiting.push(rec);
          return out;
        }
        const callId = parentCall(rec.source);
        decoder = readable(id)({
          ...(o.decode ?? {}),
          source: rec.source,
          replyUsage: o.replyUsage,
          ...(callId ? { parentCallId: callId } : {}),
          // A stream-level problem a reader finds (auto-swe: no `eof`) is reported for a line.
          report: (line: number, message: string) =>
            ctx.reject({ source: rec.source, line, reason: 'format', message }),
        });
        const held = waiting;
        waiting = [];
        for (const r of held) decode(r, out, ctx);
      }
      decode(rec, out, ctx);
      return out;
    },
    // The writer's held records one at a time (run-record holds every session to the end): each
    // is written before the next is made, so they need not all exist at once.
    *flush(ctx) {
      const out: Rec[] = [];
      const at = last ?? { raw: '', line: 0, source: source ?? '-' };
      endSource(out, at, ctx);
      yield* out;
      try {
        for (const value of encoder.end()) yield written(value, at.line, at.source);
      } catch (err) {
        // The last session could not be written: what was before it has been.
        if (!(err instanceof UnwritableSession)) throw err;
        rejectSession(err, at as Rec, ctx);
      }
      last = first = undefined;
    },
    // The input being read may still end (its session_end, a reply's last usage), under its last
    // record; a writer holding everything to the end holds every record read.
    heldFrom: () => (encoder.holdsUntilEnd ? first : last?.line),
    // Destroyed before its end (a later stage failed, the reader left): the writer's file goes.
    close: () => encoder.close?.(),
  };
}

/** The adapter options the user gave, by name: handed to the decoder and the encoder. */
function givenAdapterOptions(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(adapterOptions)) if (args[k] !== undefined) out[k] = args[k];
  return out;
}

/** `--endpoint URL` (with `--to otlp`): each trace written is also posted there. */
function endpointStage(args: Readonly<Record<string, unknown>>, ctx: CommandContext): Transform[] {
  if (args.endpoint === undefined) return [];
  if (args.to !== 'otlp') badOption('convert: --endpoint is for --to otlp');
  return [otlpSend({ endpoint: args.endpoint as string, output: 'records', warn: warnOn(ctx) })];
}

export const convertBehaviour: CommandBehaviour = {
  outputFiles: (args) => [{ path: args.timing as string | undefined, option: '--timing' }],
  stages: (args, ctx) => [
    convert({
      to: args.to as string,
      from: args.from as string | undefined,
      replyUsage: args.replyUsage as ReplyUsage | undefined,
      pretty: args.pretty === true,
      encode: givenAdapterOptions(args),
      decode: givenAdapterOptions(args),
    }),
    ...endpointStage(args, ctx),
  ],
};
