/**
 * The seam through which the Flockdeck writer redacts and clips every line (the Flockdeck
 * reference, section 4). The real guard is built from the redact and clip modules
 * (`src/redact/`, `src/clip/`); this file holds only the contract and a guard that changes nothing,
 * for callers that redact and clip elsewhere.
 */
export interface GuardedString {
  readonly text: string;
  readonly redacted: boolean;
  /** The string's length in bytes before it was cut, when it was cut. */
  readonly clippedFrom?: number;
}

export interface GuardedInput {
  readonly value: unknown;
  readonly redacted: boolean;
  /** The input's length as JSON in bytes, when a string in it was cut. */
  readonly clippedFrom?: number;
}

export interface LineGuard {
  /** A string field: cut at `limit` bytes (before redaction, as Flockdeck does), then redacted. */
  string(s: string, limit: number): GuardedString;
  /**
   * A tool's input: every string in it cut at `limit` and redacted; when `secret` (the call names a
   * secret file, see `secretCall`) its strings other than the path and command are withheld.
   */
  input(tool: string, input: unknown, limit: number, secret: boolean): GuardedInput;
  /** Does this call name a secret file, so that its result is withheld? */
  secretCall(tool: string, input: unknown): boolean;
  /** What stands in for a secret file's contents. */
  readonly withheld: string;
}

/** A guard that changes nothing (for input that was redacted and clipped before convert). */
export const passGuard: LineGuard = {
  string: (s) => ({ text: s, redacted: false }),
  input: (_tool, value) => ({ value, redacted: false }),
  secretCall: () => false,
  withheld: '[withheld: a secret file]',
};
