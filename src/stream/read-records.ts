import {
  PassThrough,
  Transform,
  Writable,
  type Readable,
  type TransformCallback,
} from 'node:stream';
import { afterDrain } from './after-drain.js';
import { exactValueStages, type ExactValue } from './exact-values.js';
import { chainToEnd } from './chain-to-end.js';
import { FRAMINGS, SNIFF_BYTES, framingSettled, sniffFraming, type Framing } from './framing.js';
import { TxpipeError, badOption } from './errors.js';
import { decompressed, inputError, peek } from './input.js';
import { checkMaxLineBytes, lines, type LinesOptions } from './lines.js';
import { checkOnInvalid, parse, type OnInvalid } from './parse.js';
import type { Rec } from './rec.js';
import { withDefaults } from './options.js';
import type { TrailingBytes } from './gunzip-members.js';
import { REJECT_EVENT, type Rejection } from './rejection.js';
import { checkKnownOptions, optionNames } from './known-options.js';

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
 * compact text with numbers as read (see exact-values.ts, which assembles values without
 * recursion, so a deeply nested value is read like any other).
 */
function valuesToRecs(source: string, place: ParsePlace): Transform {
  return new Transform({
    objectMode: true,
    transform(item: ExactValue, _enc: BufferEncoding, done: TransformCallback) {
      place.records = item.key + 1;
      done(null, { raw: item.raw, value: item.value, line: item.key + 1, source });
    },
  });
}

/** How far a JSON array or concatenated values have been parsed. */
interface ParsePlace {
  /** Values read whole so far. */
  records: number;
  /** Bytes handed to the parser so far. */
  bytes: number;
  /** True once the parser is in use (not JSON Lines). */
  parsing?: boolean;
}

/**
 * An error of reading, naming the source: I/O and gzip errors through {@link inputError}, and the
 * parse error stream-json raises (a plain `Error`) for an array or concatenated values that are
 * not JSON, which cannot be skipped line by line: it names the record and how far reading got.
 */
function readError(
  err: unknown,
  source: string,
  place?: ParsePlace,
  sourceFailure?: unknown,
): Error {
  if (sourceFailure !== undefined && (err === sourceFailure || causeOf(err) === sourceFailure)) {
    // The input stream failed or was destroyed (its own error, a plain one or none): an input
    // error, never a parse error of the bytes it gave before.
    const e = sourceFailure as NodeJS.ErrnoException;
    if (typeof e?.code === 'string') return inputError(e, source) as Error;
    const why = e instanceof Error ? e.message : String(e);
    return new TxpipeError('ERR_TXPIPE_INPUT', `${source}: read failed (${why})`, { cause: e });
  }
  const e = inputError(err, source) as Error;
  if (e instanceof TxpipeError || typeof (e as NodeJS.ErrnoException).code === 'string') return e;
  // stream-json does not say where it stopped: the record it was in, and the bytes it had read.
  const where = place ? ` at record ${place.records + 1} (in the first ${place.bytes} bytes)` : '';
  return new TxpipeError(
    'ERR_TXPIPE_INVALID_JSON',
    `${source}: not valid JSON${where} (${e.message})`,
    {
      cause: err,
    },
  );
}

/** A source destroyed before its end without an error of its own. */
const PREMATURE = Object.assign(new Error('the source was destroyed before its end'), {
  code: 'ERR_STREAM_PREMATURE_CLOSE',
});

/** The cause an error carries, if any. */
function causeOf(err: unknown): unknown {
  return err instanceof Error ? err.cause : undefined;
}

/** Drops a UTF-8 byte order mark from the front of a byte stream (stream-json does not skip it). */
function dropBom(): Transform {
  let head: Buffer | undefined = Buffer.alloc(0);
  const pass = (stage: Transform, buf: Buffer): void => {
    const bom = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
    if (buf.length > (bom ? 3 : 0)) stage.push(bom ? buf.subarray(3) : buf);
  };
  return new Transform({
    transform(this: Transform, chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      if (head === undefined) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length >= 3) {
        pass(this, head);
        head = undefined;
      }
      done();
    },
    flush(this: Transform, done: TransformCallback) {
      if (head !== undefined) pass(this, head);
      done();
    },
  });
}

/** Counts the bytes that pass, into `place.bytes`. */
function countBytes(place: ParsePlace): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      place.bytes += chunk.length;
      done(null, chunk);
    },
  });
}

/**
 * The parser of a JSON array or of concatenated values: stream-json's tokenizer (loaded only for
 * such input; JSON Lines, the common case, never needs it) and the exact assembler.
 */
async function valueParser(framing: 'array' | 'concatenated'): Promise<Transform[]> {
  const [parser, assembler] = await exactValueStages(framing);
  // The tokens it made before an error reach the assembler first (see afterDrain).
  const deferred =
    (fn: (...a: never[]) => void) =>
    (...a: unknown[]): void => {
      const done = a[a.length - 1] as (err?: Error | null) => void;
      fn.call(parser, ...(a.slice(0, -1) as never[]), ((err?: Error | null) => {
        if (err) afterDrain(parser, () => done(err), false);
        else done();
      }) as never);
    };
  parser._transform = deferred(parser._transform as never);
  parser._flush = deferred(parser._flush as never);
  return [parser, assembler];
}

/** The checks of {@link readRecords}' options, made when it is called. */
function checkOptions(options: ReadRecordsOptions): void {
  if (options.framing !== undefined && options.framing !== 'auto') {
    if (!FRAMINGS.includes(options.framing)) {
      badOption(
        `framing must be one of auto, ${FRAMINGS.join(', ')}, got ${String(options.framing)}`,
      );
    }
  }
  if (options.source !== undefined && typeof options.source !== 'string') {
    badOption(`source must be a string, got ${typeof options.source}`);
  }
  if (options.onInvalid !== undefined) checkOnInvalid(options.onInvalid);
  if (options.maxLineBytes !== undefined) checkMaxLineBytes(options.maxLineBytes);
}

/** Every option `readRecords` takes (a misspelt one is an error, not ignored). */
const readRecordsOptionNames = optionNames<ReadRecordsOptions>({
  source: true,
  framing: true,
  onInvalid: true,
  maxLineBytes: true,
  onLongLine: true,
  select: true,
});

/**
 * Bytes in (a file, standard input, gzip or not), records out: the reading half of every txpipe
 * pipeline. Framing is sniffed from the first bytes unless given. Rejections from the inner stages
 * are re-emitted on the returned stream. The source is named by `source`, else by the path of a
 * file stream (`openInput(path)`, `fs.createReadStream(path)`), else `-`. When reading fails (an
 * I/O error, a JSON array cut short), the records read before are given first, then the error.
 */
export function readRecords(input: Readable, options: ReadRecordsOptions = {}): Readable {
  checkKnownOptions('readRecords', options, readRecordsOptionNames);
  checkOptions(options);
  const path = (input as Readable & { path?: unknown }).path;
  const opts = withDefaults(
    { ...readRecordsDefaults, ...(typeof path === 'string' ? { source: path } : {}) },
    options,
  );
  const place: ParsePlace = { records: 0, bytes: 0 };
  // Errors reach `out` from the pipeline as well as from `run`; either way they name the source.
  const out = new PassThrough({
    objectMode: true,
    destroy(err, done) {
      done(err ? readError(err, opts.source) : null);
    },
  });
  // The records go to `out` through `into`, so that a failed read does not destroy `out` (and
  // the records in it) at once: `out` fails once its reader has taken them.
  // The last line number seen: bytes after a gzip input's data are reported on the line after it.
  let lastLine = 0;
  const into = new Writable({
    objectMode: true,
    write(rec: Rec, _enc: BufferEncoding, done: (err?: Error | null) => void) {
      if (rec.line > lastLine) lastLine = rec.line;
      if (out.write(rec)) done();
      else out.once('drain', () => done());
    },
  });
  const run = async (): Promise<void> => {
    let trailing: TrailingBytes | undefined;
    const bytes = await decompressed(input, (t) => (trailing = t));
    let framing = opts.framing;
    let stream = bytes;
    if (framing === 'auto') {
      const peeked = await peek(bytes, SNIFF_BYTES, framingSettled);
      framing = sniffFraming(peeked.head);
      stream = peeked.stream;
    }
    let stages: Transform[];
    if (framing === 'jsonl') {
      stages = [
        lines({
          source: opts.source,
          maxLineBytes: opts.maxLineBytes,
          onLongLine: opts.onLongLine,
          select: opts.select,
        }),
        parse({ onInvalid: opts.onInvalid }),
      ];
    } else {
      place.parsing = true;
      stages = [
        dropBom(),
        countBytes(place),
        ...(await valueParser(framing)),
        valuesToRecs(opts.source, place),
      ];
    }
    for (const stage of stages)
      stage.on(REJECT_EVENT, (r: Rejection) => {
        if (r.line > lastLine) lastLine = r.line;
        out.emit(REJECT_EVENT, r);
      });
    const err = await chainToEnd([stream, ...stages, into]);
    if (err) throw err;
    if (trailing !== undefined)
      out.emit(REJECT_EVENT, trailingRejection(opts.source, lastLine + 1, trailing));
    out.end();
  };
  // What the input itself fails with (destroyed with an error or without): told apart from what
  // the stages after it raise.
  let sourceFailure: unknown;
  input.on('error', (err: unknown) => (sourceFailure ??= err));
  input.on('close', () => {
    if (!input.readableEnded && sourceFailure === undefined) sourceFailure = PREMATURE;
  });
  run().catch((err: unknown) => {
    const premature = (err as NodeJS.ErrnoException)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
    const failure = readError(
      premature && sourceFailure === PREMATURE ? PREMATURE : err,
      opts.source,
      place.parsing ? place : undefined,
      sourceFailure,
    );
    afterDrain(out, () => out.destroy(failure));
  });
  return out;
}

/** The report of bytes after a gzip input's data that are not gzip (`zcat`: trailing garbage). */
function trailingRejection(source: string, line: number, t: TrailingBytes): Rejection {
  const message = `${t.bytes} bytes after the gzip data (from byte ${t.offset}) are not gzip; not read`;
  return { source, line, reason: 'trailing-bytes', message };
}

export type { Rec };
