import type { DecodeOptions, Decoder, EncodeOptions, Encoder } from '../events/codec.js';
import type { CliOption } from '../stream/cli-option.js';

export type { DecodeOptions, Decoder, EncodeOptions, Encoder } from '../events/codec.js';
export { isRecord } from '../stream/is-record.js';

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
   * Options of this format's decoder/encoder that `convert` offers as flags (camelCase keys, as
   * in a CommandSpec). `convert` merges every adapter's options and hands the given ones to both.
   */
  readonly options?: Readonly<Record<string, CliOption>>;
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
