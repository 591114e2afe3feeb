import { isMark } from './marks.js';
import { isPlaceholder } from './secret-names.js';
import type { Span } from './spans.js';

/** Commands whose arguments carry a password: curl's user:password, mysql's -p, sshpass -p. */
export const COMMANDS =
  /(?<![\w.-])(curl|mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|sshpass)(?![\w.-])/g;
/** How far past the command word its arguments are read (the rest of the line, at most). */
const MAX_COMMAND = 4096;

interface Arg {
  /** Where the word starts and ends in the text. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The length of a line continuation (`\` and a newline) at `i`, or 0. */
function continuation(s: string, i: number): number {
  if (s[i] !== '\\') return 0;
  if (s[i + 1] === '\n') return 2;
  return s[i + 1] === '\r' && s[i + 2] === '\n' ? 3 : 0;
}

/** The end of the command line at `from`: its newline, past any continuation lines (`\` newline). */
function commandEnd(s: string, from: number): number {
  let to = s.indexOf('\n', from);
  while (
    to !== -1 &&
    to - from <= MAX_COMMAND &&
    continuation(s, s[to - 1] === '\r' ? to - 2 : to - 1) > 0
  )
    to = s.indexOf('\n', to + 1);
  return to === -1 || to - from > MAX_COMMAND ? Math.min(s.length, from + MAX_COMMAND) : to;
}

/** Splits `s[from, to)` into shell words (quotes keep spaces); stops at `|`, `;`, `&`. */
function words(s: string, from: number, to: number): Arg[] {
  const out: Arg[] = [];
  let i = from;
  while (i < to) {
    while (i < to) {
      const skip = s[i] === ' ' || s[i] === '\t' ? 1 : continuation(s, i);
      if (skip === 0) break;
      i += skip;
    }
    if (i >= to || '|;&\n'.includes(s[i] as string)) break;
    const start = i;
    while (i < to && s[i] !== ' ' && s[i] !== '\t' && !'|;&\n'.includes(s[i] as string)) {
      const q = s[i];
      if (q === '"' || q === "'") {
        const close = s.indexOf(q, i + 1);
        i = close === -1 || close >= to ? to : close + 1;
      } else i++;
    }
    out.push({ start, end: i, text: s.slice(start, i) });
  }
  return out;
}

/** The span of the secret from `at` to the end of word `w` (a quoted word's closing quote kept). */
function restOf(w: Arg, at: number, insideQuotes: boolean): Span | undefined {
  let end = w.end;
  const open = w.text[0];
  if (insideQuotes && (open === '"' || open === "'") && w.text.length > 1 && w.text.endsWith(open))
    end--;
  const secret = w.text.slice(at, end - w.start);
  if (secret === '' || isMark(secret) || isPlaceholder(secret)) return undefined;
  return { start: w.start + at, end, kind: 'command-password' };
}

/** Passwords on command lines: `curl -u user:pw`, `mysql -ppw`, `sshpass -p pw`. */
export function findCommandPasswords(s: string, spans: Span[]): void {
  COMMANDS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = COMMANDS.exec(s)) !== null) {
    const from = m.index + m[0].length;
    const to = commandEnd(s, from);
    const args = words(s, from, to);
    COMMANDS.lastIndex = args.length > 0 ? (args[args.length - 1] as Arg).end : from;
    const cmd = m[1] as string;
    for (let i = 0; i < args.length; i++) {
      const w = args[i] as Arg;
      const next = args[i + 1];
      let span: Span | undefined;
      if (cmd === 'curl') {
        let cred: Arg | undefined;
        let at = 0;
        if (w.text === '-u' || w.text === '--user' || w.text === '--proxy-user') cred = next;
        else if (/^--(?:proxy-)?user=/.test(w.text)) {
          cred = w;
          at = w.text.indexOf('=') + 1;
        } else if (/^-u./.test(w.text)) {
          cred = w;
          at = 2;
        }
        if (cred) {
          const colon = cred.text.indexOf(':', at);
          if (colon !== -1) span = restOf(cred, colon + 1, true);
        }
      } else if (cmd === 'sshpass' && w.text === '-p' && next) {
        span = restOf(next, 0, false);
      } else if (/^-p./.test(w.text) && !w.text.startsWith('--')) {
        span = restOf(w, 2, false);
      }
      if (span) spans.push(span);
    }
  }
}
