import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exactValueStages, type ExactValue } from './exact-values.js';
import { SNIFF_BYTES, framingSettled, sniffFraming, type Framing } from './framing.js';
import { TxpipeError } from './errors.js';
import { decompressed, inputError, peek } from './input.js';
import { lines, type LinesOptions } from './lines.js';
import { parse, type OnInvalid } from './parse.js';
import type { Rec } from './rec.js';
import { withDefaults } from './options.js';
import { REJECT_EVENT } from './rejection.js';

export interface ReadRecordsOptions {
  /** Name reported for the records (a path or `-`). */
  readonly source?: string;
  /** `auto` sniffs the start of the input (see {@link sniffFraming}). */
  readonly framing?: Framing | 'auto';
  readonly onInvalid?: OnInvalid;
  readonly maxLineBytes?: number;
  readonly onLongLine?: LinesOptions['onLongLine'];
  /** JSON Lines only: read only the lines that contain one of these strings (see lines()). */
  readonly select?: readonly string[];
}

export const readRecordsDefaults: Readonly<
  Required<Pick<ReadRecordsOptions, 'source' | 'framing' | 'onInvalid'>>
> = {
  source: '-',
  framing: 'auto',
  onInvalid: 'skip',
};

/**
 * Records from a JSON array or concatenated values; `line` is the value's 1-based index, `raw` its
 * compact text with numbers as read (see exact-values.ts).
 */
function valuesToRecs(source: string): Transform {
  return new Transform({
    objectMode: true,
    transform(item: ExactValue, _enc: BufferEncoding, done: TransformCallback) {
      done(null, {
        raw: item.raw,
        value: item.value,
        line: item.key + 1,
        source,
      });
    },
  });
}

/**
 * An error of reading, naming the source: I/O and gzip errors through {@link inputError}, and the
 * parse error stream-json raises (a plain `Error`) for an array or concatenated values that are
 * not JSON, which cannot be skipped line by line.
 */
function readError(err: unknown, source: string): Error {
  const e = inputError(err, source) as Error;
  if (e instanceof TxpipeError || typeof (e as NodeJS.ErrnoException).code === 'string') return e;
  return new TxpipeError('ERR_TXPIPE_INVALID_JSON', `${source}: not valid JSON (${e.message})`, {
    cause: err,
  });
}

/**
 * Bytes in (a file, standard input, gzip or not), records out: the reading half of every txpipe
 * pipeline. Framing is sniffed from the first bytes unless given. Rejections from the inner stages
 * are re-emitted on the returned stream.
 */
export function readRecords(input: Readable, options: ReadRecordsOptions = {}): Readable {
  const opts = withDefaults(readRecordsDefaults, options);
  // Errors reach `out` from the pipeline as well as from `run`; either way they name the source.
  const out = new PassThrough({
    objectMode: true,
    destroy(err, done) {
      done(err ? readError(err, opts.source) : null);
    },
  });
  const run = async (): Promise<void> => {
    const bytes = await decompressed(input);
    let framing = opts.framing;
    let stream = bytes;
    if (framing === 'auto') {
      const peeked = await peek(bytes, SNIFF_BYTES, framingSettled);
      framing = sniffFraming(peeked.head);
      stream = peeked.stream;
    }
    const stages: Transform[] =
      framing === 'jsonl'
        ? [
            lines({
              source: opts.source,
              maxLineBytes: opts.maxLineBytes,
              onLongLine: opts.onLongLine,
              select: opts.select,
            }),
            parse({ onInvalid: opts.onInvalid }),
          ]
        : [...(await exactValueStages(framing)), valuesToRecs(opts.source)];
    for (const stage of stages) stage.on(REJECT_EVENT, (r) => out.emit(REJECT_EVENT, r));
    await pipeline([stream, ...stages, out] as unknown as [Readable, ...Transform[]]);
  };
  run().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

export type { Rec };
