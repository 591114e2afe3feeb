/** Error codes txpipe attaches to every error it raises. */
export type TxpipeErrorCode =
  | 'ERR_TXPIPE_INVALID_JSON'
  | 'ERR_TXPIPE_LINE_TOO_LONG'
  | 'ERR_TXPIPE_BAD_OPTION'
  | 'ERR_TXPIPE_UNKNOWN_OPTION'
  | 'ERR_TXPIPE_INPUT'
  | 'ERR_TXPIPE_OUTPUT'
  | 'ERR_TXPIPE_FORMAT'
  | 'ERR_TXPIPE_LIMIT'
  | 'ERR_TXPIPE_TOO_DEEP'
  | 'ERR_TXPIPE_STAGE_ENDED'
  | 'ERR_TXPIPE_NOT_A_RECORD'
  | 'ERR_TXPIPE_MISSING_PACKAGE';

/** An error with a stable code and, where it concerns one line, its source and number. */
export class TxpipeError extends Error {
  readonly code: TxpipeErrorCode;
  readonly source: string | undefined;
  readonly line: number | undefined;

  constructor(
    code: TxpipeErrorCode,
    message: string,
    where: { source?: string; line?: number; cause?: unknown } = {},
  ) {
    super(where.line !== undefined ? `${where.source ?? '-'}:${where.line}: ${message}` : message, {
      cause: where.cause,
    });
    this.name = 'TxpipeError';
    this.code = code;
    this.source = where.source;
    this.line = where.line;
  }
}

/** Throws a TxpipeError for a bad option; used by factories while validating, never per record. */
export function badOption(message: string): never {
  throw new TxpipeError('ERR_TXPIPE_BAD_OPTION', message);
}
