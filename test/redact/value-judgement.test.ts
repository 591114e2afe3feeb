import { beforeAll, describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/redact/redactor.js';
import { ensureBuilt } from '../shared.js';
import { redactRowsByCli, type Row } from './syntax-table.js';

// Issue 23, "how values are judged" (docs/commands/redact.md): a value in a credential's place
// that is a reference, an expression, a placeholder, empty, a type, a format string, an
// encrypted value or an identifier is never a secret; it is written back byte for byte, and a
// replacement keeps the syntax around it (quotes, brackets, the `)` of a call).
const UUID = '9f1c2d3e-4b5a-6789-abcd-ef0123456789';
const SECRET = 'Zq8vR2mK9xL4pW7nB3tY6hJ1';
const R = '[redacted]';

const kept = (what: string, input: string): Row => [what, input, input];

export const VALUE_ROWS: readonly Row[] = [
  // shell references and expansions (POSIX Shell Command Language, 2.6 Word Expansions)
  kept('curl -u with references only', 'curl -u "$USER:$PASS" https://x'),
  kept(
    'curl --user with Actions expressions',
    'curl --user "${{ secrets.X }}:${{ secrets.Y }}" https://x',
  ),
  kept(
    'curl --user with command substitutions',
    'curl --user "$(pass show a):$(pass show b)" https://x',
  ),
  kept('a default expansion', 'TOKEN=${TOKEN:-default}'),
  kept('an assigning expansion', 'PASSWORD=${VAR:=$2}'),
  kept('mysql -p and a variable', 'mysql -uroot -p$MYSQL_ROOT_PASSWORD db'),
  kept('backticks', 'GITHUB_TOKEN=`gh auth token`'),
  kept('a cmd.exe variable as a flag value', 'nuget sources add -Password %NUGET_PASSWORD%'),
  kept('a cmd.exe variable assigned', 'set PASSWORD=%NUGET_PASSWORD%'),
  // templates (Helm / Go text/template, Jinja)
  kept('a Helm value', 'password: {{ .Values.password }}'),
  kept('a quoted Helm value', 'password: "{{ .Values.password }}"'),
  // code: property paths, calls, types, f-strings, format strings, regex literals
  kept('a Terraform variable', 'password = var.db_password'),
  kept('an f-string after a scheme', 'headers = {"Authorization": f\'Bearer {token}\'}'),
  kept('an f-string of fields', 'token = f"{prefix}{suffix}"'),
  kept('a printf verb', 'password = "%s"'),
  kept('a named printf field', 'password = "%(password)s"'),
  kept('an empty format field', 'password = "{}"'),
  kept('a named format field', 'token = "{token}"'),
  kept('a prompt: the call and its `)` kept', "password = input('Password: ')"),
  kept('getpass', "password = getpass.getpass('Password: ')"),
  kept('a type annotation', 'token: Optional[str] = None'),
  kept('a union type annotation', '    api_key: str | None = None'),
  kept('a regex literal', 'const token = /^[A-Za-z0-9]{32}$/;'),
  // empty, encrypted
  kept("an empty YAML value ('')", "  password: ''"),
  kept('an empty YAML value ("")', '  password: ""'),
  kept(
    'a SOPS value, whole',
    'password: ENC[AES256_GCM,data:Tr7o1BqLQ==,iv:1Zx9=,tag:2w9Q==,type:str]',
  ),
  kept(
    'a Vault transit ciphertext',
    'password: vault:v1:8SDd3WHDOjf7mq69CyCqYjBXAiQQAVZRkFM13ok481zoCmHnSeDX9vyf7w==',
  ),
  kept(
    'a Kubernetes Secret: empty values and a SOPS value',
    'kind: Secret\ndata:\n  password: \'\'\n  token: ""\n  key: ENC[AES256_GCM,data:Tr7o1BqLQ==,iv:1Zx9=,tag:2w9Q==,type:str]\n',
  ),
  kept('a token prefix alone', '  contentful_access_token: "CFPAT-"'),
  kept('a token prefix alone, unquoted', 'GITHUB_TOKEN=ghp_'),
  kept(
    'an Ansible Vault value',
    '  password: !vault |\n    $ANSIBLE_VAULT;1.1;AES256\n    6638643965323633646262656665306333616466396630323136393465356136',
  ),
  kept('a scheme alone, concatenated', '"token": "Bearer " + token'),
  kept('mysql -p and a quoted variable', 'mysql -u root -p"$DB_PASS" db'),
  // identifiers and names of secrets
  kept(
    'ExternalSecret remoteRef fields',
    '      remoteRef:\n        key: prod/db-password\n        property: password\n        conversionStrategy: Default',
  ),
  kept(
    'an ExternalSecret secretKey',
    '    - secretKey: api-key\n      remoteRef:\n        key: my-secret',
  ),
  kept(
    'a Jenkins credentialsId',
    `withCredentials([string(credentialsId: '${UUID}', variable: 'TOKEN')])`,
  ),
  kept('a Jenkins credentialsId in YAML', `credentialsId: ${UUID}`),
  kept('a .NET UserSecretsId', `<UserSecretsId>${UUID}</UserSecretsId>`),
  kept('an id naming credentials', 'CREDENTIALS_ID = "K8S_CRED"'),
  kept(
    'Maven coordinates',
    '<artifactId>spring-security-oauth2-client</artifactId> org.springframework.security:spring-security-crypto:6.2.1',
  ),
  // prose after a scheme word
  kept('prose: basic configuration', 'omit arguments entirely for basic configuration.'),
  kept('prose: Basic authentication', 'Use Basic authentication.'),
  // a replacement keeps the syntax around it
  kept('references in quotes keep every quote', '"${username}":"${password}"'),
  ['a quoted value keeps its quotes', `password = '${SECRET}'`, `password = '${R}'`],
  [
    'an unquoted value stops at `;`',
    `export DB_PASSWORD=${SECRET}; echo ok`,
    `export DB_PASSWORD=${R}; echo ok`,
  ],
  // names, identifiers and prompts in a credential's place (issue 23's tuning look-alikes)
  kept(
    'a Jenkins passwordVariable names a variable',
    "withCredentials([usernamePassword(credentialsId: 'a07a1fa0-fda9-454c-8d06-5a9a4d2f02d1', usernameVariable: 'U', passwordVariable: 'PASSWORD')]) {",
  ),
  kept('a WebAuthn credentialId', '  "credentialId": "B9mTcFSck2LzJO2S3ols63",'),
  kept('a public key', 'public_key = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit"'),
  kept('a public token', 'publicToken = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit"'),
  kept('a Next.js public variable', `NEXT_PUBLIC_API_KEY=${SECRET}`),
  [
    'near miss: a private key under its name',
    'private_key = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit"',
    `private_key = "${R}"`,
  ],
  kept('Maven coordinates', 'implementation "io.jsonwebtoken:jjwt-api:0.12.5"'),
  kept('Maven coordinates under a name', 'token_lib = "io.jsonwebtoken:jjwt-impl:0.12.6"'),
  kept(
    "a Rust path's call",
    'let api_key = std::env::var("API_KEY").expect("API_KEY must be set");',
  ),
  ['near miss: a Rust literal', `let api_key = "${SECRET}";`, `let api_key = "${R}";`],
  kept('a psql variable', "CREATE ROLE app LOGIN PASSWORD :'app_password';"),
  kept('a prompt, then the variable', 'read -rsp "Password: " PASSWORD && echo'),
  kept(
    "a lookup's terms inside a template",
    "password: \"{{ lookup('hashi_vault', 'secret=secret/data/app:password') }}\"",
  ),
  kept(
    'an AWS --secret-id names the secret',
    'aws secretsmanager get-secret-value --secret-id prod/db',
  ),
  [
    "near miss: Vault's secret_id is the credential",
    `vault write auth/approle/login role_id=app secret_id=${SECRET}`,
    `vault write auth/approle/login role_id=app secret_id=${R}`,
  ],
  kept('the name as its value', 'access_token=ACCESS_TOKEN'),
  ['near miss: words under a name', 'DOCKER_TOKEN=not_a_real_token', `DOCKER_TOKEN=${R}`],
  kept('curl -u with the user as password', "curl -i -u 'test:test' https://x"),
  kept('curl -u <user:password>', 'curl -u <user:password> https://x'),
  kept('curl --user with a bracketed placeholder', 'curl --user neo4j:[PASSWORD] http://x'),
  kept('curl --user user:pass', 'curl --user user:pass http://x'),
  kept('curl --user "username:password"', 'curl --user "username:password" http://x'),
  [
    'near miss: curl --user with a password',
    `curl --user admin:${SECRET} http://x`,
    `curl --user admin:${R} http://x`,
  ],
  [
    'near miss: user:pass in a URL (secretlint labels it a credential)',
    'https://user:pass@example.com',
    `https://user:${R}@example.com`,
  ],
  kept("GitHub Actions' id-token permission", 'permissions:\n  id-token: write\n  contents: read'),
  [
    'near miss: an OIDC ID token under its name',
    'id_token: eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlMTIz',
    `id_token: ${R}`,
  ],
  // Facebook's app access token, appid|secret: near misses kept
  kept('near miss: a 14-digit id', 'use 12345678901234|3f9a1c0b7d2e4f6a8b0c1d2e3f4a5b6c now'),
  kept('near miss: 31 hex', 'use 123456789012345|3f9a1c0b7d2e4f6a8b0c1d2e3f4a5b6 now'),
  kept('near miss: a table row', '| 123456789012345 | 3f9a1c0b7d2e4f6a8b0c1d2e3f4a5b6c |'),
  // opaque keys in context: public by format or by the name before them
  kept(
    'an age recipient in a SOPS file',
    'sops:\n    age:\n        - recipient: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p',
  ),
  kept(
    'an opaque run under a fingerprint',
    'fingerprint: qye6c979b55w55hz7nqrdgax3pufdsigwvhofsrxalgk01asty',
  ),
  [
    'near miss: an opaque key in prose',
    'the key is qye6c979b55w55hz7nqrdgax3pufdsigwvhofsrxalgk01asty ok',
    `the key is ${R} ok`,
  ],
  // a hex token as a URL's user (GitHub: clone with https://TOKEN@github.com/…)
  [
    'a 40-hex token as a URL user',
    'git clone https://deba5e58aaf342696e0072e75b8d2d0eac573f29@github.com/acme/infra.git',
    `git clone https://${R}@github.com/acme/infra.git`,
  ],
  kept('near miss: a short hex user', 'https://deadbeef1234@host/x'),
  kept('near miss: git@', 'git clone https://git@github.com/acme/infra.git'),
  [
    'a value beside a reference still goes',
    `curl -u "$USER:${SECRET}" x`,
    `curl -u "$USER:${R}" x`,
  ],
];

describe('values that are not secrets are kept; replacements keep their syntax (rules)', () => {
  it.each(VALUE_ROWS)('%s', (_what, input, want) => {
    expect(createRedactor().text(input)).toBe(want);
  });
});

describe('the same through the built CLI, in a session line (prescan first)', () => {
  let out: string[] = [];
  beforeAll(() => {
    ensureBuilt();
    out = redactRowsByCli(VALUE_ROWS);
  });
  it.each(VALUE_ROWS.map((row, i) => [row[0], i, row[2]] as const))('%s', (_what, i, want) => {
    expect(out[i]).toBe(want);
  });
});

describe('a value under a secret JSON key is judged the same way', () => {
  it.each([
    ['an Actions expression', { password: '${{ secrets.DB }}:${{ secrets.DB2 }}' }],
    ['a Helm template', { password: '{{ .Values.password }}' }],
    ['a format field', { token: '{token}' }],
    ['a SOPS value', { password: 'ENC[AES256_GCM,data:Tr7o1BqLQ==,iv:1Zx9=,tag:2w9Q==,type:str]' }],
  ])('%s', (_what, value) => {
    expect(createRedactor().value(value)).toEqual(value);
  });
});
