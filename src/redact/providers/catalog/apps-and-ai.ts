import type { ProviderFormat } from '../provider-format.js';

/** Application, monitoring and AI service tokens (issue 23's misses). */
export const APPS_AND_AI: readonly ProviderFormat[] = [
  // User tokens are `hf_` and 34 letters, no digit; organization API tokens (deprecated) alike.
  {
    kind: 'huggingface-token',
    provider: 'Hugging Face',
    source: 'https://huggingface.co/docs/hub/security-tokens',
    prefixes: ['hf_', 'api_org_'],
    body: '[A-Za-z]{34}',
    endsWord: true,
  },
  {
    kind: 'sentry-token',
    provider: 'Sentry',
    source: 'https://docs.sentry.io/account/auth-tokens/',
    prefixes: ['sntryu_'],
    body: '[a-f0-9]{64}',
  },
  // Organization tokens: base64 JSON (`eyJ…`), `_`, and a 43-character secret.
  {
    kind: 'sentry-token',
    provider: 'Sentry',
    source: 'https://docs.sentry.io/account/auth-tokens/',
    prefixes: ['sntrys_eyJ'],
    body: '[A-Za-z0-9+/=]{20,}_[A-Za-z0-9+/]{43}',
  },
  {
    kind: 'newrelic-key',
    provider: 'New Relic',
    source: 'https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/',
    prefixes: ['NRAK-'],
    body: '[A-Z0-9]{27}',
  },
  {
    kind: 'newrelic-key',
    provider: 'New Relic',
    source: 'https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/',
    prefixes: ['NRII-'],
    body: '[A-Za-z0-9_-]{25,32}',
  },
  {
    kind: 'newrelic-key',
    provider: 'New Relic',
    source: 'https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/',
    prefixes: ['NRJS-'],
    body: '[a-f0-9]{19}',
  },
  {
    kind: 'tavily-key',
    provider: 'Tavily',
    source: 'https://docs.tavily.com/documentation/api-reference/introduction',
    prefixes: ['tvly-'],
    body: '(?:dev-|prod-)?[A-Za-z0-9]{32}',
  },
  {
    kind: 'notion-token',
    provider: 'Notion',
    source: 'https://developers.notion.com/docs/authorization',
    prefixes: ['ntn_'],
    body: '[0-9]{11}[A-Za-z0-9]{35}',
  },
  // User and page access tokens; `EAA` also starts words, hence the length and `random`.
  {
    kind: 'facebook-token',
    provider: 'Meta (Facebook)',
    source: 'https://developers.facebook.com/docs/facebook-login/guides/access-tokens/',
    prefixes: ['EAA'],
    body: '[A-Za-z0-9]{100,}',
    random: true,
  },
];
