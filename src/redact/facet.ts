import type { PendingCalls } from './pending-calls.js';
import type { Redactor } from './redactor.js';

/** What a format's withholding needs. */
export interface WithholdContext {
  readonly redactor: Redactor;
  readonly calls: PendingCalls;
}

/**
 * Where one format keeps tool calls and results (DESIGN §2, the field map redact needs), and how
 * a line that redaction changed is marked. A format implements it (`src/formats/<id>/redact.ts`) and gives it through its adapter's
 * `facets.redaction`; `redact` picks it once per input.
 */
export interface FormatRedaction {
  /** Substrings of a raw line that can hold a tool call or a secret file's content. */
  readonly markers: readonly string[];
  /** The value with secret files' contents withheld; the same reference when nothing was. */
  withhold(value: Record<string, unknown>, ctx: WithholdContext): Record<string, unknown>;
  /**
   * Rules of the format's own writer, applied to every record whose raw line holds one of
   * `rewriteMarkers`, before the text rules (auto-swe: embedding vectors omitted, credential
   * query parameters and headers dropped). The same reference when nothing changed.
   */
  rewrite?(value: Record<string, unknown>): Record<string, unknown>;
  readonly rewriteMarkers?: readonly string[];
  /** A changed line as the format wants it (Flockdeck: `"redacted": true`). */
  markChanged?(value: Record<string, unknown>): Record<string, unknown>;
}
