/**
 * Token shapes that are not a prefix and a body, written by hand: a secret inside a URL or a
 * connection string (the text before it kept), after a scheme word, with no literal start, or
 * kept for Flockdeck's sake. Every other provider token format is data: the catalog in
 * `providers/catalog/` (docs/commands/redact.md, "Token formats").
 *
 * Each rule is a body (no look-behind) plus the characters that may not precede it; the
 * look-behind excludes every character of the body, so only the start of a run is tried and a
 * failed attempt costs at most the run once (linear time). `check` runs after a match, in code,
 * never as regex backtracking. A match glued to the end of another secret (an AWS key id
 * followed by `sk-ant-…`) is tried without the look-behind at that end.
 */
export interface TokenRule {
  /** The rule kind, counted by `--report`. */
  readonly kind: string;
  /** The regex body, without flags. */
  readonly body: string;
  /** A character class (without brackets) that may not come just before a match. */
  readonly notAfter: string;
  /** The secret is the last capture group when set (the prefix before it is kept). */
  readonly group?: boolean;
  /** Extra check on the matched secret. */
  readonly check?: (secret: string) => boolean;
  /**
   * What the prescan looks for (a regex source, read case-insensitively on the raw JSON line as
   * well as on text): it must hold wherever the rule matches, without the look-behind.
   */
  readonly prescan: string;
  /** The four-character starts of `prescan` for the prescan's tables (start-tables.ts syntax). */
  readonly starts: readonly string[];
}

const hasDigit = (s: string): boolean => /\d/.test(s);

/** Every hand-written token shape; docs/commands/redact.md has an example of each. */
export const TOKEN_RULES: readonly TokenRule[] = [
  // Flockdeck's rules take GitHub tokens glued to a word (`tokenghp_…`); with a digit, as a real
  // token has, these do too (the catalog's entry takes a glued one whose checksum holds).
  {
    kind: 'github-token',
    body: 'gh[pousr]_[A-Za-z0-9]{20,}',
    notAfter: '',
    check: hasDigit,
    prescan: 'gh[pousr]_[A-Za-z0-9]{20}',
    starts: ['gh[pousr]_'],
  },
  // `SK` and 32 hex: a prefix of two characters, too short for the catalog.
  {
    kind: 'twilio-api-key',
    body: 'SK[0-9a-f]{32}',
    notAfter: 'A-Za-z0-9',
    prescan: 'SK[0-9a-f]{32}',
    starts: ['sk[0123456789abcdef][0123456789abcdef]'],
  },
  // Azure AD (Entra ID) client secrets: three characters, a digit, `Q~`, then 31 to 34.
  {
    kind: 'azure-ad-client-secret',
    body: '[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])',
    notAfter: 'A-Za-z0-9_~.-',
    prescan: '\\dQ~[A-Za-z0-9_~.-]{31}',
    starts: ['[0123456789]q~*'],
  },
  // A Facebook app access token, `{app-id}|{app-secret}` (developers.facebook.com, "Access
  // Tokens", App Access Tokens): 15 or 16 digits, `|`, the app secret's 32 hex. The id is kept.
  {
    kind: 'facebook-app-token',
    body: '(\\d{15,16}\\|)([0-9a-f]{32})(?![0-9A-Za-z])',
    notAfter: '0-9A-Za-z_',
    group: true,
    prescan: '\\|[0-9a-f]{32}',
    starts: ['|[0123456789abcdef][0123456789abcdef][0123456789abcdef]'],
  },
  // Webhook URLs: the path is the secret, the host is kept.
  {
    kind: 'slack-webhook',
    body: '(hooks\\.slack\\.com/(?:services|workflows|triggers)/)([A-Za-z0-9/_-]{16,})',
    notAfter: '\\w.',
    group: true,
    // `TXXXXX/BXXXXX/XXXXXXXXXX` in docs is a placeholder.
    check: (path) => !/^[TBX/]+$/i.test(path),
    // `slack.com/` rather than `hooks.slack.com`: `hooks` is on every line that records hooks.
    prescan: 'slack\\.com/',
    starts: ['slac'],
  },
  {
    kind: 'teams-webhook',
    body: '(webhook\\.office\\.com/webhookb2/)([A-Za-z0-9@/_-]{40,})',
    notAfter: '',
    group: true,
    prescan: 'webhook\\.office\\.com/',
    starts: ['webh'],
  },
  {
    kind: 'discord-webhook',
    body: '(discord(?:app)?\\.com/api/webhooks/)(\\d{17,20}/[A-Za-z0-9_-]{60,})',
    notAfter: '\\w.',
    group: true,
    prescan: 'discord(?:app)?\\.com/api/webhooks/',
    starts: ['disc'],
  },
  {
    kind: 'zapier-webhook',
    body: '(hooks\\.zapier\\.com/hooks/catch/)(\\d+/[A-Za-z0-9]{6,})',
    notAfter: '\\w.',
    group: true,
    prescan: 'zapier\\.com/hooks/',
    starts: ['zapi'],
  },
  // Fly.io: `FlyV1 fm2_…` (the scheme kept), macaroons of base64 joined by commas.
  {
    kind: 'flyio-token',
    body: '(FlyV1[ \\t]+)(fm\\d_[A-Za-z0-9+/=_,-]{16,})',
    notAfter: '\\w',
    group: true,
    prescan: 'FlyV1',
    starts: ['flyv'],
  },
  {
    kind: 'azure-storage-key',
    body: '((?:AccountKey|SharedAccessKey)=)([A-Za-z0-9+/]{20,}={0,2})',
    notAfter: '\\w',
    group: true,
    prescan: 'AccountKey|SharedAccessKey',
    starts: ['acco', 'shar'],
  },
  {
    kind: 'azure-sas-signature',
    body: '([?&;]sig=)([A-Za-z0-9%+/]{20,}={0,2})',
    notAfter: '',
    group: true,
    prescan: 'sig=',
    starts: ['sig='],
  },
];

/** What the prescan looks for of every hand-written rule (a superset: no look-behind). */
export const TOKEN_PRESCAN = TOKEN_RULES.map((r) => r.prescan).join('|');
