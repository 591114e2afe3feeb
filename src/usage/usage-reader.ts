import type { Rec } from '../stream/rec.js';
import type { Rejection } from '../stream/rejection.js';
import { NONE, type UsageEntry, type UsageReader } from './extractor.js';
import type { UsageFormats } from './usage-formats.js';

/**
 * Where the reading of an input stands between two lines: its format once decided, else how
 * many records were looked at to find it. With a resumable extractor (or none), reading can go
 * on from here exactly as if the lines before had been read again (`UsageRecordReader.resume`).
 */
export interface ReaderState {
  readonly format?: string;
  readonly looked: number;
}

/**
 * Reads usage entries from the records of many inputs, one after another. Each input's format is
 * decided once, by the format detectors (`UsageFormats.detect`), from its first record that one of them claims (looking at
 * no more than `sample` records); its extractor then reads every later record. An input in a
 * format with no usage extractor gives no entries.
 */
export class UsageRecordReader {
  readonly #sample: number;
  readonly #formats: UsageFormats;
  #source: string | undefined;
  #reader: UsageReader | undefined;
  #looked = 0;
  #needles: readonly string[] | undefined;
  #lastLine = 0;
  #format: string | undefined;

  constructor(sample: number, formats: UsageFormats) {
    this.#sample = sample;
    this.#formats = formats;
  }

  /** Whether `rec` starts a new input (the caller ends the reply being read then). */
  isNewSource(rec: Rec): boolean {
    return rec.source !== this.#source;
  }

  /**
   * Ends the input being read: what its format's reader finds wrong with how it ended (reported
   * for the last line read), or undefined. Asked once; the input is forgotten after.
   */
  end(): Rejection | undefined {
    const source = this.#source;
    const message = this.#reader?.end?.();
    this.#reader = undefined;
    this.#source = undefined;
    this.#format = undefined;
    if (source === undefined || message === undefined) return undefined;
    return { source, line: this.#lastLine, reason: 'format', message };
  }

  /** Where the current input's reading stands (see {@link ReaderState}). */
  get state(): ReaderState {
    return this.#format === undefined
      ? { looked: this.#looked }
      : { format: this.#format, looked: this.#looked };
  }

  /**
   * Whether reading an input from `state` on gives exactly what reading it from its start does:
   * its format's extractor keeps nothing from line to line (or there is none, or no format yet).
   */
  resumable(state: ReaderState): boolean {
    if (state.format === undefined) return true;
    return this.#formats.extractor(state.format)?.resumable ?? true;
  }

  /** Goes on reading `source` from `state` (as `read` would have left it after the lines before). */
  resume(source: string, state: ReaderState): void {
    this.#source = source;
    this.#lastLine = 0;
    this.#looked = state.looked;
    this.#format = state.format;
    this.#reader = undefined;
    this.#needles = this.#looked >= this.#sample ? [] : undefined;
    if (state.format !== undefined) this.#use(source, state.format);
  }

  #use(source: string, format: string): void {
    const x = this.#formats.extractor(format);
    this.#format = format;
    this.#reader = x ? x.reader(source) : () => NONE;
    this.#needles = x?.needles ?? [];
    this.#looked = this.#sample;
  }

  read(rec: Rec): readonly UsageEntry[] {
    if (rec.source !== this.#source) {
      this.#source = rec.source;
      this.#reader = undefined;
      this.#looked = 0;
      this.#needles = undefined;
      this.#format = undefined;
    }
    this.#lastLine = rec.line;
    if (rec.value === undefined) return NONE;
    if (this.#reader === undefined) {
      if (this.#looked >= this.#sample) return NONE;
      this.#looked++;
      const format = this.#formats.detect(rec.value);
      if (format === undefined) {
        if (this.#looked >= this.#sample) this.#needles = [];
        return NONE;
      }
      this.#use(rec.source, format);
    }
    return (this.#reader as UsageReader)(rec.value);
  }

  /**
   * Once the current input's format is decided: the strings a later line of it must contain to
   * give usage (its extractor's needles; none for a format without usage, or an input whose
   * format was not found in `sample` records). Undefined until then.
   */
  get needles(): readonly string[] | undefined {
    return this.#needles;
  }
}
