import type { ProviderFormat } from '../provider-format.js';

const SLACK_TOKEN_TYPES = 'https://api.slack.com/authentication/token-types';
const SLACK_RULES =
  'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/slack.go';
const SQUARE_TOKENS = 'https://developer.squareup.com/docs/build-basics/access-tokens';

/**
 * Provider token formats, providers S (catalog share b). One entry per documented format: the
 * literal prefix, the alphabet and length of what follows, and where the format is written down
 * (the provider's docs, else its reference implementation or a public scanner rule).
 */
export const RESEARCH_B_S: readonly ProviderFormat[] = [
  {
    // `salad_cloud_`, a short key version, `_`, the secret.
    kind: 'saladcloud-api-key',
    provider: 'SaladCloud',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/saladcloudapikey/saladcloudapikey.go',
    prefixes: ['salad_cloud_'],
    body: '[A-Za-z0-9]{1,7}_[A-Za-z0-9]{7,235}',
  },
  {
    // `key-` starts ordinary words: 64 random alphanumerics only.
    kind: 'salesblink-api-key',
    provider: 'SalesBlink',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/salesblink/salesblink.go',
    prefixes: ['key-'],
    body: '[A-Za-z0-9]{64}',
    random: true,
  },
  {
    // OAuth refresh tokens.
    kind: 'salesforce-refresh-token',
    provider: 'Salesforce',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/salesforcerefreshtoken/salesforcerefreshtoken.go',
    prefixes: ['5AEP861'],
    body: '[A-Za-z0-9._=]{80,}',
  },
  {
    // API tokens: `samsara_api_` and 30 alphanumerics.
    kind: 'samsara-api-token',
    provider: 'Samsara',
    source: 'https://developers.samsara.com/docs/authentication',
    prefixes: ['samsara_api_'],
    body: '[A-Za-z0-9]{30}',
  },
  {
    // Access key ids: `SCW` and 17 upper-case letters and digits (the secret key is a UUID).
    kind: 'scaleway-access-key',
    provider: 'Scaleway',
    source: 'https://www.scaleway.com/en/docs/iam/concepts/#api-key',
    prefixes: ['SCW'],
    body: '[A-Z0-9]{17}',
  },
  {
    kind: 'scalingo-api-token',
    provider: 'Scalingo',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/scalingo.go',
    prefixes: ['tk-us-'],
    body: '[A-Za-z0-9_-]{48}',
  },
  {
    // Scrapfly API keys: `scp-live-` (or `scp-test-`) and 32 hex.
    kind: 'scrapfly-api-key',
    provider: 'Scrapfly',
    source: 'https://scrapfly.io/docs/project',
    prefixes: ['scp-live-', 'scp-test-'],
    body: '[a-f0-9]{32}',
  },
  {
    // Public API tokens (Sourcegraph's `sgp_` tokens are 40 hex, these 64 alphanumerics).
    kind: 'segment-api-token',
    provider: 'Segment',
    source: 'https://segment.com/docs/api/public-api/',
    prefixes: ['sgp_'],
    body: '[A-Za-z0-9]{64}',
  },
  {
    // API keys (`xkeysib-`) and SMTP keys (`xsmtpsib-`): 64 hex, `-`, 16 alphanumerics.
    kind: 'sendinblue-api-key',
    provider: 'Sendinblue (Brevo)',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/sendinblue.go',
    prefixes: ['xkeysib-', 'xsmtpsib-'],
    body: '[a-f0-9]{64}-[A-Za-z0-9]{16}',
  },
  {
    // Personal, application and service access tokens.
    kind: 'settlemint-token',
    provider: 'SettleMint',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/settlemint.go',
    prefixes: ['sm_pat_', 'sm_aat_', 'sm_sat_'],
    body: '[A-Za-z0-9]{16}',
  },
  {
    kind: 'shippo-api-token',
    provider: 'Shippo',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/shippo.go',
    prefixes: ['shippo_live_', 'shippo_test_'],
    body: '[a-fA-F0-9]{40}',
  },
  {
    // App-level tokens: `xapp-`, a version digit, the app id, a number, 64 hex.
    kind: 'slack-app-token',
    provider: 'Slack',
    source: SLACK_TOKEN_TYPES,
    prefixes: ['xapp-'],
    body: '\\d-[A-Z0-9]{9,14}-\\d{10,16}-[a-f0-9]{64}',
  },
  {
    // App configuration access tokens.
    kind: 'slack-config-token',
    provider: 'Slack',
    source: SLACK_RULES,
    prefixes: ['xoxe.xoxp-', 'xoxe.xoxb-'],
    body: '\\d-[A-Za-z0-9]{163,166}',
  },
  {
    // App configuration refresh tokens.
    kind: 'slack-config-token',
    provider: 'Slack',
    source: SLACK_RULES,
    prefixes: ['xoxe-'],
    body: '\\d-[A-Za-z0-9]{146}',
  },
  {
    // Rotating user tokens in `xoxe-` form: three numeric ids and a 28-34 character secret.
    kind: 'slack-token',
    provider: 'Slack',
    source: SLACK_RULES,
    prefixes: ['xoxe-'],
    body: '(?:\\d{10,13}-){3}[A-Za-z0-9]{28,34}',
  },
  {
    // Socket API tokens: `sktsec_`, 44 base64url characters, `_api`.
    kind: 'socket-api-token',
    provider: 'Socket',
    source: 'https://docs.socket.dev/reference/creating-and-managing-api-tokens',
    prefixes: ['sktsec_'],
    body: '[A-Za-z0-9_-]{44}',
    suffix: '_api',
  },
  {
    // SonarQube user (`squ_`), project analysis (`sqp_`) and global analysis (`sqa_`) tokens.
    kind: 'sonarqube-token',
    provider: 'SonarQube',
    source: 'https://docs.sonarsource.com/sonarqube-server/latest/user-guide/managing-tokens/',
    prefixes: ['squ_', 'sqp_', 'sqa_'],
    body: '[a-f0-9]{40}',
  },
  {
    kind: 'sonarcloud-token',
    provider: 'SonarQube Cloud (SonarCloud)',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/sonarcloud/v2/sonarcloud.go',
    prefixes: ['sqco_'],
    body: '[A-Za-z0-9]{59}',
  },
  {
    // Stack Auth secret server keys (`pck_` publishable client keys are public).
    kind: 'stack-auth-secret-key',
    provider: 'Stack Auth',
    source: 'https://docs.stack-auth.com/docs/getting-started/setup',
    prefixes: ['ssk_'],
    body: '[a-z0-9]{44,48}',
  },
  {
    // StackHawk API keys: `hawk.`, 20 alphanumerics, `.`, 20 alphanumerics.
    kind: 'stackhawk-api-key',
    provider: 'StackHawk',
    source: 'https://docs.stackhawk.com/apidocs.html',
    prefixes: ['hawk.'],
    body: '[A-Za-z0-9]{20}\\.[A-Za-z0-9]{20}',
  },
  {
    // Legacy personal access tokens.
    kind: 'square-access-token',
    provider: 'Square',
    source: SQUARE_TOKENS,
    prefixes: ['sq0atp-'],
    body: '[A-Za-z0-9_-]{22}',
  },
  {
    // Access tokens (production and sandbox): `EAAA` and 60 characters; random bodies only,
    // as `EAAA` also starts base64 runs.
    kind: 'square-access-token',
    provider: 'Square',
    source: SQUARE_TOKENS,
    prefixes: ['EAAA'],
    body: '[A-Za-z0-9_-]{60}',
    random: true,
  },
  {
    // OAuth application secrets.
    kind: 'square-oauth-secret',
    provider: 'Square',
    source: 'https://developer.squareup.com/docs/oauth-api/overview',
    prefixes: ['sq0csp-', 'sandbox-sq0csb-'],
    body: '[A-Za-z0-9_-]{43}',
  },
  {
    kind: 'steel-api-key',
    provider: 'Steel',
    source: 'https://docs.steel.dev/api-reference',
    prefixes: ['ste-'],
    body: '[A-Za-z0-9]{60,128}',
  },
  {
    // Secret API keys (`sup_pk_` keys are public).
    kind: 'sumup-secret-key',
    provider: 'SumUp',
    source: 'https://developer.sumup.com/api-keys',
    prefixes: ['sup_sk_'],
    body: '[A-Za-z0-9]{25,64}',
  },
  {
    // Secret API keys (`sb_secret_`); publishable keys are public by design.
    kind: 'supabase-secret-key',
    provider: 'Supabase',
    source: 'https://supabase.com/docs/guides/api/api-keys',
    prefixes: ['sb_secret_'],
    body: '[A-Za-z0-9_-]{31,64}',
  },
  {
    // Personal access tokens for the Management API and CLI.
    kind: 'supabase-access-token',
    provider: 'Supabase',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/supabasetoken/supabasetoken.go',
    prefixes: ['sbp_'],
    body: '[a-z0-9]{40}',
  },
];
