import type { Transform } from 'node:stream';
import { carryRawBytes } from './raw-bytes.js';
import type { Rec } from './rec.js';
import type { OnInvalid } from './parse.js';
import { recordTransform } from './record-transform.js';
import { invalidRejection } from './rejection.js';
import { settledRec } from './stringify.js';

export interface AsPipedOptions {
  /** Number a line that is not JSON too (the run's `--on-invalid pass`). */
  readonly countInvalid?: boolean;
  /**
   * Keep each record's line as it is: for a caller that tells by `line` which input a record came
   * from (the worker, whose lines number every record it took). Only the text is settled then.
   */
  readonly keepLines?: boolean;
  /**
   * The next command reads one stream, as on standard input in the shell (`txpipe run`): every
   * record's source becomes `-` and lines are numbered from 1 across all inputs, so a stage that
   * works per input (convert's reader per source, a run record per input, subagent files by path)
   * sees what it sees in `txpipe A FOLDER | txpipe B`. A line that is not JSON is then what the
   * writer before does with it under `onInvalid`: reported here and not passed on (`skip`, and a
   * truncated last line always), passed on as a line of the stream (`pass`), or left for the
   * writer to fail on, under its own place (`error`).
   */
  readonly oneStream?: boolean;
  /** The run's `--on-invalid`, for `oneStream` (default `skip`). */
  readonly onInvalid?: OnInvalid;
}

/**
 * The stage between two commands of one process (`txpipe run`, `chain()`): gives the next command
 * each record as it would read it from the previous one's output in a shell pipeline.
 *
 * - Its text: a record a stage changed or made (convert, replay, redact) gets the line the writer
 *   would write as its `raw` (`settledRec`), so a stage that reads `raw` (redact's prescan,
 *   rupu's reader keeping a line byte-exact, clip's line bound) reads that line, not the one read
 *   before, or nothing.
 * - Its place: records are numbered 1, 2, 3 per input. A stage that makes records gives them the
 *   line of the record they came from (or 0 at the end), and one that drops records (dedup-usage,
 *   clip's over-limit lines) leaves a gap; a reader after it (a txpipe event's `origin.line`,
 *   AWF's grouping of blocks by line) must see what it sees in a pipe.
 *
 * A record that is already so passes as the same object; one that moves keeps its bytes. A line
 * that is not JSON is numbered only when the writer writes it (`countInvalid`: `--on-invalid
 * pass`); the shell's first process drops it otherwise.
 */
export function asPiped(options: AsPipedOptions = {}): Transform {
  const { countInvalid = false, keepLines = false, oneStream = false } = options;
  const onInvalid = options.onInvalid ?? 'skip';
  let source: string | undefined;
  let n = 0;
  return recordTransform((given: Rec, ctx): Rec | undefined => {
    const rec = settledRec(given);
    if (keepLines) return rec;
    if (oneStream) {
      if (rec.invalid !== undefined && !(rec.invalid === 'malformed' && onInvalid === 'pass')) {
        if (rec.invalid === 'malformed' && onInvalid === 'error') return rec;
        ctx.reject(invalidRejection(rec, rec.invalid));
        return undefined;
      }
      // Relabelled in place: the CLI still copies an unchanged record from the bytes it was read from.
      const r = rec as { -readonly [K in keyof Rec]: Rec[K] };
      r.source = '-';
      r.line = ++n;
      return rec;
    }
    if (rec.source !== source) {
      source = rec.source;
      n = 0;
    }
    if (rec.invalid === 'truncated' || (rec.value === undefined && !countInvalid)) return rec;
    n++;
    if (rec.line === n) return rec;
    const moved: Rec = { ...rec, line: n };
    carryRawBytes(rec, moved);
    return moved;
  });
}
