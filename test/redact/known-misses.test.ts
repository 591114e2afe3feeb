import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/redact/redactor.js';
import { jsonl, redactBytes } from './helpers.js';

// Issue 13's known misses and false positives on public corpora, each as the default rules see it.
const MISSES: [what: string, input: string, want: string][] = [
  [
    'a Kubernetes Secret: every value under data:',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  username: YWRtaW4=\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=\n',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  username: [redacted]\n  tls.crt: [redacted]\n',
  ],
  [
    'a PEM block in plain text, to its END line',
    'key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1234abcd\nabcdefgh\n-----END RSA PRIVATE KEY-----\nafter',
    'key:\n[redacted]\nafter',
  ],
  [
    'a token after a scheme word',
    'fly auth: FlyV1 fm2_lJPECAAAAAAAAMqbxBBhQ5J2VeFh6Ymx0ZE8Q1M2tIBKdGVzdA==,fm2_lJPEThisIsFake done',
    'fly auth: FlyV1 [redacted] done',
  ],
  [
    'curl -u on a continuation line',
    'curl -X POST \\\n  -u admin:S3cretPassw0rd \\\n  https://api.example.com',
    'curl -X POST \\\n  -u admin:[redacted] \\\n  https://api.example.com',
  ],
  [
    'an amplitude key: 32 hex under a secret-ish name',
    'const amplitudeKey = "a1b2c3d4e5f60718293a4b5c6d7e8f90";',
    'const amplitudeKey = "[redacted]";',
  ],
  [
    'a URL password with a space',
    'postgres://user:my pass@db:5432/x',
    'postgres://user:[redacted]@db:5432/x',
  ],
];

const KEPT: [what: string, input: string][] = [
  ['an identifier that starts like a token', 'const hf_requiredCharacteristicTypes = [1, 2];'],
  ['an identifier that starts like a token, bare', 'hf_requiredCharacteristicTypes'],
  ['an SDK constructor', "secretAccessKey: new AWS.SharedIniFileCredentials({ profile: 'dev' }),"],
  ['a Terraform variable', 'password = var.db_password'],
  ['a Terraform variable in YAML style', 'master_password: var.db_password'],
];

describe('known misses are caught', () => {
  it.each(MISSES)('%s', (_what, input, want) => {
    expect(createRedactor().text(input)).toBe(want);
  });
});

describe('known look-alikes are kept', () => {
  it.each(KEPT)('%s', (_what, input) => {
    expect(createRedactor().text(input)).toBe(input);
  });
});

describe('known misses are caught in a tool result of a session (through the prescan)', () => {
  const result = (text: string) => ({
    type: 'user',
    uuid: 'u1',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: text }] },
  });
  const extra: [what: string, input: string, want: string][] = [
    [
      'a Secret with a quoted kind and stringData',
      'kind: "Secret"\nstringData:\n  config.json: \'{"a":1}\'\n',
      'kind: "Secret"\nstringData:\n  config.json: \'[redacted]\'\n',
    ],
    [
      'a Secret as a file view shows it (line numbers)',
      '     1→kind: Secret\n     2→data:\n     3→  ca.crt: LS0tLS1CRUdJTg==\n     4→metadata:\n     5→  name: x',
      '     1→kind: Secret\n     2→data:\n     3→  ca.crt: [redacted]\n     4→metadata:\n     5→  name: x',
    ],
    [
      'a bare Fly.io token after its scheme',
      'export FLY_API=FlyV1 fm2_lJPECAAAAAAAAMqbxBBhQ5J2VeFh6Ymx0ZE8Q1M2',
      'export FLY_API=FlyV1 [redacted]',
    ],
    [
      'curl --user on a continuation line (CRLF)',
      'curl https://x \\\r\n  --user bob:hunter2pw',
      'curl https://x \\\r\n  --user bob:[redacted]',
    ],
    [
      'an amplitude key under a camelCase name',
      'amplitude.init({ apiKey: "x" }); const amplitudeKey = "a1b2c3d4e5f60718293a4b5c6d7e8f90";',
      'amplitude.init({ apiKey: "[redacted]" }); const amplitudeKey = "[redacted]";',
    ],
    [
      'a PlanetScale token with no secret name',
      "planetscale token - 'pscale_tkn_toLyJg1LfgY8vDQr9vhfF2HcT410U3q1alxt7012kcV'",
      "planetscale token - '[redacted]'",
    ],
    ...MISSES,
  ];
  it.each(extra)('%s', async (_what, input, want) => {
    const out = JSON.parse(await redactBytes(jsonl(result(input)))) as ReturnType<typeof result>;
    expect(out.message.content[0]!.content).toBe(want);
  });
});

describe('look-alikes of the new rules are kept', () => {
  it.each([
    ['a ConfigMap', 'kind: ConfigMap\ndata:\n  mode: production\n'],
    [
      'data: of another kind beside a word Secret',
      'kind: Deployment # uses a Secret\ndata:\n  a: b\n',
    ],
    ['a cache key that is a digest', 'cache_key = "d41d8cd98f00b204e9800998ecf8427e"'],
    ['a commit hash', 'HEAD is now at 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39'],
    ['a port and a word before a mail address', 'see http://localhost:8080 me@example.org'],
    ['curl -u without a password on the next line', 'curl -u bob \\\n  https://x'],
    [
      'hex with a word glued to it',
      "sentry = '28ab769ecf2b465fake#0ea877d6494feffe5017a5824ec2920f24451423fake'",
    ],
  ])('%s', (_what, input) => {
    expect(createRedactor().text(input)).toBe(input);
  });
});
