import type { ProviderFormat } from '../provider-format.js';

/**
 * The token formats txpipe has removed since its first rules (they were hand-written regexes in
 * token-rules.ts), each with the documentation it comes from.
 */
export const CORE: readonly ProviderFormat[] = [
  // Anthropic: the admin key before the plain key, so a key counts as what it most precisely is.
  {
    kind: 'anthropic-admin-key',
    provider: 'Anthropic',
    source: 'https://docs.anthropic.com/en/api/administration-api',
    prefixes: ['sk-ant-admin'],
    body: '\\d\\d-[A-Za-z0-9_-]{8,}',
    gluedBefore: true,
  },
  {
    kind: 'anthropic-key',
    provider: 'Anthropic',
    source: 'https://docs.anthropic.com/en/api/overview',
    prefixes: ['sk-ant-'],
    body: '[A-Za-z0-9_-]{8,}',
    gluedBefore: true,
  },
  {
    kind: 'openai-key',
    provider: 'OpenAI',
    source: 'https://platform.openai.com/docs/api-reference/authentication',
    prefixes: ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-None-', 'sk-'],
    body: '[A-Za-z0-9_-]{20,}',
    digit: true,
  },
  {
    kind: 'stripe-key',
    provider: 'Stripe',
    source: 'https://docs.stripe.com/keys',
    prefixes: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'],
    body: '[A-Za-z0-9]{16,}',
  },
  {
    kind: 'stripe-webhook-secret',
    provider: 'Stripe',
    source: 'https://docs.stripe.com/webhooks/signature',
    prefixes: ['whsec_'],
    body: '[A-Za-z0-9]{24,}',
  },
  // 30 random base62 characters and a CRC32 of them (6 more): a checksum that holds makes a
  // token glued to a word a token too (token-rules.ts also keeps Flockdeck's glued-with-a-digit).
  {
    kind: 'github-token',
    provider: 'GitHub',
    source:
      'https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/',
    prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    body: '[A-Za-z0-9]{20,}',
    checksum: 'github-crc32',
  },
  {
    kind: 'github-token',
    provider: 'GitHub',
    source:
      'https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens',
    prefixes: ['github_pat_'],
    body: '[A-Za-z0-9_]{20,}',
    gluedBefore: true,
  },
  {
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: 'https://docs.gitlab.com/security/tokens/',
    prefixes: ['glpat-'],
    body: '[A-Za-z0-9_-]{20,}',
    gluedBefore: true,
  },
  {
    kind: 'aws-access-key-id',
    provider: 'Amazon Web Services',
    source:
      'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids',
    prefixes: ['AKIA', 'ASIA'],
    body: '[A-Z0-9]{16}',
    afterUnderscore: true,
  },
  {
    kind: 'slack-token',
    provider: 'Slack',
    source: 'https://api.slack.com/authentication/token-types',
    prefixes: ['xoxa-', 'xoxb-', 'xoxp-', 'xoxs-', 'xoxr-'],
    body: '[A-Za-z0-9-]{10,}',
    gluedBefore: true,
  },
  {
    // Legacy workspace tokens: numeric team, user and token ids, then hex (Flockdeck's rules do
    // not take `xoxo-`; the loose body above would take words such as `xoxo-indieweb-1`).
    kind: 'slack-token',
    provider: 'Slack',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/slack.go',
    prefixes: ['xoxo-'],
    body: '\\d{6,}-\\d{6,}-\\d{6,}-[a-fA-F0-9]{16,}',
    gluedBefore: true,
  },
  {
    kind: 'google-api-key',
    provider: 'Google Cloud',
    source: 'https://cloud.google.com/docs/authentication/api-keys',
    prefixes: ['AIza'],
    body: '[0-9A-Za-z_-]{35}',
    gluedBefore: true,
  },
  {
    kind: 'npm-token',
    provider: 'npm',
    source: 'https://docs.npmjs.com/about-access-tokens',
    prefixes: ['npm_'],
    body: '[A-Za-z0-9]{36}',
    gluedBefore: true,
  },
  {
    kind: 'sendgrid-key',
    provider: 'Twilio SendGrid',
    source: 'https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys',
    prefixes: ['SG.'],
    body: '[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}',
  },
  // Glued to a word before it (`somSG.…`): the full 22.43 shape only.
  {
    kind: 'sendgrid-key',
    provider: 'Twilio SendGrid',
    source: 'https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys',
    prefixes: ['SG.'],
    body: '[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}',
    gluedBefore: true,
  },
  // Older tokens mixed digits in; `hf_requiredCharacteristicTypes` is a name, hence `random`.
  {
    kind: 'huggingface-token',
    provider: 'Hugging Face',
    source: 'https://huggingface.co/docs/hub/security-tokens',
    prefixes: ['hf_'],
    body: '[A-Za-z0-9]{30,}',
    random: true,
  },
  {
    kind: 'digitalocean-token',
    provider: 'DigitalOcean',
    source: 'https://docs.digitalocean.com/reference/api/create-personal-access-token/',
    prefixes: ['dop_v1_', 'doo_v1_', 'dor_v1_'],
    body: '[a-f0-9]{64}',
  },
  {
    kind: 'databricks-token',
    provider: 'Databricks',
    source: 'https://docs.databricks.com/en/dev-tools/auth/pat.html',
    prefixes: ['dapi'],
    body: '[a-fA-F0-9]{32}(?:-\\d)?',
    afterUnderscore: true,
  },
  {
    kind: 'planetscale-token',
    provider: 'PlanetScale',
    source: 'https://planetscale.com/docs/concepts/service-tokens',
    prefixes: ['pscale_tkn_', 'pscale_oauth_', 'pscale_pw_'],
    body: '[A-Za-z0-9_.-]{32,}',
  },
  {
    kind: 'tailscale-key',
    provider: 'Tailscale',
    source: 'https://tailscale.com/kb/1085/auth-keys',
    prefixes: ['tskey-'],
    body: '[a-z]{3,8}-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}',
  },
  {
    kind: 'vercel-token',
    provider: 'Vercel',
    source: 'https://vercel.com/changelog/new-token-formats-and-secret-scanning',
    prefixes: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
    body: '[A-Za-z0-9]{24,}',
    digit: true,
  },
  {
    kind: 'shopify-token',
    provider: 'Shopify',
    source:
      'https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/generate-app-access-tokens-admin',
    prefixes: ['shpss_', 'shpat_', 'shpca_', 'shppa_'],
    body: '[A-Za-z0-9]{32,}',
  },
  // Service accounts: `ops_` and a base64 JSON object (`eyJ`).
  {
    kind: '1password-token',
    provider: '1Password',
    source: 'https://developer.1password.com/docs/service-accounts/',
    prefixes: ['ops_eyJ'],
    body: '[A-Za-z0-9_-]{40,}',
  },
  {
    kind: 'bitbucket-app-password',
    provider: 'Bitbucket',
    source: 'https://support.atlassian.com/bitbucket-cloud/docs/app-passwords/',
    prefixes: ['ATBB'],
    body: '[A-Za-z0-9_=.-]{12,}',
    digit: true,
    afterUnderscore: true,
  },
  {
    kind: 'atlassian-token',
    provider: 'Atlassian',
    source:
      'https://support.atlassian.com/atlassian-account/docs/manage-api-tokens-for-your-atlassian-account/',
    prefixes: ['ATATT3xFfG', 'ATCTT3xFfG'],
    body: '[A-Za-z0-9_=-]{12,}',
    afterUnderscore: true,
  },
  {
    kind: 'artifactory-key',
    provider: 'JFrog Artifactory',
    source: 'https://jfrog.com/help/r/jfrog-platform-administration-documentation/api-key',
    prefixes: ['AKCp'],
    body: '[A-Za-z0-9]{60,}',
    afterUnderscore: true,
  },
  {
    kind: 'apify-token',
    provider: 'Apify',
    source: 'https://docs.apify.com/platform/integrations/api',
    prefixes: ['apify_api_'],
    body: '[A-Za-z0-9]{36}',
  },
  {
    kind: 'adafruit-key',
    provider: 'Adafruit IO',
    source: 'https://io.adafruit.com/api/docs/#authentication',
    prefixes: ['aio_'],
    body: '[A-Za-z0-9]{28}',
    random: true,
  },
  {
    kind: 'grafana-token',
    provider: 'Grafana Cloud',
    source:
      'https://grafana.com/docs/grafana-cloud/account-management/authentication-and-permissions/access-policies/',
    prefixes: ['glc_eyJ'],
    body: '[A-Za-z0-9+/=_-]{20,}',
  },
  {
    kind: 'grafana-token',
    provider: 'Grafana',
    source: 'https://grafana.com/docs/grafana/latest/administration/service-accounts/',
    prefixes: ['glsa_'],
    body: '[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}',
  },
  {
    kind: 'linear-key',
    provider: 'Linear',
    source: 'https://developers.linear.app/docs/graphql/working-with-the-graphql-api',
    prefixes: ['lin_api_'],
    body: '[A-Za-z0-9]{40,}',
  },
  // 40 characters and an 8-character checksum.
  {
    kind: 'cloudflare-token',
    provider: 'Cloudflare',
    source: 'https://developers.cloudflare.com/fundamentals/api/get-started/token-formats/',
    prefixes: ['cfat_', 'cfut_', 'cfk_'],
    body: '[A-Za-z0-9]{48}',
    endsWord: true,
  },
  {
    kind: 'photoroom-key',
    provider: 'Photoroom',
    source: 'https://docs.photoroom.com/getting-started/how-can-i-get-my-api-key',
    prefixes: ['sk_pr_'],
    body: '[A-Za-z0-9]+_[a-f0-9]{40}',
    afterUnderscore: true,
  },
  {
    kind: 'trufflehog-enterprise-key',
    provider: 'TruffleHog Enterprise',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/trufflehogenterprise/trufflehogenterprise.go',
    prefixes: ['thog-key-'],
    body: '[a-f0-9]{16}',
  },
  {
    kind: 'trufflehog-enterprise-key',
    provider: 'TruffleHog Enterprise',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/trufflehogenterprise/trufflehogenterprise.go',
    prefixes: ['thog-secret-'],
    body: '[a-f0-9]{32}',
  },
  {
    kind: 'rootly-key',
    provider: 'Rootly',
    source: 'https://docs.rootly.com/api-reference/overview',
    prefixes: ['rootly_'],
    body: '[a-f0-9]{64}',
  },
  {
    kind: 'langsmith-key',
    provider: 'LangSmith',
    source:
      'https://docs.smith.langchain.com/administration/how_to_guides/organization_management/create_account_api_key',
    prefixes: ['lsv2_pt_', 'lsv2_sk_'],
    body: '[a-f0-9]{32}_[a-f0-9]{10}',
  },
];
