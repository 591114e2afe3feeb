import type { ProviderFormat } from '../provider-format.js';

/**
 * Honeycomb writes its key prefixes as `hc` + a letter assigned at creation + the key type
 * (`ik_` ingest, `ic_` classic ingest): the literal starts are every letter of that place.
 */
const honeycombPrefixes = (type: string): readonly string[] =>
  [...'abcdefghijklmnopqrstuvwxyz'].map((letter) => `hc${letter}${type}`);

/**
 * Provider token formats, providers H to L (after the ones txpipe's token rules already know).
 * Each entry is one documented format: the literal start, then the alphabet and length that follow.
 */
export const researchAHL: readonly ProviderFormat[] = [
  {
    // Personal access tokens: `pat.`, account id, token id, secret.
    kind: 'harness-token',
    provider: 'Harness',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/harness.go',
    prefixes: ['pat.'],
    body: '[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}',
  },
  {
    // Service account tokens, the same three parts.
    kind: 'harness-token',
    provider: 'Harness',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/harness.go',
    prefixes: ['sat.'],
    body: '[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}',
  },
  {
    kind: 'heroku-api-key',
    provider: 'Heroku',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/heroku.go',
    prefixes: ['HRKU-AA'],
    body: '[A-Za-z0-9_-]{58}',
  },
  {
    // Ingest keys: 64 characters, the prefix and 58 lower-case letters and digits.
    kind: 'honeycomb-api-key',
    provider: 'Honeycomb',
    source: 'https://docs.honeycomb.io/api/authentication',
    prefixes: honeycombPrefixes('ik_'),
    body: '[a-z0-9]{58}',
  },
  {
    // Ingest keys of Honeycomb Classic environments, the same shape.
    kind: 'honeycomb-api-key',
    provider: 'Honeycomb',
    source: 'https://docs.honeycomb.io/api/authentication',
    prefixes: honeycombPrefixes('ic_'),
    body: '[a-z0-9]{58}',
  },
  {
    // Private app access tokens: `pat-`, the data-centre region, a UUID-shaped secret.
    kind: 'hubspot-token',
    provider: 'HubSpot',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/hubspot_apikey/v2/apikey.go',
    prefixes: ['pat-na1-', 'pat-eu1-'],
    body: '[A-Za-z0-9]{8}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{12}',
  },
  {
    // `ico-` also starts icon class names: the body must look random.
    kind: 'infracost-api-key',
    provider: 'Infracost',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/infracost.go',
    prefixes: ['ico-'],
    body: '[A-Za-z0-9]{32}',
    random: true,
  },
  {
    // "The signing key begins with signkey-": then the environment (`prod`, `test`, a branch
    // environment) and 64 hex.
    kind: 'inngest-signing-key',
    provider: 'Inngest',
    source: 'https://api-docs.inngest.com/authentication',
    prefixes: ['signkey-'],
    body: '[a-z]{3,12}-[a-f0-9]{64}',
  },
  {
    // 42 intranet application secrets.
    kind: 'intra42-client-secret',
    provider: 'Intra 42',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/intra42.go',
    prefixes: ['s-s4t2ud-', 's-s4t2af-'],
    body: '[a-f0-9]{64}',
  },
  {
    // `ion_` starts ordinary identifiers: the exact body must also look random.
    kind: 'ionic-token',
    provider: 'Ionic',
    source:
      'https://github.com/gitleaks/gitleaks/blob/93f292c3dfa2649ef91f8925b623e79546fa992e/config/gitleaks.toml',
    prefixes: ['ion_'],
    body: '[A-Za-z0-9]{42}',
    random: true,
  },
  {
    // Reference tokens are base64 of `reftkn…`: `cmVmdGtu` and 56 more characters.
    kind: 'artifactory-reference-token',
    provider: 'JFrog Artifactory',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/artifactoryreferencetoken/artifactoryreferencetoken.go',
    prefixes: ['cmVmdGtu'],
    body: '[A-Za-z0-9]{56}',
  },
  {
    // Konnect personal access tokens (`kpat_`) and system account access tokens (`spat_`).
    kind: 'kong-konnect-token',
    provider: 'Kong Konnect',
    source: 'https://developer.konghq.com/konnect-api',
    prefixes: ['kpat_', 'spat_'],
    body: '[A-Za-z0-9]{30,}',
  },
  {
    // Secret keys: `sk-lf-` and a UUID (`pk-lf-` public keys are not secret).
    kind: 'langfuse-secret-key',
    provider: 'Langfuse',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/langfuse/langfuse.go',
    prefixes: ['sk-lf-'],
    body: '[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}',
  },
  {
    // OAuth access tokens (`lin_api_` personal keys are in txpipe's token rules).
    kind: 'linear-key',
    provider: 'Linear',
    source:
      'https://docs.github.com/en/code-security/reference/secret-security/supported-secret-scanning-patterns',
    prefixes: ['lin_oauth_'],
    body: '[a-f0-9]{64}',
  },
  {
    // API keys are HS256 JWTs whose payload starts with the audience api.livestorm.co.
    kind: 'livestorm-api-key',
    provider: 'Livestorm',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/livestorm/livestorm.go',
    prefixes: ['eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJhcGkubGl2ZXN0b3JtLmNvIiwianRpIjoi'],
    body: '[A-Za-z0-9-]{134}\\.[A-Za-z0-9_-]{43}',
  },
];
