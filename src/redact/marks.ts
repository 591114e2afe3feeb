/** What replaces a secret found by a rule. */
export const REDACTED = '[redacted]';

/** What replaces the content of a secret file (its name is kept). */
export const WITHHELD = '[withheld: a secret file]';

/** The typed mark of a PII kind (`[redacted:email]`). */
export function piiMark(kind: string): string {
  return `[redacted:${kind}]`;
}

/** True for a value that is already a mark, so a second pass leaves it alone (idempotence). */
export function isMark(s: string): boolean {
  return s === REDACTED || s === WITHHELD || /^\[redacted:[a-z-]+\]$/.test(s);
}
