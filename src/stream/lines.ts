import { Transform, type TransformCallback } from 'node:stream';
import { checkOneOf } from './check-option.js';
import { TxpipeError, badOption } from './errors.js';
import { emitReject } from './rejection.js';
import { withDefaults } from './options.js';
import { LineSplitter, tooLongMessage, type LineSink } from './line-splitter.js';
import { checkKnownOptions, optionNames } from './known-options.js';

/** One input line. */
export interface Line {
  /** The line's text without `\n` or `\r\n`. */
  readonly text: string;
  /** 1-based line number within `source`. */
  readonly line: number;
  readonly source: string;
  /** True for a last line that had no line break (it may have been cut off by a crash). */
  readonly unterminated?: boolean;
  /**
   * The bytes `text` was decoded from (without the line break or a BOM), given for a line that
   * was gathered from several input chunks and so has a buffer of its own (every line longer than
   * a chunk) and decoded without a replacement character: an untouched long line is then written
   * back without being encoded again. Not given for a line inside one chunk, whose view would keep
   * the whole chunk alive as long as the line.
   */
  readonly bytes?: Buffer;
  /**
   * A copy of the line's bytes when they are not valid UTF-8 (its `text` has U+FFFD for them, one
   * per maximal invalid sequence): a writer that must replace them as another program does (Go:
   * one U+FFFD per invalid byte) reads them again. Rare; never given for valid UTF-8.
   */
  readonly invalidUtf8?: Buffer;
}

export interface LinesOptions {
  /** Name reported for these lines (a path, or `-`). */
  readonly source?: string;
  /**
   * Upper bound on one line's bytes, which bounds memory. A longer line is not held: its bytes are
   * dropped as they arrive and the line is reported (`line-too-long`) or, with
   * `onLongLine: 'error'`, fails the stream.
   */
  readonly maxLineBytes?: number;
  readonly onLongLine?: 'skip' | 'error';
  /**
   * Only lines that contain one of these strings are emitted (searched in the bytes, before any
   * decoding); the others are counted and dropped. For readers that need a few lines of many,
   * such as `usage`. Every line when absent.
   */
  readonly select?: readonly string[];
}

export const linesDefaults: Readonly<Required<Omit<LinesOptions, 'select'>>> = {
  source: '-',
  maxLineBytes: 256 * 1024 * 1024,
  onLongLine: 'skip',
};

/** Checks a `maxLineBytes` option once, at construction. */
export function checkMaxLineBytes(value: unknown): void {
  if (!(Number.isInteger(value) && (value as number) > 0)) {
    badOption(`maxLineBytes must be a positive integer, got ${String(value)}`);
  }
}

/** Every option `lines` takes (a misspelt one is an error, not ignored). */
const linesOptionNames = optionNames<LinesOptions>({
  source: true,
  maxLineBytes: true,
  onLongLine: true,
  select: true,
});

/**
 * Splits bytes into {@link Line}s with the reading rules of {@link LineSplitter} (linear in input
 * size, whatever the line lengths).
 */
export function lines(options: LinesOptions = {}): Transform {
  checkKnownOptions('lines', options, linesOptionNames);
  const opts = withDefaults(linesDefaults, options);
  checkMaxLineBytes(opts.maxLineBytes);
  checkOneOf('onLongLine', opts.onLongLine, ['skip', 'error']);
  const { source, maxLineBytes, onLongLine } = opts;
  const splitter = new LineSplitter({ source, maxLineBytes, select: options.select });
  const stage: Transform = new Transform({
    readableObjectMode: true,
    writableObjectMode: false,
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      done(splitter.write(chunk, sink));
    },
    flush(done: TransformCallback) {
      done(splitter.end(sink));
    },
  });
  const sink: LineSink = {
    line: (line) => {
      stage.push(line);
    },
    tooLong: (line, bytes) => {
      const message = tooLongMessage(bytes, maxLineBytes);
      if (onLongLine === 'error') {
        return new TxpipeError('ERR_TXPIPE_LINE_TOO_LONG', message, { source, line });
      }
      emitReject(stage, { source, line, reason: 'line-too-long', message });
      return undefined;
    },
  };
  return stage;
}
