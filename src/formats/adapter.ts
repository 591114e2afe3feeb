import type { Event } from '../events/event.js';
import type { Rec } from '../stream/rec.js';
import type { CliOption } from '../transforms/spec.js';

/** Options every decoder takes; adapters may accept more. */
export interface DecodeOptions {
  readonly [option: string]: unknown;
}

/** Options every encoder takes; adapters may accept more. */
export interface EncodeOptions {
  readonly [option: string]: unknown;
}

/** Native records to canonical events. Stateful: one decoder reads one input stream. */
export interface Decoder {
  /** Events for one native record (none is fine: state may be held until later records). */
  decode(rec: Rec): readonly Event[];
  /** Events held until the end of input. */
  end(): readonly Event[];
}

/** Canonical events to native records (JSON values, one output line each). */
export interface Encoder {
  encode(event: Event): readonly unknown[];
  end(): readonly unknown[];
}

/** A format's reader and writer, from `FormatAdapter.load()`. */
export interface FormatCodec {
  /** Reading: native records to events, where the format can be read. */
  readonly decoder?: (options?: DecodeOptions) => Decoder;
  /** Writing: events to native records, where the format can be written. */
  readonly encoder?: (options?: EncodeOptions) => Encoder;
}

/**
 * One format: one adapter file and one line in `registry.ts` (DESIGN §2). Everything the CLI,
 * `--help`, the docs and the conformance tests know about a format comes from here.
 */
export interface FormatAdapter {
  /** The id users type (`--to flockdeck`). */
  readonly id: string;
  /** One line for `--help` and docs. */
  readonly summary: string;
  /** Where the format is defined (a spec in shared/specs, or a docs page). */
  readonly reference: string;
  /**
   * Does this record belong to this format? Looks at one parsed value only, is cheap, and is
   * exclusive: a record of another known format must not match.
   */
  detect(value: unknown): boolean;
  /**
   * Imports the format's reader and writer (the modules are loaded only by a run that reads or
   * writes it; detection, ids and options need none of them). `formats/codecs.ts` holds them all.
   */
  load(): Promise<FormatCodec>;
  /**
   * True when the format can be written (its codec has an encoder): `convert --to` offers it.
   * Known without loading the codec; a conformance test holds the two together.
   */
  readonly writable?: boolean;
  /**
   * Options of this format's decoder/encoder that `convert` offers as flags (camelCase keys, as
   * in a CommandSpec). `convert` merges every adapter's options and hands the given ones to both.
   */
  readonly options?: Readonly<Record<string, CliOption>>;
}

/** A plain object, for detectors. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An encoder's output that must be written as this exact JSON text: a record written back
 * unchanged (an unknown event, a provider block kept byte-exact). `value` is its parsed value.
 */
export class RawJson {
  constructor(
    readonly text: string,
    readonly value: unknown,
  ) {}
}
