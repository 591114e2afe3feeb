import { TxpipeError } from '../stream/errors.js';

/**
 * What a writer (an `Encoder`) throws when one session cannot be written in its format at all
 * (Flockdeck: no time on any of its entries) and it has let go of that session: the writer goes
 * on with the next. `convert` reports that session's lines (reason `format`, kept for
 * `--reject-file`) and writes the other sessions.
 */
export class UnwritableSession extends TxpipeError {
  readonly session: string;

  constructor(session: string, message: string) {
    super('ERR_TXPIPE_FORMAT', message);
    this.name = 'UnwritableSession';
    this.session = session;
  }
}
