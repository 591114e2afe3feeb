import type { ProviderFormat } from '../provider-format.js';

/** Secret managers, registries, key files and developer infrastructure (issue 23's misses). */
export const SECRETS_AND_INFRA: readonly ProviderFormat[] = [
  {
    kind: 'dockerhub-token',
    provider: 'Docker Hub',
    source: 'https://docs.docker.com/security/for-developers/access-tokens/',
    prefixes: ['dckr_pat_'],
    body: '[A-Za-z0-9_-]{27,}',
  },
  {
    kind: 'dockerhub-token',
    provider: 'Docker Hub',
    source: 'https://docs.docker.com/security/for-admins/access-tokens/',
    prefixes: ['dckr_oat_'],
    body: '[A-Za-z0-9_-]{32,}',
  },
  // Personal, CLI, service-account, SCIM and audit tokens; service tokens may name their config.
  {
    kind: 'doppler-token',
    provider: 'Doppler',
    source: 'https://docs.doppler.com/reference/api',
    prefixes: ['dp.pt.', 'dp.ct.', 'dp.sa.', 'dp.scim.', 'dp.audit.'],
    body: '[A-Za-z0-9]{40,44}',
  },
  {
    kind: 'doppler-token',
    provider: 'Doppler',
    source: 'https://docs.doppler.com/docs/service-tokens',
    prefixes: ['dp.st.'],
    body: '(?:[a-z0-9_-]{2,35}\\.)?[A-Za-z0-9]{40,44}',
  },
  // Names such as `odt_export_configuration_…` start so too: a key holds a digit.
  {
    kind: 'dependency-track-key',
    provider: 'OWASP Dependency-Track',
    source: 'https://docs.dependencytrack.org/integrations/rest-api/',
    prefixes: ['odt_'],
    body: '[A-Za-z0-9_]{32,}',
    digit: true,
  },
  {
    kind: 'sourcegraph-token',
    provider: 'Sourcegraph',
    source: 'https://sourcegraph.com/docs/cli/how-tos/creating_an_access_token',
    prefixes: ['sgp_'],
    body: '(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}',
  },
  // Service, batch and recovery tokens.
  {
    kind: 'vault-token',
    provider: 'HashiCorp Vault',
    source: 'https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes',
    prefixes: ['hvs.', 'hvr.'],
    body: '[A-Za-z0-9_-]{24,}',
  },
  {
    kind: 'vault-token',
    provider: 'HashiCorp Vault',
    source: 'https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes',
    prefixes: ['hvb.'],
    body: '[A-Za-z0-9_.-]{24,}',
  },
  {
    kind: '1password-secret-key',
    provider: '1Password',
    source: 'https://support.1password.com/secret-key/',
    prefixes: ['A3-'],
    body: '[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}',
  },
  // Bech32, upper case: 32 key bytes in 52 characters, a checksum in 6.
  {
    kind: 'age-secret-key',
    provider: 'age',
    source: 'https://age-encryption.org/v1',
    prefixes: ['AGE-SECRET-KEY-1'],
    body: '[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}',
  },
  {
    kind: 'cloudflare-origin-ca-key',
    provider: 'Cloudflare',
    source: 'https://developers.cloudflare.com/fundamentals/api/get-started/ca-keys/',
    prefixes: ['v1.0-'],
    body: '[a-f0-9]{24}-[a-f0-9]{146}',
  },
];
