import type { ProviderFormat } from '../provider-format.js';

/** Recharge's API tokens: `sk_` (or `sk_test_`), a rate tier `1x1`…`10x3`, `_`, 64 hex. */
const RECHARGE_PREFIXES: readonly string[] = ['sk_', 'sk_test_'].flatMap((start) =>
  ['1', '2', '3', '5', '10'].flatMap((n) => ['1', '2', '3'].map((m) => `${start}${n}x${m}_`)),
);

/**
 * Provider token formats, providers P to R (catalog share b). One entry per documented format:
 * the literal prefix, the alphabet and length of what follows, and where the format is written
 * down (the provider's docs, else its reference implementation or a public scanner rule).
 */
export const RESEARCH_B_P_R: readonly ProviderFormat[] = [
  {
    // `pdl_live_apikey_` / `pdl_sdbx_apikey_`, a 26-character id, `_`, a 22-character secret, `_`,
    // a 3-character check.
    kind: 'paddle-api-key',
    provider: 'Paddle',
    source: 'https://developer.paddle.com/api-reference/about/authentication',
    prefixes: ['pdl_live_apikey_', 'pdl_sdbx_apikey_'],
    body: '[a-z0-9]{26}_[A-Za-z0-9]{22}_[A-Za-z0-9]{3}',
  },
  {
    kind: 'pagarme-api-key',
    provider: 'Pagar.me',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/pagarme/pagarme.go',
    prefixes: ['ak_live_'],
    body: '[A-Za-z0-9]{30}',
  },
  {
    // Braintree (PayPal) access tokens: environment, a 16-character merchant part, 32 hex.
    kind: 'braintree-access-token',
    provider: 'PayPal Braintree',
    source:
      'https://docs.github.com/en/code-security/secret-scanning/introduction/supported-secret-scanning-patterns',
    prefixes: ['access_token$production$', 'access_token$sandbox$'],
    body: '[0-9a-z]{16}\\$[0-9a-f]{32}',
  },
  {
    // Secret keys are 40 hex after the mode (Stripe's keys share the starts, not the body).
    kind: 'paystack-secret-key',
    provider: 'Paystack',
    source: 'https://paystack.com/docs/api/authentication/',
    prefixes: ['sk_live_', 'sk_test_'],
    body: '[a-f0-9]{40}',
  },
  {
    kind: 'perplexity-api-key',
    provider: 'Perplexity',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/perplexity.go',
    prefixes: ['pplx-'],
    body: '[A-Za-z0-9]{48}',
  },
  {
    // `pcsk_`, a 5-6 character key label, `_`, 63 alphanumerics.
    kind: 'pinecone-api-key',
    provider: 'Pinecone',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/pinecone/pinecone.go',
    prefixes: ['pcsk_'],
    body: '[A-Za-z0-9]{5,6}_[A-Za-z0-9]{63}',
  },
  {
    // Access tokens name their environment and end in a UUID.
    kind: 'plaid-access-token',
    provider: 'Plaid',
    source: 'https://plaid.com/docs/api/tokens/',
    prefixes: ['access-sandbox-', 'access-development-', 'access-production-'],
    body: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  },
  {
    kind: 'polar-access-token',
    provider: 'Polar',
    source: 'https://polar.sh/docs/integrate/oat',
    prefixes: ['polar_oat_'],
    body: '[A-Za-z0-9]{43}',
  },
  {
    // Portainer access tokens; `ptr_` also starts C pointer names, so only random bodies.
    kind: 'portainer-access-token',
    provider: 'Portainer',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/portainertoken/portainertoken.go',
    prefixes: ['ptr_'],
    body: '[A-Za-z0-9+/_-]{40,48}={0,2}',
    random: true,
  },
  {
    // Pangea service tokens: `pts_` and 32 base32 characters.
    kind: 'pangea-token',
    provider: 'Pangea',
    source: 'https://pangea.cloud/docs/admin-guide/projects/credentials',
    prefixes: ['pts_'],
    body: '[a-z2-7]{32}',
  },
  {
    // OAuth access tokens of the v5 API: `pina_AMA` and upper-case base32.
    kind: 'pinterest-access-token',
    provider: 'Pinterest',
    source: 'https://developers.pinterest.com/docs/getting-started/authentication-and-scopes/',
    prefixes: ['pina_AMA'],
    body: '[A-Z2-7]{80,120}',
  },
  {
    // Plain API keys: `plainApiKey_` and 43 base64url characters.
    kind: 'plain-api-key',
    provider: 'Plain',
    source: 'https://www.plain.com/docs/api-reference/authentication',
    prefixes: ['plainApiKey_'],
    body: '[A-Za-z0-9_-]{43}',
  },
  {
    // Personal API keys; project keys (`phc_`) are public by design and left out.
    kind: 'posthog-personal-api-key',
    provider: 'PostHog',
    source: 'https://posthog.com/docs/api/personal-api-keys',
    prefixes: ['phx_'],
    body: '[A-Za-z0-9_]{43,48}',
  },
  {
    kind: 'postman-api-key',
    provider: 'Postman',
    source: 'https://learning.postman.com/docs/developer/postman-api/authentication/',
    prefixes: ['PMAK-'],
    body: '[a-f0-9]{24}-[a-f0-9]{34}',
  },
  {
    // Private Packagist user (`packagist_uut_`), organization read (`packagist_ort_`) and update
    // (`packagist_out_`) tokens: 68 hex.
    kind: 'private-packagist-token',
    provider: 'Private Packagist',
    source: 'https://packagist.com/docs/composer-authentication#token-format',
    prefixes: ['packagist_uut_', 'packagist_ort_', 'packagist_out_'],
    body: '[a-f0-9]{68}',
  },
  {
    // Proxmox VE API tokens in the Authorization header: `USER@REALM!TOKENID=UUID`.
    kind: 'proxmox-api-token',
    provider: 'Proxmox VE',
    source: 'https://pve.proxmox.com/wiki/Proxmox_VE_API#API_Tokens',
    prefixes: ['PVEAPIToken='],
    body: '[A-Za-z0-9._-]{1,64}@[A-Za-z0-9._-]{1,64}![A-Za-z0-9._-]{1,64}=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  },
  {
    // Proxmox Backup Server API tokens: `USER@REALM!TOKENID:UUID`.
    kind: 'proxmox-api-token',
    provider: 'Proxmox Backup Server',
    source: 'https://pbs.proxmox.com/docs/user-management.html#api-tokens',
    prefixes: ['PBSAPIToken='],
    body: '[A-Za-z0-9._-]{1,64}@[A-Za-z0-9._-]{1,64}![A-Za-z0-9._-]{1,64}:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  },
  {
    kind: 'prefect-api-key',
    provider: 'Prefect',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/prefect.go',
    prefixes: ['pnu_'],
    body: '[A-Za-z0-9]{36}',
  },
  {
    // Publish keys (subscribe keys are meant for clients): `pub-c-` and a UUID.
    kind: 'pubnub-publish-key',
    provider: 'PubNub',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/pubnubpublishkey/pubnubpublishkey.go',
    prefixes: ['pub-c-'],
    body: '[0-9a-z]{8}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{12}',
  },
  {
    kind: 'pulumi-access-token',
    provider: 'Pulumi',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/pulumi.go',
    prefixes: ['pul-'],
    body: '[a-f0-9]{40}',
  },
  {
    // Write, read and API keys: `pylf_v1_<region>_` and 44 alphanumerics.
    kind: 'logfire-token',
    provider: 'Pydantic Logfire',
    source: 'https://logfire.pydantic.dev/docs/how-to-guides/create-write-tokens/',
    prefixes: ['pylf_v1_us_', 'pylf_v1_eu_'],
    body: '[A-Za-z0-9]{44}',
  },
  {
    // API tokens are macaroons: `pypi-` and the base64 of a v2 macaroon whose location is
    // `pypi.org`.
    kind: 'pypi-token',
    provider: 'PyPI',
    source: 'https://pypi.org/help/#apitoken',
    prefixes: ['pypi-AgEIcHlwaS5vcmc'],
    body: '[A-Za-z0-9_-]{50,}',
  },
  {
    // The same for TestPyPI: the macaroon's location is `test.pypi.org`.
    kind: 'pypi-token',
    provider: 'PyPI (TestPyPI)',
    source: 'https://test.pypi.org/help/#apitoken',
    prefixes: ['pypi-AgENdGVzdC5weXBpLm9yZw'],
    body: '[A-Za-z0-9_-]{50,}',
  },
  {
    // Secret keys; publishable keys (`prj_live_pk_`) are meant for clients.
    kind: 'radar-secret-key',
    provider: 'Radar',
    source: 'https://radar.com/documentation/api#authentication',
    prefixes: ['prj_live_sk_', 'prj_test_sk_'],
    body: '[a-f0-9]{40}',
  },
  {
    // Client secrets; client ids (`ramp_id_`) are not secrets.
    kind: 'ramp-client-secret',
    provider: 'Ramp',
    source: 'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/ramp/ramp.go',
    prefixes: ['ramp_sec_'],
    body: '[A-Za-z0-9]{48}',
  },
  {
    kind: 'readme-api-key',
    provider: 'ReadMe',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/readme.go',
    prefixes: ['rdme_'],
    body: '[a-z0-9]{70}',
  },
  {
    kind: 'recharge-api-token',
    provider: 'Recharge',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/rechargepayments/rechargepayments.go',
    prefixes: RECHARGE_PREFIXES,
    body: '[0-9a-fA-F]{64}',
  },
  {
    // Workflow API keys: `retool_wk_` and 32 hex.
    kind: 'retool-api-key',
    provider: 'Retool',
    source: 'https://docs.retool.com/workflows/guides/triggers/webhooks',
    prefixes: ['retool_wk_'],
    body: '[a-f0-9]{32}',
  },
  {
    // `rnd_` also starts identifiers (`rnd_seed`): random bodies only.
    kind: 'render-api-key',
    provider: 'Render',
    source: 'https://render.com/docs/api',
    prefixes: ['rnd_'],
    body: '[A-Za-z0-9]{24,32}',
    random: true,
  },
  {
    kind: 'replicate-api-token',
    provider: 'Replicate',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/replicate/replicate.go',
    prefixes: ['r8_'],
    body: '[A-Za-z0-9_-]{37}',
  },
  {
    // `re_`, an 8-character id, `_`, a 24-character secret; `re_` starts many identifiers.
    kind: 'resend-api-key',
    provider: 'Resend',
    source: 'https://resend.com/docs/dashboard/api-keys/introduction',
    prefixes: ['re_'],
    body: '[A-Za-z0-9]{8}_[A-Za-z0-9]{24}',
    random: true,
  },
  {
    // Riot Games developer and production API keys: `RGAPI-` and a UUID.
    kind: 'riot-games-api-key',
    provider: 'Riot Games',
    source: 'https://developer.riotgames.com/docs/portal',
    prefixes: ['RGAPI-'],
    body: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  },
  {
    kind: 'robinhood-crypto-api-key',
    provider: 'Robinhood Crypto',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/robinhoodcrypto/robinhoodcrypto.go',
    prefixes: ['rh-api-'],
    body: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
  },
  {
    kind: 'rubygems-api-key',
    provider: 'RubyGems',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/rubygems.go',
    prefixes: ['rubygems_'],
    body: '[a-f0-9]{48}',
  },
  {
    // RunPod API keys: `rpa_` and 46 letters and digits.
    kind: 'runpod-api-key',
    provider: 'RunPod',
    source: 'https://docs.runpod.io/get-started/api-keys',
    prefixes: ['rpa_'],
    body: '[A-Za-z0-9]{46}',
    random: true,
  },
];
