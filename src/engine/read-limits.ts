import type { Framing } from '../stream/framing.js';
import type { OnInvalid } from '../stream/parse.js';

/**
 * How a run reads its inputs and what its writer does with a line that is not JSON: the CLI's
 * `--framing`, `--on-invalid` and `--max-input-line-bytes`, by their library names.
 */
export interface ReadLimits {
  /** How values are laid out in the input; `auto` sniffs the first bytes. */
  readonly framing: Framing | 'auto';
  /**
   * A line that is not JSON: the stages see it (as a record with `invalid`), then the writer
   * reports and drops it (`skip`), writes it as it is (`pass`) or fails the run (`error`).
   */
  readonly onInvalid: OnInvalid;
  /** The longest input line held in memory; a longer one is reported (default 256 MiB). */
  readonly maxLineBytes?: number;
}
