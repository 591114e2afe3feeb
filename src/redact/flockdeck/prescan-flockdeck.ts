import { PRESCAN_FILE, PRESCAN_NONE, PRESCAN_TEXT } from '../prescan.js';
import { SECRET_FILE_PRESCAN } from '../secret-files.js';
import { FLOCKDECK_MAX_REDACT_BYTES } from './redact-flockdeck.js';

/**
 * Everything Flockdeck's rules start from, case-insensitively, on a raw JSON line or a text: name
 * stems, `bearer`/`basic`, `://`, `-----BEGIN `, token prefixes, command words, and any `\u` or
 * `\/` escape (the decoded text could hold any of these).
 */
const FLOCKDECK_PRESCAN =
  /secret|token|pass|pwd|key|cred|auth|bearer|basic|:\/\/|-----BEGIN |sk-|gh[pousr]_|github_pat_|glpat-|AKIA|ASIA|xox|AIza|npm_|SG\.|eyJ|curl|mysql|mariadb|sshpass|\\u|\\\//i;

/**
 * `ſ` and the Kelvin sign (Go folds them to `s` and `k`), in a test of their own: inside the
 * case-insensitive alternation above, Node 20's V8 matched every `s` and `S` for `\u017f` (so
 * nearly every text passed) and no `ſ` at all (so `ſecret=...` was missed).
 */
const GO_FOLDED = /[\u017f\u212a]/;

/** The prescan verdict for `--rules flockdeck` (a superset of its rules, and the file names). */
export function prescanFlockdeck(s: string): number {
  if (FLOCKDECK_PRESCAN.test(s) || GO_FOLDED.test(s)) return PRESCAN_TEXT;
  if (
    s.length * 3 > FLOCKDECK_MAX_REDACT_BYTES &&
    Buffer.byteLength(s) > FLOCKDECK_MAX_REDACT_BYTES
  )
    return PRESCAN_TEXT;
  return SECRET_FILE_PRESCAN.test(s) ? PRESCAN_FILE : PRESCAN_NONE;
}
