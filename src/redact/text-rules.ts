import { findAuthParams } from './auth-params.js';
import { COMMAND_GATE, findCommandPasswords } from './command-lines.js';
import { findCookies } from './cookies.js';
import { findCommandsFlockdeck } from './flockdeck/others.js';
import { findJwts } from './jwt.js';
import { findK8sSecretData } from './k8s-secrets.js';
import { findNetrc } from './netrc.js';
import { findOpaqueKeys } from './opaque-keys.js';
import { isPemPlaceholder, isPlaceholderUrlPassword, userBefore } from './placeholders.js';
import { isPlaceholderBody } from './placeholder-body.js';
import { flockdeckShapeIn } from './flockdeck/redact-flockdeck.js';
import { findPii } from './pii.js';
import { GENERATED_TABLES } from './generated-tables.js';
import { Cursor } from './quotes.js';
import { requiredLiteral } from './required-literal.js';
import { findAssignments } from './secret-assignments.js';
import { NAME_KEYWORDS } from './secret-names.js';
import type { Span } from './spans.js';
import { TOKEN_RULES, type TokenRule } from './token-rules.js';
import { isNotSecret, unquoted } from './value-class.js';
import { catalogMatcher } from './providers/catalog-matcher.js';
import type { TokenCatalog } from './providers/compile.js';
import { findPuttyKeys } from './putty-keys.js';
import { findBootstrapTokens } from './bootstrap-tokens.js';

/** A pattern from `--config`: a kind for `--report` and a regex whose whole match is a secret. */
export interface ConfigPattern {
  readonly kind: string;
  readonly regex: RegExp;
}

/** What the text rules are built from (see `RedactOptions`). */
export interface TextRuleConfig {
  readonly names: readonly string[];
  readonly patterns: readonly ConfigPattern[];
  readonly pii: boolean;
}

const PRIVATE_KEY_BEGIN = /-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
const PRIVATE_KEY_END = /-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
/**
 * Anchored on `://` (a fast literal scan); the scheme before it is not needed to find the password.
 * A password may hold one space (`postgres://u:my pass@db`): a run without one can only be
 * followed by the space at its end, so a failed match costs each run once.
 */
const URL_PASSWORD =
  /:\/\/([^\s/?#@:"'<>]{0,256}):([^\s/?#@"'<>]{1,256}(?: [^\s/?#@"'<>]{1,256})?)@/g;

/**
 * A URL password that is a secret: not a placeholder, given the URL's user and host; one with a
 * space is not a port and a word (`http://host:8080 me@x.org`).
 */
function urlPasswordCheck(pw: string, m: RegExpExecArray, s: string): boolean {
  const end = m.index + m[0].length;
  if (/^\d+ /.test(pw)) return false;
  return !isPlaceholderUrlPassword(pw, m[1] as string, s.slice(end, end + 16));
}
/**
 * A URL whose user is a bare token, with no password (`https://<token>@github.com/…`, as GitHub
 * documents for cloning with a token): the user goes when it looks random (`randomUser`).
 */
const URL_TOKEN_USER = /:\/\/([A-Za-z0-9_~+-]{20,256})@/g;
/** `Bearer`/`Basic` (any case, also glued to a token before it) and a credential: the scheme and blanks kept. */
const BEARER = /(?:bearer|basic)[ \t\n\r\f]+([A-Za-z0-9._~+/=-]{8,})/gi;
/** The same as a word only: a scheme inside the credential of one glued to text is found too. */
const BEARER_WORD = /(?<![A-Za-z0-9_])(?:bearer|basic)[ \t\n\r\f]+([A-Za-z0-9._~+/=-]{8,})/gi;

/**
 * A credential after Bearer or Basic, not a word of prose (`basic authentication`): a digit, or
 * 12 characters or more with both cases or a symbol.
 */
const isCredential = (c: string): boolean =>
  !isProseWord(c) &&
  (/\d/.test(c) ||
    (c.length >= 12 && (/[._~+/=-]/.test(c) || (/[a-z]/.test(c) && /[A-Z]/.test(c)))));

/** A word of prose, maybe capitalised or hyphenated, maybe ending a sentence (`configuration.`). */
const isProseWord = (c: string): boolean => /^[A-Za-z][a-z]+(?:-[a-z]+)*[.,:;!?]*$/.test(c);

/**
 * A URL's user that is a credential by itself: letters and digits mixed (three of each at
 * least, both cases), not a word with a number after it (`release-2024`); or 32 to 64 hex.
 */
function randomUser(user: string): boolean {
  const digits = user.replace(/\D/g, '').length;
  const letters = user.replace(/[^A-Za-z]/g, '').length;
  // A hex token (GitHub's OAuth and personal tokens before 2021 were 40 hex characters, and
  // GitHub documents cloning with `https://TOKEN@github.com/…`).
  if (/^[0-9a-f]{32,64}$/.test(user)) return digits >= 4 && letters >= 4;
  return (
    digits >= 3 &&
    letters >= 3 &&
    !/^[A-Za-z_-]+\d+$/.test(user) &&
    /[A-Z]/.test(user) &&
    /[a-z]/.test(user)
  );
}

/** Escapes a config name for a regex alternation. */
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A token rule as the text rules run it: its regexes are built when first needed. */
interface CompiledToken {
  readonly kind: string;
  /** Text every match holds (`requiredLiteral`): the rule runs only where it occurs; '' runs it always. */
  readonly gate: string;
  readonly rule: TokenRule;
  /** The body with its look-behind, global: built when the gate first occurs. */
  global?: RegExp;
  /** The body alone, sticky (a token glued to the end of another): built when first tried. */
  sticky?: RegExp;
}

/** The text rules, compiled once per redactor. */
export class TextRules {
  private readonly tokens: readonly CompiledToken[];
  private readonly catalog: TokenCatalog = catalogMatcher();
  private readonly keywords: RegExp;

  constructor(private readonly config: TextRuleConfig) {
    this.tokens = TOKEN_RULES.map((rule) => ({
      kind: rule.kind,
      gate: tokenGate(rule.body),
      rule,
    }));
    const extra = config.names.map(escapeRe).join('|');
    // `key` too: a name whose last word it is holds a secret when its value is random.
    this.keywords = new RegExp(`${NAME_KEYWORDS}|key${extra ? `|${extra}` : ''}`, 'gi');
  }

  /** Every span the rules want replaced in `s` (unmerged). */
  spans(s: string): Span[] {
    const spans: Span[] = [];
    // A rule with one literal runs only where it occurs (one `includes` is cheaper than a regex scan).
    if (s.includes('PRIVATE KEY')) this.privateKeys(s, spans);
    if (s.includes('PuTTY-User-Key-File-')) findPuttyKeys(s, spans);
    this.tokenShapes(s, spans);
    if (s.includes('kubeadm') || s.includes('bootstrap')) findBootstrapTokens(s, spans);
    if (s.includes('://')) {
      groupRule(s, URL_PASSWORD, 'url-password', spans, urlPasswordCheck);
      groupRule(s, URL_TOKEN_USER, 'url-password', spans, randomUser);
    }
    if (/bearer|basic/i.test(s)) {
      groupRule(s, BEARER, 'authorization', spans, isCredential);
      groupRule(s, BEARER_WORD, 'authorization', spans, isCredential);
    }
    if (s.includes('eyJ')) findJwts(s, spans);
    if (/cookie/i.test(s)) findCookies(s, spans);
    if (s.includes('Secret')) findK8sSecretData(s, spans);
    if (/digest/i.test(s)) findAuthParams(s, spans);
    findAssignments(s, this.keywords, this.config.names, new Cursor(s), spans);
    if (s.includes('machine') || s.includes('default')) findNetrc(s, spans);
    if (COMMAND_GATE.test(s)) findCommandPasswords(s, spans);
    // Flockdeck's command rules read the whole line after the command word (`curl … mysql -pX`);
    // what they take is judged as every value is (`-p$MYSQL_PASSWORD` is a reference).
    if (/curl|mysql|mariadb|sshpass/i.test(s)) {
      const found: Span[] = [];
      findCommandsFlockdeck(s, found, true);
      for (const sp of found) {
        const pw = unquoted(s.slice(sp.start, sp.end));
        // curl's `user:pw` pair: a stand-in pair (`test:test`, `username:password`) is kept.
        const pair = s[sp.start - 1] === ':' || s[sp.start - 2] === ':';
        const colon = s[sp.start - 1] === ':' ? sp.start - 1 : sp.start - 2;
        const user = pair ? userBefore(s, colon) : '';
        if (!isNotSecret(pw) && !(pair && isPlaceholderUrlPassword(pw, user, ''))) spans.push(sp);
      }
    }
    for (const p of this.config.patterns) {
      p.regex.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = p.regex.exec(s)) !== null) {
        if (m[0] === '') p.regex.lastIndex++;
        else spans.push({ start: m.index, end: m.index + m[0].length, kind: p.kind });
      }
    }
    findOpaqueKeys(s, spans);
    if (this.config.pii) findPii(s, spans);
    echoes(s, spans);
    return spans;
  }

  /** A private key block to its END line, or to the end of the text when it was cut off. */
  private privateKeys(s: string, spans: Span[]): void {
    PRIVATE_KEY_BEGIN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = PRIVATE_KEY_BEGIN.exec(s)) !== null) {
      PRIVATE_KEY_END.lastIndex = m.index + m[0].length;
      const end = PRIVATE_KEY_END.exec(s);
      const to = end ? end.index + end[0].length : s.length;
      if (!isPemPlaceholder(s.slice(m.index, to)))
        spans.push({ start: m.index, end: to, kind: 'private-key' });
      PRIVATE_KEY_BEGIN.lastIndex = to;
    }
  }

  /**
   * Token shapes (the catalog's, then the hand-written rules'), then any token glued to the end
   * of one found (`AKIA…sk-ant-…`).
   */
  private tokenShapes(s: string, spans: Span[]): void {
    const first = spans.length;
    this.catalog.find(s, spans);
    for (const t of this.tokens) {
      if (t.gate !== '' && !s.includes(t.gate)) continue;
      const { notAfter, body } = t.rule;
      const global = (t.global ??= new RegExp(
        (notAfter ? `(?<![${notAfter}])` : '') + `(?:${body})`,
        'g',
      ));
      global.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = global.exec(s)) !== null) {
        const span = tokenSpan(t, m, m.index);
        if (span) spans.push(span);
      }
    }
    const ends = spans.slice(first).map((sp) => sp.end);
    while (ends.length > 0) {
      const at = ends.pop() as number;
      const span = this.catalog.at(s, at) ?? this.handWrittenAt(s, at);
      if (span) {
        spans.push(span);
        ends.push(span.end);
      }
    }
  }

  /** The first hand-written rule's token that starts exactly at `at`, without its look-behind. */
  private handWrittenAt(s: string, at: number): Span | undefined {
    for (const t of this.tokens) {
      const sticky = (t.sticky ??= new RegExp(t.rule.body, 'y'));
      sticky.lastIndex = at;
      const m = sticky.exec(s);
      const span = m ? tokenSpan(t, m, at) : undefined;
      if (span) return span;
    }
    return undefined;
  }
}

/** `requiredLiteral` of each token rule's body, read when the package was built. */
const READY_GATES = new Map(GENERATED_TABLES.gates);

/**
 * A token rule's gate: the literal its body requires, when two characters or more (read from the
 * body if generated-tables.ts has none for it).
 */
function tokenGate(body: string): string {
  const gate = READY_GATES.get(body) ?? requiredLiteral(body);
  return gate.length >= 2 ? gate : '';
}

function tokenSpan(t: CompiledToken, m: RegExpExecArray, at: number): Span | undefined {
  const end = at + m[0].length;
  const { group, check } = t.rule;
  const secret = group === true ? (m[m.length - 1] as string) : m[0];
  if (check && !check(secret)) return undefined;
  // A stand-in in the token's shape (`bP88Q~xxxx…`), where Flockdeck's shapes do not take it.
  if (isPlaceholderBody(secret) && !flockdeckShapeIn(m[0])) return undefined;
  return { start: end - secret.length, end, kind: t.kind };
}

/** A rule whose secret is its last capture group, ending where the match ends or one before (`…@`). */
function groupRule(
  s: string,
  re: RegExp,
  kind: string,
  spans: Span[],
  check?: (secret: string, m: RegExpExecArray, s: string) => boolean,
): void {
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) {
    const secret = m[m.length - 1] as string;
    if (isNotSecret(secret) || (check && !check(secret, m, s))) continue;
    const end = m.index + m[0].length - (m[0].endsWith('@') ? 1 : 0);
    spans.push({ start: end - secret.length, end, kind });
  }
}

/** The kinds whose value was found by its name or place (not by its shape). */
const NAMED = new Set([
  'secret-name',
  'secret-flag',
  'secret-prose',
  'authorization',
  'url-password',
]);
/** At most this many values are looked for again (each look is one scan of the text). */
const MAX_ECHOES = 8;

/**
 * A value found as a secret (by its name) is a secret wherever else it stands in the same text:
 * `token = 'abc…' | 'abc…'`, a password echoed in a command. Values of 8 characters or more,
 * one word of letters and digits (not a name or a phrase).
 */
function echoes(s: string, spans: Span[]): void {
  const values = new Set<string>();
  for (const sp of spans) {
    if (values.size >= MAX_ECHOES) break;
    if (!NAMED.has(sp.kind) || sp.end - sp.start < 8) continue;
    const v = s.slice(sp.start, sp.end);
    if (/^[A-Za-z0-9+/_.~!@#$%^*-]+$/.test(v) && /\d/.test(v) && /[A-Za-z]/.test(v)) values.add(v);
  }
  for (const v of values) {
    for (let at = s.indexOf(v); at !== -1; at = s.indexOf(v, at + v.length))
      spans.push({ start: at, end: at + v.length, kind: 'secret-echo' });
  }
}
