import type { DecodeOptions, Decoder, EncodeOptions, Encoder } from '../events/codec.js';
import type { ClipProfile } from '../clip/profile.js';
import type { FormatRedaction } from '../redact/facet.js';
import type { Replayer } from '../replay/replayer.js';
import type { CliOption } from '../stream/cli-option.js';
import type { UsageExtractor } from '../usage/extractor.js';

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
 * What the engines need to work on a format's own records without converting them. The engines
 * define each contract; a format implements the ones it has, in its folder.
 */
export interface FormatFacets {
  /** Its reader and writer (`FormatAdapter.load()`). */
  readonly codec: FormatCodec;
  /** Where its tool calls, results and secret-file paths live (`redact`). */
  readonly redaction: FormatRedaction;
  /** Its clip profile: default limits and where the `clipped` map goes (`clip`). */
  readonly clip: ClipProfile;
  /** Its usage extractor (`usage`, `dedup-usage`). */
  readonly usage: UsageExtractor;
  /** Its own replay rules, one replayer per input (`replay`; else replayed from its events). */
  readonly replay: (source: string) => Replayer;
}

export type FacetKind = keyof FormatFacets;

/** Importers of a format's facets other than its codec, each loaded only when asked for. */
export type FacetLoaders = {
  readonly [K in Exclude<FacetKind, 'codec'>]?: () => Promise<FormatFacets[K]>;
};

/**
 * One format: one folder, `src/formats/<id>/`, whose `index.ts` is this adapter, and one line in
 * `registry.ts` (DESIGN §2). Everything the CLI,
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
   * The format's other facets, each imported only by the command that needs it (`redact` loads
   * redaction facets, `usage` usage extractors); detection and start-up load none. A format
   * without one (no tool calls, no usage) leaves it out.
   */
  readonly facets?: FacetLoaders;
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
  /**
   * The fields that say what a record is and how it links to others: the discriminators its
   * detector and reader key on (`type`, `kind`), its ids (record, session, parent, reply, tool
   * call) and roles. Patterns as `clip --field` takes them (a name at any depth, or a dotted path
   * from the top). `clip` never cuts them, so a clipped record is still recognised as what it was
   * and `clip(clip(x)) == clip(x)` at every limit.
   */
  readonly identity?: readonly string[];
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

/**
 * An encoder's output made as the UTF-8 bytes of its JSON text (a run record, made from text held
 * off the heap): written as these bytes; its text and value are decoded and parsed only when
 * first read.
 */
export class RawJsonBytes {
  #text: string | undefined;
  #value: unknown;
  constructor(readonly bytes: Buffer) {}

  /** The JSON text. */
  get text(): string {
    if (this.#text === undefined) this.#text = this.bytes.toString('utf8');
    return this.#text;
  }

  /** The parsed value. */
  get value(): unknown {
    if (this.#value === undefined) this.#value = JSON.parse(this.text);
    return this.#value;
  }
}
