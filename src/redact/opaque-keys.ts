import { isPlaceholderBody } from './placeholder-body.js';
import type { Span } from './spans.js';

/** The shortest opaque key. */
export const OPAQUE_MIN = 32;

/** 1 for the codes of `0`-`9` and `a`-`z`. */
const LOW_ALNUM = new Uint8Array(128).map((_, c) =>
  (c >= 97 && c <= 122) || (c >= 48 && c <= 57) ? 1 : 0,
);
const isLowAlnum = (c: number): boolean => c < 128 && LOW_ALNUM[c] === 1;

/**
 * Is the run `s[from, to)` of lower-case letters and digits an opaque key: letters and digits
 * mixed (six of each at least) and four letters past `f` at least between its first and last
 * digit? Hex (commit hashes, digests) is not: it names content, it grants nothing; nor is hex
 * with a word glued to either end (`…423fake`, `mydapi1234…`): 32 random characters of 36 hold
 * about 18 letters past `f`, and fewer than four almost never.
 */
function isOpaqueAt(s: string, from: number, to: number): boolean {
  let digits = 0;
  let nonHex = 0;
  let pending = 0;
  let seenDigit = false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c <= 57) {
      digits++;
      // Letters past `f` count once a digit follows them (and one came before).
      if (seenDigit) nonHex += pending;
      pending = 0;
      seenDigit = true;
    } else if (c > 102) pending++;
  }
  return nonHex >= 4 && digits >= 6 && to - from - digits >= 6;
}

/**
 * A name ending in `key` after another word (`amplitude key = `, `amplitudeKey: "`, `APP_KEY=`,
 * `AZURE_OPENAI_KEY": "`),
 * then the separator and an opening quote (escaped in a raw JSON line), just before a hex run.
 */
const HEX_KEY_NAME =
  /([A-Za-z]{2,24})(?:[ _.-]?(?:key|KEY)|Key)(?:\\?["'])?[ \t]*[:=][ \t]*(?:\\?["'])?$/;
/** Keys that name content, not access (`cache_key = <md5>`). */
const CONTENT_KEY =
  /(?:cache|hash|etag|sort|partition|primary|foreign|idempotency|dedup|lookup|index|object|row|map|file|s3|public|pub)$/i;

/**
 * Is the hex run `s[from, to)` (32 to 64, digits and letters mixed) a key by its name: a hex API
 * key (trufflehog's `amplitudeapikey`) the hex exclusion of opaque keys would let through?
 */
function isNamedHexKey(s: string, from: number, to: number): boolean {
  const n = to - from;
  if (n < OPAQUE_MIN || n > 64) return false;
  let digits = 0;
  for (let i = from; i < to; i++) if (s.charCodeAt(i) <= 57) digits++;
  if (digits < 4 || n - digits < 4) return false;
  const m = HEX_KEY_NAME.exec(s.slice(Math.max(0, from - 40), from));
  return m !== null && !CONTENT_KEY.test(m[1] as string);
}

const HEX = new Uint8Array(128).map((_, c) =>
  (c >= 97 && c <= 102) || (c >= 48 && c <= 57) ? 1 : 0,
);
const isHexRun = (s: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || HEX[c] !== 1) return false;
  }
  return true;
};

/**
 * Mailgun's keys of three hex parts, 32-8-8 (`55c3…f6d4-5eeb6406-757a4247`; a UUID is 8-4-4-4-12):
 * the length of the whole key when the 32-hex run `s[from, to)` starts one, else 0.
 */
function mailgunKeyAt(s: string, from: number, to: number): number {
  if (to - from !== 32 || s[to] !== '-' || s[to + 9] !== '-' || !isHexRun(s, from, to)) return 0;
  if (!isHexRun(s, to + 1, to + 9) || !isHexRun(s, to + 10, to + 18)) return 0;
  return isWordCode(s.charCodeAt(to + 18)) ? 0 : 50;
}

/**
 * An age recipient (age-encryption.org/v1, "Recipients": `age1` and the Bech32 encoding of an
 * X25519 public key, 62 characters in all): public by its format.
 */
const AGE_RECIPIENT = /^age1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{58}$/;

/**
 * A name just before a value (`recipient: `, `"public_key": "`, `commit_sha=`), as text: the
 * last word and its separator, maybe quoted.
 */
const NAME_BEFORE = /([A-Za-z][\w.-]{0,40})(?:\\?["'])?[ \t]*[:=][ \t]*(?:\\?["'])?$/;
/** Names of what is public or only names content: the run after them is no key. */
const PUBLIC_CONTEXT =
  /(?:recipient|public|pub[_.-]?key|hash|digest|sha\d*|checksum|commit|fingerprint|etag)$/i;

/**
 * The context an opaque key stands in: a run the text calls public, or names content by, is not
 * a key (an age recipient, `recipient: …`, `public_key: …`, `commit: …`, `sha256=…`). An id is
 * not ruled out: some services' key pairs are an id and a secret of the same shape.
 */
function isPublicInContext(s: string, from: number, to: number): boolean {
  if (to - from === 62 && AGE_RECIPIENT.test(s.slice(from, to))) return true;
  const m = NAME_BEFORE.exec(s.slice(Math.max(0, from - 48), from));
  return m !== null && PUBLIC_CONTEXT.test(m[1] as string);
}

/**
 * Opaque API keys: the many services whose keys are 32+ random lower-case letters and digits
 * with no prefix (trufflehog's keyword detectors: `todoist`, `sonarcloud`, `agora`, …), found
 * whatever surrounds them: a whole word (no letter, digit or `_` on either side). A loop, not a
 * regex: it is run on every string the rules read, and a regex tries every position.
 */
export function findOpaqueKeys(s: string, spans: Span[]): void {
  let run = 0;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 0;
    if (isLowAlnum(c)) {
      run++;
      continue;
    }
    if (run >= OPAQUE_MIN && run <= 128 && !isWordCode(c) && !isWordCode(s.charCodeAt(i - run - 1)))
      if (
        (isOpaqueAt(s, i - run, i) || isNamedHexKey(s, i - run, i)) &&
        !isPlaceholderBody(s.slice(i - run, i)) &&
        !isPublicInContext(s, i - run, i)
      )
        spans.push({ start: i - run, end: i, kind: 'opaque-key' });
    if (run === 32 && c === 45) {
      const n = mailgunKeyAt(s, i - run, i);
      if (n > 0 && !isWordCode(s.charCodeAt(i - run - 1)))
        spans.push({ start: i - run, end: i - run + n, kind: 'mailgun-key' });
    }
    run = 0;
  }
}

const isWordCode = (c: number): boolean => (c >= 65 && c <= 90) || c === 95 || isLowAlnum(c);

/**
 * Does `s` hold an opaque key (the prescan's test)? A run of 32 or more holds two positions 16
 * apart that are multiples of 16: only those are looked at (a sixteenth of the text), and a run
 * is measured only where both are letters or digits.
 */
export function hasOpaqueKey(s: string): boolean {
  const n = s.length;
  for (let m = 0; m + 16 < n; m += 16) {
    // All 17 of m..m+16 are in the run: look at a spread of them first (prose fails fast).
    if (
      !isLowAlnum(s.charCodeAt(m)) ||
      !isLowAlnum(s.charCodeAt(m + 16)) ||
      !isLowAlnum(s.charCodeAt(m + 8)) ||
      !isLowAlnum(s.charCodeAt(m + 4)) ||
      !isLowAlnum(s.charCodeAt(m + 12))
    )
      continue;
    let a = m;
    while (a > 0 && isLowAlnum(s.charCodeAt(a - 1))) a--;
    let b = m + 1;
    while (b < n && isLowAlnum(s.charCodeAt(b))) b++;
    if (b < m + 17) continue;
    if (b - a >= OPAQUE_MIN && (isOpaqueAt(s, a, b) || isNamedHexKey(s, a, b))) return true;
    if (mailgunKeyAt(s, a, b) > 0) return true;
    m = b - (b % 16);
  }
  return false;
}
