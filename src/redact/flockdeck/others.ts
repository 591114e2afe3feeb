import { REDACTED } from '../marks.js';
import { findAssignedFlockdeck } from './assigned.js';
import { foldClass, foldWord, GO_SPACE } from './bytes.js';
import { mergeByteSpans, type ByteSpan } from './spans.js';

/**
 * `(?i)\b(bearer|basic)(\s+)[A-Za-z0-9._~+/=\-]{12,}`: the scheme and blanks kept. Built on first
 * use, as the command rules are: the default rules load this file but rarely run it.
 */
let bearer: RegExp | undefined;
const bearerRegex = (): RegExp =>
  (bearer ??= new RegExp(
    `\\b(${foldWord('bearer')}|${foldWord('basic')})([${GO_SPACE}]+)${foldClass('._~+/=\\-')}{12,}`,
    'g',
  ));

/**
 * A command word and what must follow it on its line (Go's `\bword\b[^\n]*?tail`); the secret is
 * whichever capture group of `tail` took part.
 */
interface CommandRule {
  readonly word: RegExp;
  readonly tail: RegExp;
}

const NOT_SPACE_OR_QUOTE = `[^${GO_SPACE}"']`;

/** The command rules; `glued` drops the boundary before the word (txpipe's default rules). */
function commandRules(glued: boolean): readonly CommandRule[] {
  const b = glued ? '' : '\\b';
  const word = (words: string[]): RegExp =>
    new RegExp(`${b}(?:${words.map(foldWord).join('|')})\\b`, 'g');
  return [
    {
      word: word(['curl']),
      tail: new RegExp(
        `[ \\t](?:-[uU]|--${foldWord('user')})(?:[ \\t]+|=)(?:"[^":\\n]*:([^"\\n]+)"|'[^':\\n]*:([^'\\n]+)'|["']?[^${GO_SPACE}:"']*:(${NOT_SPACE_OR_QUOTE}+))`,
        'gd',
      ),
    },
    {
      word: word(['mysql', 'mysqldump', 'mysqladmin', 'mariadb']),
      tail: new RegExp(
        `[ \\t]-[pP]("[^"\\n]+"|'[^'\\n]+'|[^${GO_SPACE}"'-]${NOT_SPACE_OR_QUOTE}*)`,
        'gd',
      ),
    },
    {
      word: word(['sshpass']),
      tail: new RegExp(
        `[ \\t]-[pP][ \\t]*("[^"\\n]+"|'[^'\\n]+'|[^${GO_SPACE}"'-]${NOT_SPACE_OR_QUOTE}*)`,
        'gd',
      ),
    },
  ];
}

/** The command rules with and without the boundary, built on first use (`commandRules`). */
const rulesMemo = new Map<boolean, readonly CommandRule[]>();

/**
 * Flockdeck's `findOthers` (wide) on a byte string: private key blocks, the credential after
 * Bearer and Basic, URL passwords, values of secret names, and command-line passwords; merged.
 */
export function findOthersFlockdeck(s: string): ByteSpan[] {
  if (s === '') return [];
  const out: ByteSpan[] = [];
  if (s.includes('-----BEGIN ')) findPem(s, out);
  const BEARER = bearerRegex();
  BEARER.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = BEARER.exec(s)) !== null) {
    const credStart = m.index + (m[1] as string).length + (m[2] as string).length;
    out.push({ start: credStart, end: m.index + m[0].length, kind: 'bearer-token' });
  }
  if (s.includes('://')) findUrlCredentials(s, out);
  findAssignedFlockdeck(s, out);
  findCommandsFlockdeck(s, out, false);
  return mergeByteSpans(out);
}

/**
 * The passwords of `curl -u`, `mysql -p` and `sshpass -p` as Flockdeck finds them (anywhere on
 * the command's line). The default rules run it too, beside their own command parser, with
 * `glued`: a command word glued to a token before it (`npm_…mysql -pX`) is one to Flockdeck too,
 * whose later rounds see the mark left for the token as a boundary.
 */
export function findCommandsFlockdeck(
  s: string,
  out: { start: number; end: number; kind: string }[],
  glued: boolean,
): void {
  let rules = rulesMemo.get(glued);
  if (rules === undefined) rulesMemo.set(glued, (rules = commandRules(glued)));
  for (const rule of rules) findCommand(s, rule, out);
}

/**
 * Every match of `\bword\b[^\n]*?tail` as Go finds them, in linear time: the lazy gap makes the
 * match the first `tail` after the word on its line; a word whose line has none fails, and so does
 * every later word on that line. The last search for `tail` is remembered (a later word before
 * its answer gets the same answer).
 */
function findCommand(s: string, rule: CommandRule, out: ByteSpan[]): void {
  const { word, tail } = rule;
  word.lastIndex = 0;
  let memoFrom = -1;
  let memo: RegExpExecArray | null = null;
  let w: RegExpExecArray | null;
  while ((w = word.exec(s)) !== null) {
    const from = w.index + w[0].length;
    if (!(memoFrom !== -1 && memoFrom <= from && (memo === null || memo.index >= from))) {
      tail.lastIndex = from;
      memo = tail.exec(s);
      memoFrom = from;
    }
    const lineEnd = s.indexOf('\n', from);
    if (memo === null || (lineEnd !== -1 && memo.index >= lineEnd)) {
      if (lineEnd === -1) return;
      word.lastIndex = lineEnd;
      continue;
    }
    const t = memo;
    const at = t.indices as RegExpIndicesArray;
    for (let k = 1; k < t.length; k++) {
      const part = t[k];
      const where = at[k];
      if (part === undefined || where === undefined) continue;
      if (!part.includes(REDACTED))
        out.push({ start: where[0], end: where[1], kind: 'secret-value' });
    }
    word.lastIndex = t.index + t[0].length;
    memoFrom = -1;
  }
}

/**
 * `([a-zA-Z][a-zA-Z0-9+.\-]*://[^\s/:@]+):[^\s/@]+@` in linear time: for each `://`, the scheme is
 * the run of scheme bytes before it, from its first letter; the password runs from the colon after
 * the user to the `@`.
 */
function findUrlCredentials(s: string, out: ByteSpan[]): void {
  let from = 0;
  let k = s.indexOf('://');
  while (k !== -1) {
    let a = k;
    while (a > from && isSchemeByte(s.charCodeAt(a - 1))) a--;
    while (a < k && !isLetter(s.charCodeAt(a))) a++;
    let end = -1;
    if (a < k) {
      let h = k + 3;
      while (h < s.length && !isUrlStop(s.charCodeAt(h)) && s[h] !== ':') h++;
      if (h > k + 3 && s[h] === ':') {
        let p = h + 1;
        while (p < s.length && !isUrlStop(s.charCodeAt(p))) p++;
        if (p > h + 1 && s[p] === '@') {
          out.push({ start: h + 1, end: p, kind: 'url-credential' });
          end = p + 1;
        }
      }
    }
    if (end !== -1) from = end;
    k = s.indexOf('://', end !== -1 ? end : k + 1);
  }
}

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSchemeByte = (c: number): boolean =>
  isLetter(c) || (c >= 48 && c <= 57) || c === 43 || c === 46 || c === 45;
/** Go's `\s`, `/` and `@` (the user also stops at `:`). */
const isUrlStop = (c: number): boolean =>
  c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 47 || c === 64;

/** Private key blocks: BEGIN to the matching END label, or to the end of the text. */
function findPem(s: string, out: ByteSpan[]): void {
  const begin = '-----BEGIN ';
  const endWord = '-----END ';
  for (let at = 0; at < s.length;) {
    const i = s.indexOf(begin, at);
    if (i < 0) break;
    const h = pemLabel(s, i + begin.length);
    if (h < 0) {
      at = i + begin.length;
      continue;
    }
    let stop = s.length;
    for (let from = h; from < s.length;) {
      const k = s.indexOf(endWord, from);
      if (k < 0) break;
      const e = pemLabel(s, k + endWord.length);
      if (e >= 0) {
        stop = e;
        break;
      }
      from = k + endWord.length;
    }
    out.push({ start: i, end: stop, kind: 'private-key' });
    at = stop;
  }
}

/** `[A-Z0-9 ]*PRIVATE KEY-----` at `from`: the offset after it, or -1. */
function pemLabel(s: string, from: number): number {
  let j = from;
  for (; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (!(c === 32 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90))) break;
  }
  if (!s.startsWith('-----', j) || j - from < 11 || s.slice(j - 11, j) !== 'PRIVATE KEY') return -1;
  return j + 5;
}
