import type { ProviderFormat } from '../provider-format.js';

/**
 * Provider token formats, providers M to O (catalog share b). One entry per documented format:
 * the literal prefix, the alphabet and length of what follows, and where the format is written
 * down (the provider's docs, else its reference implementation or a public scanner rule).
 */
export const RESEARCH_B_M_O: readonly ProviderFormat[] = [
  {
    // Secret (`sk.`) and temporary (`tk.`) tokens: base64url JSON `{"u":"<user>",…}`, a dot and a
    // 22-character signature. Public `pk.` tokens are meant to be published and are left out.
    kind: 'mapbox-token',
    provider: 'Mapbox',
    source: 'https://docs.mapbox.com/help/glossary/access-token/',
    prefixes: ['sk.eyJ1Ijoi', 'tk.eyJ1Ijoi'],
    body: '[A-Za-z0-9_-]{20,400}\\.[A-Za-z0-9_-]{22}',
  },
  {
    // Mailchimp Transactional (Mandrill) API keys: `md-` and 22 base64url characters.
    kind: 'mandrill-api-key',
    provider: 'Mandrill (Mailchimp Transactional)',
    source: 'https://mailchimp.com/developer/transactional/guides/quick-start/',
    prefixes: ['md-'],
    body: '[A-Za-z0-9_-]{22}',
    random: true,
  },
  {
    // Synapse: `syt_<base64 localpart>_<20 letters>_<6 base62 CRC32>`; `syr_` for refresh tokens.
    kind: 'matrix-access-token',
    provider: 'Matrix (Synapse)',
    source: 'https://github.com/element-hq/synapse/blob/develop/synapse/handlers/auth.py',
    prefixes: ['syt_', 'syr_'],
    body: '[A-Za-z0-9_-]{1,255}_[A-Za-z]{20}_[0-9A-Za-z]{6}',
  },
  {
    // MAS: access `mat_`, refresh `mar_`, compat `mct_`/`mcr_`: 30 alphanumerics, `_`, 6 base62 CRC.
    kind: 'matrix-access-token',
    provider: 'Matrix Authentication Service',
    source:
      'https://github.com/element-hq/matrix-authentication-service/blob/main/crates/data-model/src/tokens.rs',
    prefixes: ['mat_', 'mar_', 'mct_', 'mcr_'],
    body: '[A-Za-z0-9]{30}_[0-9A-Za-z]{6}',
    random: true,
  },
  {
    kind: 'mailersend-api-token',
    provider: 'MailerSend',
    source: 'https://www.mailersend.com/help/managing-api-tokens',
    prefixes: ['mlsn.'],
    body: '[a-f0-9]{64}',
  },
  {
    kind: 'mem0-api-key',
    provider: 'Mem0',
    source: 'https://docs.mem0.ai/platform/quickstart',
    prefixes: ['m0-'],
    body: '[A-Za-z0-9]{40}',
    random: true,
  },
  {
    // API tokens: `secret-token:mercury_<environment>_`, a short scope, `_`, the secret, and
    // `_yrucrem` ("mercury" backwards) at the end.
    kind: 'mercury-api-token',
    provider: 'Mercury',
    source: 'https://docs.mercury.com/docs/getting-started',
    prefixes: ['secret-token:mercury_production_', 'secret-token:mercury_sandbox_'],
    body: '[a-z]{3,6}_[A-Za-z0-9]{40,50}',
    suffix: '_yrucrem',
  },
  {
    // Server keys; `Mid-client-` keys are public and left out.
    kind: 'midtrans-server-key',
    provider: 'Midtrans',
    source: 'https://docs.midtrans.com/docs/access-keys',
    // A sandbox key is `SB-` + a production key's shape: the `Mid-server-` prefix takes both (an
    // `SB-Mid-server-` prefix beside it would only take the same token again).
    prefixes: ['Mid-server-'],
    body: '[A-Za-z0-9_-]{24}',
  },
  {
    // Token secrets (`as-`); the paired token id (`ak-`) is not a secret.
    kind: 'modal-token-secret',
    provider: 'Modal',
    source: 'https://modal.com/docs/reference/modal.config',
    prefixes: ['as-'],
    body: '[A-Za-z0-9]{22}',
    random: true,
  },
  {
    // `live_` and `test_` also start ordinary identifiers: 30 random alphanumerics only.
    kind: 'mollie-api-key',
    provider: 'Mollie',
    source: 'https://docs.mollie.com/reference/authentication',
    prefixes: ['live_', 'test_'],
    body: '[A-Za-z0-9]{30}',
    random: true,
  },
  {
    // Mixedbread API keys: `mxb_` and 28 alphanumerics; `mxb_` starts other names too.
    kind: 'mixedbread-api-key',
    provider: 'Mixedbread',
    source: 'https://www.mixedbread.com/docs/quickstart',
    prefixes: ['mxb_'],
    body: '[A-Za-z0-9]{28}',
    random: true,
  },
  {
    // Atlas service account client secrets (the client id `mdb_sa_id_` is not a secret).
    kind: 'mongodb-atlas-service-account-secret',
    provider: 'MongoDB Atlas',
    source: 'https://www.mongodb.com/docs/atlas/api/service-accounts-overview/',
    prefixes: ['mdb_sa_sk_'],
    body: '[A-Za-z0-9_-]{40}',
  },
  {
    // Node-API functions start with `napi_` too; they hold `_`, a key is 64 lower-case alphanumerics.
    kind: 'neon-api-key',
    provider: 'Neon',
    source: 'https://neon.com/docs/manage/api-keys',
    prefixes: ['napi_'],
    body: '[a-z0-9]{64}',
  },
  {
    // NetBird personal access tokens: 30 base62 characters and a 6-character CRC32 checksum.
    kind: 'netbird-access-token',
    provider: 'NetBird',
    source:
      'https://github.com/netbirdio/netbird/blob/main/management/server/types/personal_access_token.go',
    prefixes: ['nbp_'],
    body: '[A-Za-z0-9]{36}',
  },
  {
    // Personal, CLI, OAuth, app and build tokens: 40 characters in all.
    kind: 'netlify-token',
    provider: 'Netlify',
    source:
      'https://answers.netlify.com/t/change-to-the-netlify-authentication-token-format/106146',
    prefixes: ['nfp_', 'nfc_', 'nfo_', 'nfu_', 'nfb_'],
    body: '[A-Za-z0-9_]{36}',
  },
  {
    kind: 'nightfall-api-key',
    provider: 'Nightfall',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/nightfall/nightfall.go',
    prefixes: ['NF-'],
    body: '[A-Za-z0-9]{32}',
  },
  {
    // Nomic Atlas API keys: `nk-` and 43 base64url characters.
    kind: 'nomic-api-key',
    provider: 'Nomic',
    source: 'https://docs.nomic.ai/atlas/introduction/quick-start',
    prefixes: ['nk-'],
    body: '[A-Za-z0-9_-]{43}',
    random: true,
  },
  {
    kind: 'nvidia-api-key',
    provider: 'NVIDIA',
    source: 'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/nvapi/nvapi.go',
    prefixes: ['nvapi-'],
    body: '[A-Za-z0-9_-]{64}',
  },
  {
    // Nylas v3 API keys.
    kind: 'nylas-api-key',
    provider: 'Nylas',
    source: 'https://developer.nylas.com/docs/v3/auth/',
    prefixes: ['nyk_v0_'],
    body: '[A-Za-z0-9]{64}',
  },
  {
    // REST API keys for apps and organizations: base32 (lower case and 2-7).
    kind: 'onesignal-api-key',
    provider: 'OneSignal',
    source: 'https://documentation.onesignal.com/docs/keys-and-ids',
    prefixes: ['os_v2_app_', 'os_v2_org_'],
    body: '[a-z2-7]{103}',
  },
  {
    kind: 'openrouter-key',
    provider: 'OpenRouter',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/openrouter/openrouter.go',
    prefixes: ['sk-or-v1-'],
    body: '[a-f0-9]{64}',
  },
  {
    kind: 'openpipe-api-key',
    provider: 'OpenPipe',
    source: 'https://docs.openpipe.ai/getting-started/openpipe-sdk',
    prefixes: ['opk_'],
    body: '[a-f0-9]{42}',
  },
  {
    // OpenShift 4 OAuth access tokens: `sha256~` and 43 base64url characters.
    kind: 'openshift-token',
    provider: 'OpenShift',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/openshift.go',
    prefixes: ['sha256~'],
    body: '[A-Za-z0-9_-]{43}',
  },
  {
    // Open VSX access tokens: `ovsxat_` and a UUID (older) or 256 random bits in base64url.
    kind: 'openvsx-access-token',
    provider: 'Open VSX',
    source: 'https://github.com/eclipse/openvsx/wiki/Publishing-Extensions',
    prefixes: ['ovsxat_'],
    body: '(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{43})',
  },
  {
    // Ory Network project API keys.
    kind: 'ory-api-key',
    provider: 'Ory',
    source: 'https://www.ory.sh/docs/concepts/personal-access-token',
    prefixes: ['ory_pat_'],
    body: '[A-Za-z0-9]{32}',
  },
  {
    // Ory OAuth2 (Hydra) access, refresh and authorization-code tokens: `<key>.<HMAC signature>`.
    kind: 'ory-oauth2-token',
    provider: 'Ory',
    source: 'https://www.ory.sh/docs/hydra/security-architecture#token-prefixes',
    prefixes: ['ory_at_', 'ory_rt_', 'ory_ac_'],
    body: '[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{43}',
  },
  {
    // Ory (Kratos) session tokens: `ory_st_` and 32 alphanumerics.
    kind: 'ory-session-token',
    provider: 'Ory',
    source: 'https://www.ory.sh/docs/kratos/self-service/flows/user-login',
    prefixes: ['ory_st_'],
    body: '[A-Za-z0-9]{32}',
  },
  {
    // Outline API keys: `ol_api_` and 38 alphanumerics.
    kind: 'outline-api-key',
    provider: 'Outline',
    source: 'https://www.getoutline.com/developers#section/Authentication',
    prefixes: ['ol_api_'],
    body: '[A-Za-z0-9]{38}',
  },
];
