import type { ProviderFormat } from '../provider-format.js';

/** Where GitLab lists the prefix of every token it issues. */
const GITLAB_PREFIXES = 'https://docs.gitlab.com/ee/security/tokens/index.html#token-prefixes';

/**
 * GitLab's token formats beyond the personal access token txpipe's token rules know (`glpat-`).
 * Newer tokens are routable: a longer base64 payload, then `.` and nine characters; the bodies
 * below take the documented minimum length and any longer run.
 */
export const researchAGitLab: readonly ProviderFormat[] = [
  {
    // A routable personal access token: the part after the `.` is kept by the plain `glpat-` rule.
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glpat-'],
    body: '[A-Za-z0-9_-]{27,300}',
    suffix: '\\.[a-z0-9]{9}',
  },
  {
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['gloas-'],
    body: '[A-Za-z0-9_-]{64,}',
  },
  {
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['gldt-'],
    body: '[A-Za-z0-9_-]{20,}',
  },
  {
    // Runner authentication tokens (`glrt-t1_…` when routable).
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glrt-'],
    body: '[A-Za-z0-9_-]{20,}',
  },
  {
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glrt-t'],
    body: '[0-9]_[A-Za-z0-9_-]{27,300}',
    suffix: '\\.[a-z0-9]{9}',
  },
  {
    // Runner registration tokens (deprecated).
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['GR1348941'],
    body: '[A-Za-z0-9_-]{20,}',
  },
  {
    // CI/CD job tokens: `glcbt-`, a short partition id, `_`, the token.
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glcbt-'],
    body: '[A-Za-z0-9]{1,5}_[A-Za-z0-9_-]{20,}',
  },
  {
    // Pipeline trigger tokens.
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glptt-'],
    body: '[a-f0-9]{40}',
  },
  {
    // Feed tokens.
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glft-'],
    body: '[A-Za-z0-9_-]{20,}',
  },
  {
    // Incoming mail tokens.
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glimt-'],
    body: '[A-Za-z0-9_-]{25,}',
  },
  {
    // Agent for Kubernetes tokens.
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glagent-'],
    body: '[A-Za-z0-9_-]{50,}',
  },
  {
    // SCIM tokens.
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glsoat-'],
    body: '[A-Za-z0-9_-]{20,}',
  },
  {
    // Feature flags client tokens.
    kind: 'gitlab-token',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['glffct-'],
    body: '[A-Za-z0-9_-]{20,}',
  },
  {
    kind: 'gitlab-session-cookie',
    provider: 'GitLab',
    source: GITLAB_PREFIXES,
    prefixes: ['_gitlab_session='],
    body: '[a-z0-9]{32}',
  },
];
