import type { Transform } from 'node:stream';
import { RawJson, type Decoder, type Encoder, type FormatAdapter } from '../formats/adapter.js';
import { detectValue } from '../formats/detect.js';
import { formatIds, formats, getFormat } from '../formats/registry.js';
import { TxpipeError, badOption } from '../stream/errors.js';
import type { Rec } from '../stream/rec.js';
import { recordTransform, type StageContext } from '../stream/record-transform.js';
import type { Event } from '../events/event.js';
import type { CliOption, CommandSpec } from './spec.js';

export interface ConvertOptions {
  /** The target format id. */
  readonly to: string;
  /** The source format id; detected per input from its records when absent. */
  readonly from?: string;
  /** Options handed to the decoder and the encoder (adapter-specific). */
  readonly decode?: Readonly<Record<string, unknown>>;
  readonly encode?: Readonly<Record<string, unknown>>;
  /** Write each output record pretty-printed (2-space JSON) instead of one line each. */
  readonly pretty?: boolean;
}

function readable(id: string): FormatAdapter {
  const f = getFormat(id);
  if (!f) badOption(`unknown format ${id}; known: ${formatIds.join(', ')}`);
  if (!f.decoder) badOption(`format ${id} cannot be read yet`);
  return f;
}

function writable(id: string): FormatAdapter {
  const f = getFormat(id);
  if (!f) badOption(`unknown format ${id}; known: ${formatIds.join(', ')}`);
  if (!f.encoder) badOption(`format ${id} cannot be written`);
  return f;
}

/**
 * `convert`: native records -> canonical events (the source format's decoder) -> native records
 * of the target (its encoder). One decoder per input source; one encoder for the whole output, so
 * a writer that makes one record per session (run-record) sees every session. The source format
 * is the one given, or else detected from the first record of each input that an adapter claims;
 * records before that are held (at most `holdLimit`).
 */
export function convert(options: ConvertOptions): Transform {
  const target = writable(options.to);
  const fixed = options.from !== undefined ? readable(options.from) : undefined;
  const encoder: Encoder = target.encoder!(options.encode ?? {});
  let source: string | undefined;
  let decoder: Decoder | undefined;
  let waiting: Rec[] = [];
  const holdLimit = 10_000;

  const written = (out: unknown, at: { line: number; source: string }): Rec => {
    const exact = out instanceof RawJson;
    const value = exact ? out.value : out;
    const place = { value, line: at.line, source: at.source, format: target.id };
    if (options.pretty) return { raw: JSON.stringify(value, null, 2), ...place };
    return exact ? { raw: out.text, ...place } : { raw: '', ...place, changed: true };
  };
  const emit = (events: readonly Event[], out: Rec[], at: Rec): void => {
    for (const ev of events) for (const value of encoder.encode(ev)) out.push(written(value, at));
  };
  /** A record its decoder cannot read is an error for that line only (rejected, reading goes on). */
  const decode = (rec: Rec, out: Rec[], ctx: StageContext): void => {
    // A line that is not JSON goes on to the writer, which applies --on-invalid and reports it.
    if (rec.invalid) {
      out.push(rec);
      return;
    }
    let events: readonly Event[];
    try {
      events = decoder!.decode(rec);
    } catch (err) {
      if (!(err instanceof TxpipeError) || err.code !== 'ERR_TXPIPE_FORMAT') throw err;
      ctx.reject({
        source: rec.source,
        line: rec.line,
        reason: 'format',
        message: err.message,
        raw: rec.raw,
      });
      return;
    }
    emit(events, out, rec);
  };
  const endSource = (out: Rec[], at: Rec): void => {
    if (decoder) emit(decoder.end(), out, at);
    decoder = undefined;
    waiting = [];
  };

  return recordTransform({
    transform(rec, ctx) {
      const out: Rec[] = [];
      if (rec.source !== source) {
        if (source !== undefined) endSource(out, rec);
        source = rec.source;
      }
      if (!decoder) {
        const f = fixed ?? (rec.value !== undefined ? detectValue(rec.value) : undefined);
        if (!f) {
          if (waiting.length >= holdLimit) {
            throw new TxpipeError(
              'ERR_TXPIPE_FORMAT',
              `no known format in the first ${holdLimit} records`,
              {
                source: rec.source,
                line: rec.line,
              },
            );
          }
          waiting.push(rec);
          return out;
        }
        decoder = readable(f.id).decoder!({ ...(options.decode ?? {}), source: rec.source });
        const held = waiting;
        waiting = [];
        for (const r of held) decode(r, out, ctx);
      }
      decode(rec, out, ctx);
      return out;
    },
    flush(ctx) {
      const out: Rec[] = [];
      const last = { raw: '', line: 0, source: source ?? '-' };
      endSource(out, last);
      for (const value of encoder.end()) out.push(written(value, last));
      for (const r of out) ctx.push(r);
    },
  });
}

/** Every adapter's own options (`FormatAdapter.options`), offered as flags of `convert`. */
const adapterOptions = Object.assign({}, ...formats.map((f) => f.options ?? {})) as Record<
  string,
  CliOption
>;

/** The adapter options the user gave, by name. */
function givenAdapterOptions(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(adapterOptions)) if (args[k] !== undefined) out[k] = args[k];
  return out;
}

export const convertCommand: CommandSpec = {
  name: 'convert',
  summary: 'Convert between transcript formats through canonical events',
  options: {
    to: { type: 'string', describe: `Target format (${formatIds.join(', ')})`, default: 'txpipe' },
    from: { type: 'string', describe: 'Source format; detected per input when not given' },
    pretty: { type: 'boolean', describe: 'Write each record pretty-printed, not one per line' },
    ...adapterOptions,
  },
  output: 'records',
  stages: (args) => {
    const given = givenAdapterOptions(args);
    return [
      convert({
        to: args.to as string,
        from: args.from as string | undefined,
        pretty: args.pretty === true,
        encode: given,
        decode: given,
      }),
    ];
  },
};
