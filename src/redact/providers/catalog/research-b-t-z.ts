import type { ProviderFormat } from '../provider-format.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Provider token formats, providers T to Z and digits (catalog share b). One entry per
 * documented format: the literal prefix, the alphabet and length of what follows, and where the
 * format is written down (the provider's docs, else its reference implementation or a public
 * scanner rule).
 */
export const RESEARCH_B_T_Z: readonly ProviderFormat[] = [
  {
    // Client secrets of 42's intranet API apps (user and app secrets).
    kind: 'intra42-client-secret',
    provider: '42 (Intra)',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/intra42.go',
    prefixes: ['s-s4t2ud-', 's-s4t2af-'],
    body: '[a-f0-9]{64}',
  },
  {
    // Access tokens: the base64 of `{"typ": "TCV2"}`, a 36-character part and the base64 of a
    // UUID (48 characters).
    kind: 'teamcity-token',
    provider: 'TeamCity (JetBrains)',
    source: 'https://www.jetbrains.com/help/teamcity/managing-your-user-account.html',
    prefixes: ['eyJ0eXAiOiAiVENWMiJ9.'],
    body: '[A-Za-z0-9_-]{36}\\.[A-Za-z0-9_-]{48}',
  },
  {
    // Tencent Cloud SecretIds: `AKID` and 32 alphanumerics.
    kind: 'tencent-cloud-secret-id',
    provider: 'Tencent Cloud',
    source:
      'https://docs.github.com/en/code-security/secret-scanning/introduction/supported-secret-scanning-patterns',
    prefixes: ['AKID'],
    body: '[A-Za-z0-9]{32}',
    random: true,
  },
  {
    // Teamwork (CRM, Desk, Spaces) API keys: `tkn.v1_`, 71 alphanumerics and a `=`.
    kind: 'teamwork-api-key',
    provider: 'Teamwork',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/teamworkcrm/teamworkcrm.go',
    prefixes: ['tkn.v1_'],
    body: '[A-Za-z0-9]{71}',
    suffix: '=',
  },
  {
    // API v2 keys: `KEY` and 55 characters; `KEY` starts ordinary names, so random bodies only.
    kind: 'telnyx-api-key',
    provider: 'Telnyx',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/telnyx/telnyx.go',
    prefixes: ['KEY'],
    body: '[A-Za-z0-9_-]{55}',
    random: true,
  },
  {
    // Tinybird tokens: `p.`, base64url JSON that starts `{"u": "`, `.`, a 43-character signature.
    kind: 'tinybird-token',
    provider: 'Tinybird',
    source: 'https://www.tinybird.co/docs/forward/administration/tokens',
    prefixes: ['p.eyJ1IjogI'],
    body: '[A-Za-z0-9_-]{20,400}\\.[A-Za-z0-9_-]{43}',
  },
  {
    kind: 'together-api-key',
    provider: 'Together AI',
    source: 'https://docs.together.ai/reference/authentication-1',
    prefixes: ['tgp_v1_'],
    body: '[A-Za-z0-9_-]{43}',
  },
  {
    kind: 'turbopuffer-api-key',
    provider: 'turbopuffer',
    source: 'https://turbopuffer.com/docs/auth',
    prefixes: ['tpuf_'],
    body: '[A-Za-z0-9]{32}',
  },
  {
    // Twelve Labs API keys: `tlk_` and 28 upper-case letters and digits.
    kind: 'twelvelabs-api-key',
    provider: 'Twelve Labs',
    source: 'https://docs.twelvelabs.io/',
    prefixes: ['tlk_'],
    body: '[A-Z0-9]{28}',
  },
  {
    // Personal access tokens.
    kind: 'typeform-token',
    provider: 'Typeform',
    source: 'https://www.typeform.com/developers/get-started/personal-access-token/',
    prefixes: ['tfp_'],
    body: '[A-Za-z0-9_.=-]{40,59}',
  },
  {
    kind: 'ubidots-token',
    provider: 'Ubidots',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/ubidots/ubidots.go',
    prefixes: ['BBFF-'],
    body: '[A-Za-z0-9]{30}',
  },
  {
    // Vectara query (`zqt_`) and index (`zwt_`) API keys.
    kind: 'vectara-api-key',
    provider: 'Vectara',
    source: 'https://docs.vectara.com/docs/api-keys',
    prefixes: ['zqt_', 'zwt_'],
    body: '[A-Za-z0-9_-]{38}',
    random: true,
  },
  {
    // UploadThing tokens: base64 JSON that starts `{"apiKey":` (the secret key, app id, regions).
    kind: 'uploadthing-token',
    provider: 'UploadThing',
    source: 'https://docs.uploadthing.com/getting-started/appdir',
    prefixes: ['eyJhcGlLZXkiOi'],
    body: '[A-Za-z0-9+/]{100,600}={0,2}',
  },
  {
    // Upstage API keys: `up_` and 29 alphanumerics; `up_` starts identifiers, so random bodies.
    kind: 'upstage-api-key',
    provider: 'Upstage',
    source: 'https://console.upstage.ai/docs/getting-started',
    prefixes: ['up_'],
    body: '[A-Za-z0-9]{29}',
    random: true,
  },
  {
    // Upstash QStash tokens: base64 JSON that starts `{"UserID":`.
    kind: 'upstash-qstash-token',
    provider: 'Upstash QStash',
    source: 'https://upstash.com/docs/qstash/overall/getstarted',
    prefixes: ['eyJVc2VySUQiOi'],
    body: '[A-Za-z0-9+/]{40,400}={0,2}',
  },
  {
    // QStash signing keys: `sig_` and 28 base58 characters; `sig_` starts other names too.
    kind: 'upstash-qstash-signing-key',
    provider: 'Upstash QStash',
    source: 'https://upstash.com/docs/qstash/howto/signature',
    prefixes: ['sig_'],
    body: '[1-9A-HJ-NP-Za-km-z]{28}',
    random: true,
  },
  {
    // Blob read-write tokens: `vercel_blob_rw_`, the 16-character store id, `_`, 30 characters.
    kind: 'vercel-blob-token',
    provider: 'Vercel Blob',
    source: 'https://vercel.com/docs/vercel-blob/using-blob-sdk',
    prefixes: ['vercel_blob_rw_'],
    body: '[A-Za-z0-9]{16}_[A-Za-z0-9]{30}',
  },
  {
    // Dialog manager (`VF.DM.`), workspace (`VF.WS.`) and older (`VF.`) API keys.
    kind: 'voiceflow-api-key',
    provider: 'Voiceflow',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/voiceflow/voiceflow.go',
    prefixes: ['VF.DM.', 'VF.WS.', 'VF.'],
    body: '[a-fA-F0-9]{24}\\.[A-Za-z0-9]{16}',
  },
  {
    // Voyage AI API keys: `pa-` and 43 base64url characters.
    kind: 'voyage-api-key',
    provider: 'Voyage AI',
    source: 'https://docs.voyageai.com/docs/api-key-and-installation',
    prefixes: ['pa-'],
    body: '[A-Za-z0-9_-]{43}',
    random: true,
  },
  {
    // Secret API keys: `waka_` and a UUID.
    kind: 'wakatime-api-key',
    provider: 'WakaTime',
    source: 'https://wakatime.com/developers#authentication',
    prefixes: ['waka_'],
    body: UUID,
  },
  {
    // Weights & Biases v1 API keys: `wandb_v1_`, 27 alphanumerics, `_`, 49 alphanumerics.
    kind: 'wandb-api-key',
    provider: 'Weights & Biases',
    source: 'https://docs.wandb.ai/guides/track/environment-variables/',
    prefixes: ['wandb_v1_'],
    body: '[A-Za-z0-9]{27}_[A-Za-z0-9]{49}',
  },
  {
    // Wix API keys: `IST.` and a signed JWT (header, payload, signature).
    kind: 'wix-api-key',
    provider: 'Wix',
    source: 'https://dev.wix.com/docs/rest/articles/get-started/api-keys',
    prefixes: ['IST.eyJ'],
    body: '[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{20,}',
  },
  {
    kind: 'xai-api-key',
    provider: 'xAI',
    source: 'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/xai/xai.go',
    prefixes: ['xai-'],
    body: '[A-Za-z0-9_]{80}',
  },
  {
    kind: 'xata-api-key',
    provider: 'Xata',
    source: 'https://xata.io/docs/getting-started/api-keys',
    prefixes: ['xau_'],
    body: '[A-Za-z0-9]{33}',
  },
  {
    // Secret API keys name their mode.
    kind: 'xendit-secret-key',
    provider: 'Xendit',
    source: 'https://docs.xendit.co/api-integration/api-keys/',
    prefixes: ['xnd_development_', 'xnd_production_'],
    body: '[A-Za-z0-9]{56,70}',
  },
  {
    // Yandex Cloud API keys.
    kind: 'yandex-api-key',
    provider: 'Yandex Cloud',
    source: 'https://yandex.cloud/en/docs/iam/concepts/authorization/api-key',
    prefixes: ['AQVN'],
    body: '[A-Za-z0-9_-]{35,38}',
  },
  {
    // Yandex Cloud IAM tokens: `t1.`, a base64url header, `.`, an 86-character signature.
    kind: 'yandex-iam-token',
    provider: 'Yandex Cloud',
    source: 'https://yandex.cloud/en/docs/iam/concepts/authorization/iam-token',
    prefixes: ['t1.'],
    body: '[A-Za-z0-9_-]{8,}={0,2}\\.[A-Za-z0-9_-]{86}={0,2}',
  },
  {
    // You.com API keys: `ydc-sk-`, 16 hex, `-`, 32 alphanumerics, `-`, 8 hex.
    kind: 'youcom-api-key',
    provider: 'You.com',
    source: 'https://documentation.you.com/get-started/quickstart',
    prefixes: ['ydc-sk-'],
    body: '[a-f0-9]{16}-[A-Za-z0-9]{32}-[a-f0-9]{8}',
  },
  {
    // Yandex OAuth tokens: `y0_` and base64url that starts `Ag` (55-58 characters after `y0_`).
    kind: 'yandex-oauth-token',
    provider: 'Yandex',
    source: 'https://yandex.cloud/en/docs/iam/concepts/authorization/oauth-token',
    prefixes: ['y0_Ag'],
    body: '[A-Za-z0-9_-]{50,60}',
  },
  {
    // Zoho OAuth access and refresh tokens: `1000.`, 32 hex, `.`, 32 hex.
    kind: 'zoho-oauth-token',
    provider: 'Zoho',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/zohocrm/zohocrm.go',
    prefixes: ['1000.'],
    body: '[a-f0-9]{32}\\.[a-f0-9]{32}',
  },
  {
    // API keys: `zpka_`, 32 hex, `_`, an 8-hex checksum.
    kind: 'zuplo-api-key',
    provider: 'Zuplo',
    source: 'https://zuplo.com/docs/articles/api-key-management',
    prefixes: ['zpka_'],
    body: '[a-f0-9]{32}_[a-f0-9]{8}',
  },
];
