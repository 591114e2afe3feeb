import type { ProviderFormat } from '../provider-format.js';

/**
 * Provider token formats, providers D to G (after the ones txpipe's token rules already know).
 * Each entry is one documented format: the literal start, then the alphabet and length that follow.
 */
export const researchADG: readonly ProviderFormat[] = [
  {
    // Astra application tokens: `AstraCS:`, the 24-character client id, `:`, a 64-hex secret.
    kind: 'datastax-astra-token',
    provider: 'DataStax Astra',
    source: 'https://docs.datastax.com/en/astra-cli/manage-cli.html',
    prefixes: ['AstraCS:'],
    body: '[A-Za-z0-9]{24}:[a-f0-9]{64}',
  },
  {
    kind: 'defined-networking-token',
    provider: 'Defined Networking',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/definednetworking.go',
    prefixes: ['dnkey-'],
    body: '[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}',
  },
  {
    // Deno Deploy personal access tokens.
    kind: 'deno-deploy-token',
    provider: 'Deno Deploy',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/deno/denodeploy.go',
    prefixes: ['ddp_'],
    body: '[A-Za-z0-9]{36}',
  },
  {
    // Deno Deploy organization tokens.
    kind: 'deno-deploy-token',
    provider: 'Deno Deploy',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/deno/denodeploy.go',
    prefixes: ['ddw_'],
    body: '[A-Za-z0-9]{36}',
  },
  {
    // Organization access tokens (`dckr_pat_` personal tokens are listed elsewhere).
    kind: 'docker-hub-token',
    provider: 'Docker Hub',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/dockerhub/v2/dockerhub.go',
    prefixes: ['dckr_oat_'],
    body: '[A-Za-z0-9_-]{32}',
  },
  {
    // DOTENV_KEY: `dotenv://:key_<64 hex>@dotenv.org/vault/.env.vault?environment=…`.
    kind: 'dotenv-vault-key',
    provider: 'Dotenv Vault',
    source: 'https://github.com/motdotla/dotenv',
    prefixes: ['dotenv://:key_'],
    body: '[a-f0-9]{64}',
  },
  {
    // Workspace API keys, `dub_` and a random body (`dub_pk_` publishable keys are public).
    // `dub_` also starts identifiers: the body must look random.
    kind: 'dub-api-key',
    provider: 'Dub',
    source: 'https://dub.co/docs/api-reference/tokens',
    prefixes: ['dub_'],
    body: '[A-Za-z0-9]{24,}',
    random: true,
  },
  {
    // Short-lived access tokens; `sl.` is short and common, so the long body must look random.
    kind: 'dropbox-token',
    provider: 'Dropbox',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/dropbox/dropbox.go',
    prefixes: ['sl.'],
    body: '(?:u\\.)?[A-Za-z0-9_-]{130,}',
    random: true,
  },
  {
    kind: 'duffel-token',
    provider: 'Duffel',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/duffel.go',
    prefixes: ['duffel_test_'],
    body: '[A-Za-z0-9_=-]{43}',
  },
  {
    kind: 'duffel-token',
    provider: 'Duffel',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/duffel.go',
    prefixes: ['duffel_live_'],
    body: '[A-Za-z0-9_=-]{43}',
  },
  {
    // `dt0c01.`, a 24-character public part, `.`, a 64-character secret part.
    kind: 'dynatrace-token',
    provider: 'Dynatrace',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/dynatrace.go',
    prefixes: ['dt0c01.'],
    body: '[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}',
  },
  {
    // The SDKs check the format: `e2b_` followed by 40 hex.
    kind: 'e2b-api-key',
    provider: 'E2B',
    source: 'https://e2b.dev/docs/api-key',
    prefixes: ['e2b_'],
    body: '[a-f0-9]{40}',
  },
  {
    // Production API keys.
    kind: 'easypost-api-key',
    provider: 'EasyPost',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/easypost.go',
    prefixes: ['EZAK'],
    body: '[A-Za-z0-9]{54}',
  },
  {
    // Test API keys.
    kind: 'easypost-api-key',
    provider: 'EasyPost',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/easypost.go',
    prefixes: ['EZTK'],
    body: '[A-Za-z0-9]{54}',
  },
  {
    kind: 'endor-labs-key',
    provider: 'Endor Labs',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/endorlabs/endorlabs.go',
    prefixes: ['endr+'],
    body: '[A-Za-z0-9-]{16}',
  },
  {
    // Personal access tokens: `figd_` and 40 or more URL-safe characters.
    kind: 'figma-token',
    provider: 'Figma',
    source:
      'https://github.com/secretlint/secretlint/blob/master/packages/%40secretlint/secretlint-rule-figma/README.md',
    prefixes: ['figd_'],
    body: '[A-Za-z0-9_-]{40,}',
  },
  {
    kind: 'figma-token',
    provider: 'Figma',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/figmapersonalaccesstoken/v3/figmapersonalaccesstoken.go',
    prefixes: ['figp_'],
    body: '[A-Za-z0-9_=-]{40,54}',
  },
  {
    // API keys are sent as `Bearer fc-…`; `fc-` also starts CSS class names, so the body is exact.
    kind: 'firecrawl-api-key',
    provider: 'Firecrawl',
    source: 'https://docs.firecrawl.dev/authentication',
    prefixes: ['fc-'],
    body: '[a-f0-9]{32}',
  },
  {
    kind: 'fleetbase-key',
    provider: 'Fleetbase',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/fleetbase/fleetbase.go',
    prefixes: ['flb_live_'],
    body: '[A-Za-z0-9]{20}',
  },
  {
    kind: 'flexport-key',
    provider: 'Flexport',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/flexport/flexport.go',
    prefixes: ['shltm_'],
    body: '[A-Za-z0-9_-]{40}',
  },
  {
    // Live secret keys: `FLWSECK-`, 32 characters, `-X`.
    kind: 'flutterwave-secret-key',
    provider: 'Flutterwave',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/flutterwave/flutterwave.go',
    prefixes: ['FLWSECK-'],
    body: '[a-z0-9]{32}',
    suffix: '-X',
  },
  {
    // Test-mode secret keys.
    kind: 'flutterwave-secret-key',
    provider: 'Flutterwave',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/flutterwave.go',
    prefixes: ['FLWSECK_TEST-'],
    body: '[a-z0-9]{32}',
    suffix: '-X',
  },
  {
    // Test-mode encryption keys: `FLWSECK_TEST` glued to 12 hex.
    kind: 'flutterwave-encryption-key',
    provider: 'Flutterwave',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/flutterwave.go',
    prefixes: ['FLWSECK_TEST'],
    body: '[a-f0-9]{12}',
  },
  {
    // Legacy personal tokens: `fo1_` and 43 URL-safe characters.
    kind: 'flyio-token',
    provider: 'Fly.io',
    source: 'https://fly.io/docs/security/tokens/',
    prefixes: ['fo1_'],
    body: '[A-Za-z0-9_-]{43}',
  },
  {
    // Macaroon tokens (`fm1a_`, `fm1r_`, `fm2_`), without the `FlyV1 ` scheme; a token list
    // joins several with commas, each matched on its own.
    kind: 'flyio-token',
    provider: 'Fly.io',
    source: 'https://fly.io/docs/security/tokens/',
    prefixes: ['fm1a_', 'fm1r_', 'fm2_'],
    body: '[A-Za-z0-9+/]{100,}={0,3}',
  },
  {
    kind: 'frameio-token',
    provider: 'Frame.io',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/frameio.go',
    prefixes: ['fio-u-'],
    body: '[A-Za-z0-9_=-]{64}',
  },
  {
    // Region `na1.` and 100 base64 characters; the short prefix asks for a random body.
    kind: 'fullstory-api-key',
    provider: 'FullStory',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/fullstory/v2/fullstory_v2.go',
    prefixes: ['na1.'],
    body: '[A-Za-z0-9+/]{100}',
    random: true,
  },
  {
    kind: 'google-oauth-client-secret',
    provider: 'Google',
    source:
      'https://docs.github.com/en/code-security/reference/secret-security/supported-secret-scanning-patterns',
    prefixes: ['GOCSPX-'],
    body: '[A-Za-z0-9_-]{28}',
  },
  {
    kind: 'google-oauth-access-token',
    provider: 'Google',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/googleoauth2/googleoauth2_access_token.go',
    prefixes: ['ya29.'],
    body: '[A-Za-z0-9_-]{50,}',
  },
  {
    // OAuth refresh tokens, `1//` and a long URL-safe body; the short prefix asks for a random one.
    kind: 'google-oauth-refresh-token',
    provider: 'Google',
    source:
      'https://docs.github.com/en/code-security/reference/secret-security/supported-secret-scanning-patterns',
    prefixes: ['1//'],
    body: '[A-Za-z0-9_-]{60,}',
    random: true,
  },
  {
    // Cloud Storage HMAC access IDs of service accounts: 61 characters starting `GOOG1`.
    kind: 'google-cloud-storage-hmac-id',
    provider: 'Google Cloud Storage',
    source: 'https://cloud.google.com/storage/docs/authentication/hmackeys',
    prefixes: ['GOOG1'],
    body: '[A-Z0-9]{56}',
  },
  {
    // Legacy API keys: base64 of `{"k":"`.
    kind: 'grafana-token',
    provider: 'Grafana',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/grafana.go',
    prefixes: ['eyJrIjoi'],
    body: '[A-Za-z0-9]{70,400}={0,3}',
  },
  {
    kind: 'groq-api-key',
    provider: 'Groq',
    source: 'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/groq/groq.go',
    prefixes: ['gsk_'],
    body: '[A-Za-z0-9]{52}',
  },
];
