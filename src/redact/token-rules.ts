/**
 * Token shapes. Each rule is a body (no look-behind) plus the characters that may not precede it;
 * the look-behind excludes every character of the body, so only the start of a run is tried and
 * a failed attempt costs at most the run once (linear time on `sk-sk-sk-…`). `check` runs after a
 * match, in code, never as regex backtracking. A match glued to the end of another secret (an AWS
 * key id followed by `sk-ant-…`) is tried without the look-behind at that end.
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
}

const hasDigit = (s: string): boolean => /\d/.test(s);
/** A digit, a lower-case and an upper-case letter (`hf_requiredCharacteristicTypes` is a name). */
const randomLooking = (s: string): boolean => /\d/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s);

/** Every token shape txpipe knows; docs/commands/redact.md has an example of each. */
export const TOKEN_RULES: readonly TokenRule[] = [
  { kind: 'anthropic-admin-key', body: 'sk-ant-admin\\d\\d-[A-Za-z0-9_-]{8,}', notAfter: '' },
  { kind: 'anthropic-key', body: 'sk-ant-[A-Za-z0-9_-]{8,}', notAfter: '' },
  {
    kind: 'openai-key',
    body: 'sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}',
    notAfter: '\\w',
    check: hasDigit,
  },
  { kind: 'stripe-key', body: '(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}', notAfter: '\\w' },
  { kind: 'stripe-webhook-secret', body: 'whsec_[A-Za-z0-9]{24,}', notAfter: '\\w' },
  { kind: 'github-token', body: 'gh[pousr]_[A-Za-z0-9]{20,}', notAfter: '\\w' },
  // Glued to a word before it (`tokenghp_…`): with a digit, as a real token has.
  { kind: 'github-token', body: 'gh[pousr]_[A-Za-z0-9]{20,}', notAfter: '', check: hasDigit },
  { kind: 'github-token', body: 'github_pat_[A-Za-z0-9_]{20,}', notAfter: '' },
  { kind: 'gitlab-token', body: 'glpat-[A-Za-z0-9_-]{20,}', notAfter: '' },
  { kind: 'aws-access-key-id', body: '(?:AKIA|ASIA)[A-Z0-9]{16}', notAfter: 'A-Za-z0-9' },
  { kind: 'slack-token', body: 'xox[abposr]-[A-Za-z0-9-]{10,}', notAfter: '' },
  {
    kind: 'slack-webhook',
    body: '(hooks\\.slack\\.com/(?:services|workflows|triggers)/)([A-Za-z0-9/_-]{16,})',
    notAfter: '\\w.',
    group: true,
    // `TXXXXX/BXXXXX/XXXXXXXXXX` in docs is a placeholder.
    check: (path) => !/^[TBX/]+$/i.test(path),
  },
  { kind: 'google-api-key', body: 'AIza[0-9A-Za-z_-]{35}', notAfter: '' },
  { kind: 'npm-token', body: 'npm_[A-Za-z0-9]{36}', notAfter: '' },
  {
    kind: 'sendgrid-key',
    body: 'SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}',
    notAfter: '\\w',
  },
  // Glued to a word before it (`somSG.…`): the full 22.43 shape only.
  { kind: 'sendgrid-key', body: 'SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}', notAfter: '' },
  { kind: 'huggingface-token', body: 'hf_[A-Za-z0-9]{30,}', notAfter: '\\w', check: randomLooking },
  { kind: 'twilio-api-key', body: 'SK[0-9a-f]{32}', notAfter: 'A-Za-z0-9' },
  { kind: 'digitalocean-token', body: 'do[opr]_v1_[a-f0-9]{64}', notAfter: '\\w' },
  { kind: 'databricks-token', body: 'dapi[a-fA-F0-9]{32}(?:-\\d)?', notAfter: 'A-Za-z0-9' },
  {
    kind: 'planetscale-token',
    body: 'pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_.-]{32,}',
    notAfter: '\\w',
  },
  {
    kind: 'tailscale-key',
    body: 'tskey-[a-z]{3,8}-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}',
    notAfter: '\\w',
  },
  { kind: 'vercel-token', body: 'vc[pickra]_[A-Za-z0-9]{24,}', notAfter: '\\w', check: hasDigit },
  { kind: 'shopify-token', body: 'shp(?:ss|at|ca|pa)_[A-Za-z0-9]{32,}', notAfter: '\\w' },
  // 1Password service accounts: `ops_` and a base64 JSON object (`eyJ`).
  { kind: '1password-token', body: 'ops_eyJ[A-Za-z0-9_-]{40,}', notAfter: '\\w' },
  {
    kind: 'bitbucket-app-password',
    body: 'ATBB[A-Za-z0-9_=.-]{12,}',
    notAfter: 'A-Za-z0-9',
    check: hasDigit,
  },
  { kind: 'atlassian-token', body: 'AT(?:ATT|CTT)3xFfG[A-Za-z0-9_=-]{12,}', notAfter: 'A-Za-z0-9' },
  { kind: 'artifactory-key', body: 'AKCp[A-Za-z0-9]{60,}', notAfter: 'A-Za-z0-9' },
  { kind: 'apify-token', body: 'apify_api_[A-Za-z0-9]{36}', notAfter: '\\w' },
  { kind: 'adafruit-key', body: 'aio_[A-Za-z0-9]{28}', notAfter: '\\w', check: randomLooking },
  { kind: 'grafana-token', body: 'glc_eyJ[A-Za-z0-9+/=_-]{20,}', notAfter: '\\w' },
  { kind: 'grafana-token', body: 'glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}', notAfter: '\\w' },
  { kind: 'linear-key', body: 'lin_api_[A-Za-z0-9]{40,}', notAfter: '\\w' },
  // Cloudflare's account and user tokens and global keys: 48 characters, the last 8 a checksum.
  {
    kind: 'cloudflare-token',
    body: 'cf(?:at|ut|k)_[A-Za-z0-9]{48}(?![A-Za-z0-9])',
    notAfter: '\\w',
  },
  {
    kind: 'photoroom-key',
    body: 'sk_pr_[A-Za-z0-9]+_[a-f0-9]{40}',
    notAfter: 'A-Za-z0-9',
  },
  {
    kind: 'trufflehog-enterprise-key',
    body: 'thog-(?:key-[a-f0-9]{16}|secret-[a-f0-9]{32})',
    notAfter: '\\w',
  },
  { kind: 'rootly-key', body: 'rootly_[a-f0-9]{64}', notAfter: '\\w' },
  { kind: 'langsmith-key', body: 'lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}', notAfter: '\\w' },
  // Fly.io: `FlyV1 fm2_…` (the scheme kept), macaroons of base64 joined by commas.
  {
    kind: 'flyio-token',
    body: '(FlyV1[ \\t]+)(fm\\d_[A-Za-z0-9+/=_,-]{16,})',
    notAfter: '\\w',
    group: true,
  },
  {
    kind: 'azure-storage-key',
    body: '((?:AccountKey|SharedAccessKey)=)([A-Za-z0-9+/]{20,}={0,2})',
    notAfter: '\\w',
    group: true,
  },
  {
    kind: 'azure-sas-signature',
    body: '([?&;]sig=)([A-Za-z0-9%+/]{20,}={0,2})',
    notAfter: '',
    group: true,
  },
];

/** The literal starts of every token rule, for the prescan (a superset: no look-behind). */
export const TOKEN_PRESCAN =
  'sk-|[sr]k_(?:live|test)_|whsec_|gh[pousr]_|github_pat_|glpat-|AKIA|ASIA|xox[abposr]-|hooks\\.slack\\.com|AIza|npm_|SG\\.|hf_|SK[0-9a-f]{32}|do[opr]_v1_|dapi|AccountKey|SharedAccessKey|sig=|eyJ|FlyV1|pscale_|tskey-|vc[pickra]_|shp(?:ss|at|ca|pa)_|ops_eyJ|ATBB|AT(?:ATT|CTT)3|AKCp|apify_api_|aio_|lsv2_|glc_eyJ|glsa_|lin_api_|cf(?:at|ut|k)_|sk_pr_|thog-|rootly_';
