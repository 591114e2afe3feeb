import type { ProviderFormat } from '../provider-format.js';

/**
 * Provider token formats, providers A to C (after the ones txpipe's token rules already know).
 * Each entry is one documented format: the literal start, then the alphabet and length that follow.
 */
export const researchAAC: readonly ProviderFormat[] = [
  {
    kind: 'adobe-client-secret',
    provider: 'Adobe',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/adobe.go',
    prefixes: ['p8e-'],
    body: '[A-Za-z0-9]{32}',
  },
  {
    // `pat` starts ordinary words (`path`, `pattern`): the body is exact and must look random.
    kind: 'airtable-token',
    provider: 'Airtable',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/airtable.go',
    prefixes: ['pat'],
    body: '[A-Za-z0-9]{14}\\.[a-f0-9]{64}',
    random: true,
  },
  {
    // EdgeGrid client and access tokens (and the API host): `akab-`, two groups of lower-case
    // letters and digits; the groups of the documented examples run 16-26 and 6-16 long.
    kind: 'akamai-edgegrid-token',
    provider: 'Akamai',
    source: 'https://techdocs.akamai.com/developer/docs/set-up-authentication-credentials',
    prefixes: ['akab-'],
    body: '[a-z0-9]{16,32}-[a-z0-9]{6,16}',
  },
  {
    kind: 'alibaba-access-key-id',
    provider: 'Alibaba Cloud',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/alibaba.go',
    prefixes: ['LTAI'],
    body: '[A-Za-z0-9]{12,20}',
  },
  {
    kind: 'amazon-oauth-client-secret',
    provider: 'Amazon (Login with Amazon)',
    source:
      'https://docs.github.com/en/code-security/reference/secret-security/supported-secret-scanning-patterns',
    prefixes: ['amzn1.oa2-cs.v1.'],
    body: '[a-f0-9]{64}',
  },
  {
    // "An alphanumeric code 350 characters or more", starting `Atza|`.
    kind: 'amazon-lwa-token',
    provider: 'Amazon (Login with Amazon)',
    source: 'https://developer.amazon.com/docs/login-with-amazon/access-token.html',
    prefixes: ['Atza|'],
    body: '[A-Za-z0-9_-]{100,}',
  },
  {
    // Refresh tokens have the access tokens' format and start `Atzr|`.
    kind: 'amazon-lwa-token',
    provider: 'Amazon (Login with Amazon)',
    source: 'https://developer.amazon.com/docs/login-with-amazon/refresh-token.html',
    prefixes: ['Atzr|'],
    body: '[A-Za-z0-9_-]{100,}',
  },
  {
    // Unique-ID prefixes: ABIA is an AWS STS service bearer token.
    kind: 'aws-access-key-id',
    provider: 'AWS',
    source:
      'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids',
    prefixes: ['ABIA'],
    body: '[A-Z2-7]{16}',
  },
  {
    // ACCA is a context-specific credential.
    kind: 'aws-access-key-id',
    provider: 'AWS',
    source:
      'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids',
    prefixes: ['ACCA'],
    body: '[A-Z2-7]{16}',
  },
  {
    // Long-term Amazon Bedrock API keys: `ABSK` and base64.
    kind: 'aws-bedrock-api-key',
    provider: 'AWS (Amazon Bedrock)',
    source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys-how.html',
    prefixes: ['ABSK'],
    body: '[A-Za-z0-9+/]{109,269}={0,2}',
  },
  {
    // Short-term keys: `bedrock-api-key-` and a base64 pre-signed URL of bedrock.amazonaws.com.
    kind: 'aws-bedrock-api-key',
    provider: 'AWS (Amazon Bedrock)',
    source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys-how.html',
    prefixes: ['bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t'],
    body: '[A-Za-z0-9+/]{20,}={0,2}',
  },
  {
    // AWS AppSync API keys: `da2-` and 26 lower-case letters and digits.
    kind: 'aws-appsync-api-key',
    provider: 'AWS (AppSync)',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/aws/appsync/appsync.go',
    prefixes: ['da2-'],
    body: '[a-z0-9]{26}',
  },
  {
    // A service client's access key: client id, key id, `acc_` account id, signature.
    // `sc_` and `ext_` start ordinary identifiers: the structured body must also look random.
    kind: 'authress-access-key',
    provider: 'Authress',
    source:
      'https://authress.io/knowledge-base/docs/authorization/service-clients/secrets-scanning/#1-detection',
    prefixes: ['sc_', 'ext_', 'scauth_', 'authress_'],
    body: '[A-Za-z0-9]{5,30}\\.[A-Za-z0-9]{4,6}\\.acc[_-][A-Za-z0-9-]{10,32}\\.[A-Za-z0-9+/_=-]{30,120}',
    random: true,
  },
  {
    // "The API token starts with xaat-": an advanced API token is `xaat-` and a UUID.
    kind: 'axiom-token',
    provider: 'Axiom',
    source: 'https://axiom.co/docs/reference/tokens',
    prefixes: ['xaat-'],
    body: '[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}',
  },
  {
    // Personal access tokens: `xapt-` and a UUID.
    kind: 'axiom-token',
    provider: 'Axiom',
    source: 'https://axiom.co/docs/reference/tokens',
    prefixes: ['xapt-'],
    body: '[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}',
  },
  {
    // Project and master API keys.
    kind: 'bannerbear-key',
    provider: 'Bannerbear',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/bannerbear/v2/bannerbear.go',
    prefixes: ['bb_pr_', 'bb_ma_'],
    body: '[a-f0-9]{30}',
  },
  {
    // Bitbucket Data Center HTTP access tokens.
    kind: 'bitbucket-data-center-token',
    provider: 'Bitbucket Data Center',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/atlassiandatacenter/bitbucketdatacenter/bitbucketdatacenter.go',
    prefixes: ['BBDC-'],
    body: '[A-Za-z0-9+/@_-]{40,50}',
  },
  {
    kind: 'brevo-api-key',
    provider: 'Brevo (Sendinblue)',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/sendinblue.go',
    prefixes: ['xkeysib-'],
    body: '[a-f0-9]{64}-[A-Za-z0-9]{16}',
  },
  {
    // SMTP keys have the API keys' shape under their own prefix.
    kind: 'brevo-smtp-key',
    provider: 'Brevo (Sendinblue)',
    source:
      'https://docs.github.com/en/code-security/reference/secret-security/supported-secret-scanning-patterns',
    prefixes: ['xsmtpsib-'],
    body: '[a-f0-9]{64}-[A-Za-z0-9]{16}',
  },
  {
    kind: 'buildkite-token',
    provider: 'Buildkite',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/buildkite/v2/buildkite.go',
    prefixes: ['bkua_'],
    body: '[a-z0-9]{40}',
  },
  {
    // Personal API tokens: `CCIPAT_`, 22 characters, `_`, 40 hex.
    kind: 'circleci-token',
    provider: 'CircleCI',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/circleci/v2/circleci.go',
    prefixes: ['CCIPAT_'],
    body: '[A-Za-z0-9]{22}_[a-fA-F0-9]{40}',
  },
  {
    // ClickHouse Cloud key secrets; `4b1d` also starts hex, so the body must look random.
    kind: 'clickhouse-cloud-key',
    provider: 'ClickHouse',
    source:
      'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/clickhouse.go',
    prefixes: ['4b1d'],
    body: '[A-Za-z0-9]{38}',
    random: true,
  },
  {
    kind: 'clojars-token',
    provider: 'Clojars',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/clojars.go',
    prefixes: ['CLOJARS_'],
    body: '[A-Za-z0-9]{60}',
  },
  {
    // CLOUDINARY_URL: `cloudinary://<api key>:<api secret>@<cloud name>`.
    kind: 'cloudinary-url',
    provider: 'Cloudinary',
    source: 'https://cloudinary.com/documentation/node_integration',
    prefixes: ['cloudinary://'],
    body: '[0-9]{6,20}:[A-Za-z0-9_-]{20,40}',
    suffix: '@',
  },
  {
    // The secret is `CCDB1_`, the 22-character key id, `_` and 40 characters.
    kind: 'cockroachdb-cloud-api-key',
    provider: 'CockroachDB Cloud',
    source:
      'https://github.com/cockroachdb/terraform-provider-cockroach/blob/main/internal/provider/api_key_resource.go',
    prefixes: ['CCDB1_'],
    body: '[A-Za-z0-9]{22}_[A-Za-z0-9]{40}',
  },
  {
    kind: 'contentful-token',
    provider: 'Contentful',
    source:
      'https://github.com/trufflesecurity/trufflehog/blob/main/pkg/detectors/contentfulpersonalaccesstoken/contentfulpersonalaccesstoken.go',
    prefixes: ['CFPAT-'],
    body: '[A-Za-z0-9_-]{43}',
  },
];
