import { nameIsSecret } from './secret-names.js';
import { isPlaceholderUrlPassword } from './placeholders.js';
import { isNotSecret, unquoted } from './value-class.js';
import type { Span } from './spans.js';

/**
 * The commands whose arguments carry a password, and how each reads its own (one entry per tool,
 * from its manual; docs/commands/redact.md, "How values are judged", (b)). Given the command's
 * words and the index of one, a reader returns the span of a password it holds, if any.
 */
interface CommandSyntax {
  readonly doc: string;
  /** The command words (case-insensitive where the tool is: PowerShell, Windows). */
  readonly words: readonly string[];
  readonly read: (args: readonly Arg[], i: number) => Span | undefined;
}

/** `-p VALUE`, `--password VALUE`, `--password=VALUE` and the like, for the flags given. */
const flagValue =
  (short: readonly string[], long: readonly string[]) =>
  (args: readonly Arg[], i: number): Span | undefined => {
    const w = args[i] as Arg;
    const next = args[i + 1];
    if ((short.includes(w.text) || long.includes(w.text)) && next) return wordValue(next, 0);
    const eq = w.text.indexOf('=');
    if (eq !== -1 && long.includes(w.text.slice(0, eq))) return wordValue(w, eq + 1);
    return undefined;
  };

/** The value in word `w` from `at`, inside its quotes when it is quoted (the quotes kept). */
const wordValue = (w: Arg | undefined, at: number): Span | undefined => {
  if (w === undefined) return undefined;
  const q = w.text[at];
  const quoted = (q === '"' || q === "'") && w.text.length > at + 1 && w.text.endsWith(q);
  const from = quoted ? at + 1 : at;
  const to = quoted ? w.text.length - 1 : w.text.length;
  const secret = w.text.slice(from, to);
  if (isNotSecret(secret)) return undefined;
  return { start: w.start + from, end: w.start + to, kind: 'command-password' };
};

const COMMAND_SYNTAXES: readonly CommandSyntax[] = [
  {
    doc: 'curl(1) -u/--user/--proxy-user user:password',
    words: ['curl'],
    read(args, i) {
      const w = args[i] as Arg;
      let cred: Arg | undefined;
      let at = 0;
      if (w.text === '-u' || w.text === '--user' || w.text === '--proxy-user') cred = args[i + 1];
      else if (/^--(?:proxy-)?user=/.test(w.text)) {
        cred = w;
        at = w.text.indexOf('=') + 1;
      } else if (/^-u./.test(w.text)) {
        cred = w;
        at = 2;
      }
      const colon = cred ? cred.text.indexOf(':', at) : -1;
      if (!cred || colon === -1) return undefined;
      const span = restOf(cred, colon + 1, true);
      if (span === undefined) return undefined;
      // `-u 'test:test'`, `--user username:password`, `<user:password>`: a pair that stands in.
      const user = cred.text.slice(at, colon).replace(/^["']/, '');
      const pw = cred.text.slice(span.start - cred.start, span.end - cred.start);
      return isPlaceholderUrlPassword(pw, user, '') ? undefined : span;
    },
  },
  {
    doc: 'mysql(1) and its kin: -pPASSWORD, glued',
    words: ['mysql', 'mysqldump', 'mysqladmin', 'mariadb', 'mariadb-dump'],
    read(args, i) {
      const w = args[i] as Arg;
      return /^-p./.test(w.text) && !w.text.startsWith('--') ? restOf(w, 2, false) : undefined;
    },
  },
  {
    doc: 'sshpass(1) -p PASSWORD',
    words: ['sshpass'],
    read: (args, i) => ((args[i] as Arg).text === '-p' ? restOf(args[i + 1], 0, false) : undefined),
  },
  {
    doc: 'PsExec -p PASSWORD (Sysinternals)',
    words: ['psexec', 'psexec.exe', 'psexec64', 'psexec64.exe'],
    read: flagValue(['-p'], []),
  },
  {
    doc: 'docker login / podman login -p, --password (docker_login(1))',
    words: ['docker', 'podman'],
    read: (args, i) =>
      args[0]?.text === 'login' ? flagValue(['-p'], ['--password'])(args, i) : undefined,
  },
  {
    doc: 'npm/yarn/pnpm config set KEY VALUE (npm-config(1)): the value of a secret key',
    words: ['npm', 'yarn', 'pnpm'],
    read(args, i) {
      if (args[0]?.text !== 'config' || args[1]?.text !== 'set' || i < 2) return undefined;
      const w = args[i] as Arg;
      if (w.text.startsWith('-') || w.text.includes('=') || !nameIsSecret(lastName(w.text)))
        return undefined;
      const next = args[i + 1];
      return next && !next.text.startsWith('-') ? wordValue(next, 0) : undefined;
    },
  },
  {
    doc: 'PowerShell ConvertTo-SecureString [-String] TEXT -AsPlainText',
    words: ['convertto-securestring'],
    read(args, i) {
      if (!args.some((a) => /^-asplaintext$/i.test(a.text))) return undefined;
      const w = args[i] as Arg;
      const prev = args[i - 1];
      const positional = i === 0 && !w.text.startsWith('-');
      const named = prev !== undefined && /^-string$/i.test(prev.text);
      return positional || named ? wordValue(w, 0) : undefined;
    },
  },
];

/** The command words, for a quick test of a text before the commands are read. */
export const COMMAND_GATE = new RegExp(
  COMMAND_SYNTAXES.flatMap((c) => c.words)
    .filter((w) => !w.endsWith('.exe') && !/\d/.test(w))
    .join('|')
    .replace(/\./g, '\\.'),
  'i',
);

const BY_WORD = new Map(COMMAND_SYNTAXES.flatMap((c) => c.words.map((w) => [w, c] as const)));

/** Commands whose arguments carry a password (any word of `COMMAND_SYNTAXES`). */
export const COMMANDS = new RegExp(
  `(?<![\\w.-])(${[...BY_WORD.keys()].map((w) => w.replace(/\./g, '\\.')).join('|')})(?![\\w.-])`,
  'gi',
);

/** The last name of a config key (`//registry.npmjs.org/:_authToken` is `_authToken`). */
const lastName = (key: string): string => key.slice(key.lastIndexOf(':') + 1);

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
function restOf(w: Arg | undefined, at: number, insideQuotes: boolean): Span | undefined {
  if (w === undefined) return undefined;
  let start = w.start + at;
  let end = w.end;
  const open = w.text[0];
  // A shell word of quoted parts glued together (`"${username}":"${password}"`, `me:"pw"`): the
  // part is judged without its quotes, and the replacement goes inside them.
  const q = w.text[at];
  if (insideQuotes && (q === '"' || q === "'") && w.text.length - at > 1 && w.text.endsWith(q)) {
    start++;
    end--;
  } else if (
    insideQuotes &&
    (open === '"' || open === "'") &&
    w.text.length > 1 &&
    w.text.endsWith(open)
  ) {
    end--;
  }
  const secret = w.text.slice(start - w.start, end - w.start);
  if (isNotSecret(unquoted(secret))) return undefined;
  return { start, end, kind: 'command-password' };
}

/** Passwords on command lines: `curl -u user:pw`, `mysql -ppw`, `docker login -p pw`, … */
export function findCommandPasswords(s: string, spans: Span[]): void {
  COMMANDS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = COMMANDS.exec(s)) !== null) {
    const from = m.index + m[0].length;
    const to = commandEnd(s, from);
    const args = words(s, from, to);
    COMMANDS.lastIndex = args.length > 0 ? (args[args.length - 1] as Arg).end : from;
    const syntax = BY_WORD.get((m[1] as string).toLowerCase());
    if (syntax === undefined) continue;
    for (let i = 0; i < args.length; i++) {
      const span = syntax.read(args, i);
      if (span) spans.push(span);
    }
  }
}
