import { REDACTED } from '../marks.js';
import { goLower } from './bytes.js';
import { flockdeckNameIsSecret } from './names.js';
import type { ByteSpan } from './spans.js';

/** How far past an opening quote its closing one is looked for (bytes). */
const MAX_QUOTED_VALUE = 4096;

const isNameByte = (c: number): boolean =>
  c >= 0x80 ||
  c === 95 ||
  c === 46 ||
  c === 45 ||
  (c >= 48 && c <= 57) ||
  (c >= 97 && c <= 122) ||
  (c >= 65 && c <= 90);

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
const isBlank = (c: number): boolean => c === 32 || c === 9;

/** Bytes that end a value that is not quoted. */
const isValueStop = (c: number): boolean =>
  isSpace(c) ||
  c === 34 ||
  c === 39 ||
  c === 44 ||
  c === 59 ||
  c === 38 ||
  c === 41 ||
  c === 125 ||
  c === 93;

/** Words that can start an Authorization header's value (lower case). */
const SCHEMES = new Set([
  'bearer',
  'basic',
  'token',
  'apikey',
  'api-key',
  'negotiate',
  'ntlm',
  'ssws',
  'bot',
]);

/** The flags followed by a secret: exactly these, with one or two dashes. */
const SECRET_FLAGS = new Set([
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'token',
  'secret',
  'api-key',
  'apikey',
  'api_key',
  'access-token',
  'auth-token',
  'client-secret',
]);

/**
 * Every secret name holds one of these once lower-cased (`credential` holds `cred`, `private key`
 * `key`, `authorization` `auth`, ...). No stem has an `i`, so the only letters outside ASCII that
 * can make one, as Go lowers a name, are `ſ` (read as `s`) and the Kelvin sign (`k`).
 */
const STEMS = ['secret', 'token', 'pass', 'pwd', 'key', 'cred', 'auth'];
/** The UTF-8 bytes of `ſ` and of the Kelvin sign, as they stand in a byte string. */
const FOLDED = ['\xc5\xbf', '\xe2\x84\xaa'];

/**
 * Where a run of name bytes may name a secret: each place a stem starts in the lower-cased text
 * (`toLowerCase` keeps a byte string's length and lowers only its ASCII letters, as far as the
 * stems go) and each `ſ` or Kelvin sign; in order.
 */
function candidates(s: string): number[] {
  const ls = s.toLowerCase();
  const at: number[] = [];
  for (const st of STEMS)
    for (let k = ls.indexOf(st); k !== -1; k = ls.indexOf(st, k + 1)) at.push(k);
  if (/[^\x00-\x7f]/.test(s)) {
    for (const f of FOLDED)
      for (let k = s.indexOf(f); k !== -1; k = s.indexOf(f, k + 1)) at.push(k);
  }
  return at.sort((a, b) => a - b);
}

/**
 * Flockdeck's `findAssigned` (wide): `NAME=value`, `NAME: value`, `"name": "value"` and
 * `--flag value` where the name is a secret's, on a byte string. Runs of name bytes are walked
 * once; the scan goes on after a value found, and quoted values share a read budget. Only the runs
 * that hold a stem (or a letter Go folds into one) are read: a run with none cannot name a secret,
 * and reading it changes nothing, so the runs read and the values found are those of a walk over
 * every run.
 */
export function findAssignedFlockdeck(s: string, out: ByteSpan[]): void {
  const at = candidates(s);
  if (at.length > 0) readRuns(s, out, at);
}

/** The same walk reading every run (the reference the stem filter is tested against). */
export function findAssignedEveryRun(s: string, out: ByteSpan[]): void {
  readRuns(
    s,
    out,
    Array.from({ length: s.length }, (_, k) => k),
  );
}

/** Reads the run holding each place of `at` (in order) that the walk has not passed. */
function readRuns(s: string, out: ByteSpan[], at: readonly number[]): void {
  const sc: Scan = { s, budget: 4 * s.length + (1 << 16), lineEnd: -1, next: 0 };
  let i = 0;
  for (const c of at) {
    if (c < i || !isNameByte(s.charCodeAt(c))) continue;
    // The run holding c, as a walk from i finds it (it starts no earlier than i).
    let a = c;
    while (a > i && isNameByte(s.charCodeAt(a - 1))) a--;
    let j = c + 1;
    while (j < s.length && isNameByte(s.charCodeAt(j))) j++;
    if (flockdeckNameIsSecret(s.slice(a, j))) {
      assigned(sc, out, a, j);
      j = Math.max(j, sc.next);
    }
    i = j;
  }
}

interface Scan {
  readonly s: string;
  budget: number;
  lineEnd: number;
  next: number;
}

function assigned(sc: Scan, out: ByteSpan[], start: number, end: number): void {
  const s = sc.s;
  sc.next = end;
  let p = end;
  if (p < s.length && (s[p] === '"' || s[p] === "'")) p++;
  while (p < s.length && isSpace(s.charCodeAt(p))) p++;
  if (p < s.length && (s[p] === ':' || s[p] === '=')) {
    p++;
    while (p < s.length && isSpace(s.charCodeAt(p))) p++;
  } else if (
    s[start] === '-' &&
    end < s.length &&
    isBlank(s.charCodeAt(end)) &&
    flagTakesSecret(s.slice(start, end))
  ) {
    p = end;
    while (p < s.length && isBlank(s.charCodeAt(p))) p++;
    if (p >= s.length || '-<>|\n\r'.includes(s[p] as string)) return;
    if (shortWord(s, p)) return;
  } else return;
  if (p >= s.length) return;
  const q = s[p];
  if (q === '"' || q === "'") {
    const e = quotedEnd(sc, p);
    if (e > p) {
      sc.next = e;
      if (!s.slice(p, e).includes(REDACTED)) out.push({ start: p, end: e, kind: 'secret-value' });
    }
    return;
  }
  let e = p;
  while (e < s.length && !isValueStop(s.charCodeAt(e))) e++;
  if (e === p) return;
  sc.next = e;
  if (s.slice(p, e).includes(REDACTED) || s.startsWith(REDACTED, p)) return;
  const value = s.slice(p, e);
  const name = goLower(s.slice(start, end));
  if (name === 'authorization' || name === 'proxy-authorization') {
    if (SCHEMES.has(goLower(value))) {
      let c = e;
      while (c < s.length && isBlank(s.charCodeAt(c))) c++;
      let d = c;
      while (d < s.length && !isValueStop(s.charCodeAt(d))) d++;
      if (d > c && c > e && !s.startsWith(REDACTED, c) && !'%$<{[('.includes(s[c] as string)) {
        out.push({ start: c, end: d, kind: 'bearer-token' });
        sc.next = d;
      }
      return;
    }
  }
  if (name.endsWith('pass') && boolish(value)) return;
  out.push({ start: p, end: e, kind: 'secret-value' });
}

/** `--password` and its kin (one or two dashes), not `--password-stdin` or `--token-file`. */
function flagTakesSecret(flag: string): boolean {
  const name = goLower(flag.replace(/^-+/, ''));
  if (flag.length - flag.replace(/^-+/, '').length > 2) return false;
  return SECRET_FLAGS.has(name);
}

/** One to four lower-case letters then a blank, a newline or the end: a flag named in prose. */
function shortWord(s: string, p: number): boolean {
  let n = 0;
  while (p + n < s.length && s.charCodeAt(p + n) >= 97 && s.charCodeAt(p + n) <= 122) n++;
  const after = s[p + n];
  return (
    n >= 1 && n <= 4 && (after === undefined || after === ' ' || after === '\t' || after === '\n')
  );
}

/** A yes or no, a number (digits only) or empty. */
function boolish(v: string): boolean {
  if (/^(?:true|false|null|nil|none|yes|no|on|off)$/.test(goLower(v))) return true;
  return /^[0-9]*$/.test(v);
}

/**
 * Where the quoted value starting at `p` ends: after its closing quote (a backslash escapes the
 * byte after it), looked for within 4096 bytes across lines; else at the end of its line.
 */
function quotedEnd(sc: Scan, p: number): number {
  const s = sc.s;
  const q = s.charCodeAt(p);
  const limit = Math.min(s.length, p + 1 + MAX_QUOTED_VALUE);
  if (sc.budget > 0) {
    sc.budget -= limit - p;
    for (let i = p + 1; i < limit; i++) {
      const c = s.charCodeAt(i);
      if (c === 92) i++;
      else if (c === q) return i + 1;
    }
  }
  if (sc.lineEnd < p) {
    const n = s.indexOf('\n', p);
    sc.lineEnd = n >= 0 ? n : s.length;
  }
  return Math.max(sc.lineEnd, p + 1);
}
