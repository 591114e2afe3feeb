import type { Readable } from 'node:stream';
import type { Framing } from '../stream/framing.js';
import { inputError } from '../stream/input.js';
import type { OnInvalid } from '../stream/parse.js';
import type { Rec } from '../stream/rec.js';
import type { Rejection } from '../stream/rejection.js';
import { expandInputs } from './inputs.js';
import { Reporter } from './reporter.js';
import { sourceRecords } from './source-records.js';

/** How `readInputs` reads, and who hears of the lines it does not give. */
export interface ReadInputsOptions {
  /** `auto` (the default) sniffs JSON Lines, a JSON array or concatenated values, per input. */
  readonly framing?: Framing | 'auto';
  /**
   * A line that is not JSON: `skip` (reported, the default), `pass` (given as a record with
   * `invalid`, as the CLI hands it to its stages; `stringify` then applies its own policy) or
   * `error` (the iteration throws).
   */
  readonly onInvalid?: OnInvalid;
  /** The longest input line held in memory (256 MiB); a longer one is reported. */
  readonly maxLineBytes?: number;
  /** What `-` reads (process.stdin when absent). */
  readonly stdin?: Readable;
  /** Called with every line not given, in order. */
  readonly onReject?: (rejection: Rejection) => void;
  /** How many rejections `rejections` keeps (1,000); every one is counted in `rejected`. */
  readonly keepRejections?: number;
}

/** The records of every input, in the CLI's order, and the lines that were not given. */
export interface RecordInputs extends AsyncIterable<Rec> {
  /** Lines not given so far (too long, cut short, not JSON under `skip`, ...). */
  readonly rejected: number;
  /** The first of them (`keepRejections`). */
  readonly rejections: readonly Rejection[];
}

/**
 * The records of `paths` as the CLI reads them, one input after another: a file is itself (gzip
 * decompressed, framing sniffed), a folder every `.jsonl` / `.ndjson` file below it in name order,
 * a folder's files before its subfolders (a Claude Code session before its `<id>/subagents/`),
 * links followed, a file reached twice read once; `-` (or no path) is standard input. Each record
 * names its `source` and `line`. Rejections are never dropped: each is counted on the result,
 * the first ones kept, every one handed to `onReject`. An input that cannot be read ends the
 * iteration with an `ERR_TXPIPE_INPUT` error naming it, after the records before it.
 */
export function readInputs(
  paths: string | readonly string[] = [],
  options: ReadInputsOptions = {},
): RecordInputs {
  const reporter = new Reporter(undefined, undefined, {
    keep: options.keepRejections ?? 1000,
    onReject: options.onReject,
  });
  const list = typeof paths === 'string' ? [paths] : paths;
  async function* records(): AsyncGenerator<Rec> {
    for (const source of await expandInputs(list)) {
      const recs = await sourceRecords(source, {
        framing: options.framing ?? 'auto',
        onInvalid: options.onInvalid ?? 'skip',
        ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
        ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
        reject: reporter.add,
      });
      try {
        for await (const rec of recs) yield rec as Rec;
      } catch (err) {
        throw inputError(err, source);
      }
    }
  }
  return {
    [Symbol.asyncIterator]: records,
    get rejected() {
      return reporter.count;
    },
    get rejections() {
      return reporter.rejections;
    },
  };
}
