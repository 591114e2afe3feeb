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
    source: 'https://www.jetbrains.com/help/teamcity/configuring-your-user-profile.html',
    prefixes: ['eyJ0eXAiOiAiVENWMiJ9.'],
    body: '[A-Za-z0-9_-]{36}\\.[A-Za-z0-9_-]{48}',
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
    kind: 'together-api-key',
    provider: 'Together AI',
    source: 'https://docs.together.ai/reference/authentication-1',
    prefixes: ['tgp_v1_'],
    body: '[A-Za-z0-9_-]{43}',
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
    // Dialog manager (`VF.DM.`), workspace (`VF.WS.`) and older (`VF.`) API keys.
    kind: 'voiceflow-api-key',
    provider: 'Voiceflow',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/voiceflow/voiceflow.go',
    prefixes: ['VF.DM.', 'VF.WS.', 'VF.'],
    body: '[a-fA-F0-9]{24}\\.[A-Za-z0-9]{16}',
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
    kind: 'xai-api-key',
    provider: 'xAI',
    source: 'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/xai/xai.go',
    prefixes: ['xai-'],
    body: '[A-Za-z0-9_]{80}',
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
