import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, WITHHELD } from '../../src/redact/redactor.js';
import { isCountName, nameIsSecret } from '../../src/redact/secret-names.js';
import { ibanValid, luhn } from '../../src/redact/pii.js';

const r = createRedactor();

// One realistic-looking (fake) example per token family; docs/commands/redact.md lists the same.
const FAKE = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0';
const TOKENS: [kind: string, token: string][] = [
  ['anthropic-key', `sk-ant-api03-${FAKE}`],
  ['anthropic-admin-key', `sk-ant-admin01-${FAKE}`],
  ['openai-key', `sk-proj-${FAKE}`],
  ['openai-key', `sk-svcacct-${FAKE}`],
  ['openai-key', `sk-${FAKE}`],
  ['stripe-key', `sk_live_${FAKE.slice(0, 24)}`],
  ['stripe-key', `rk_test_${FAKE.slice(0, 24)}`],
  ['stripe-webhook-secret', `whsec_${FAKE}`],
  ['github-token', `ghp_${FAKE.slice(0, 36)}`],
  ['github-token', `github_pat_11ABCDEFG0${FAKE}`],
  ['gitlab-token', `glpat-${FAKE.slice(0, 20)}`],
  ['aws-access-key-id', 'AKIAIOSFODNN7EXAMPLE'],
  ['aws-access-key-id', 'ASIAY34FZKBOKMUTVV7A'],
  ['slack-token', 'xoxb-123456789012-1234567890123-abcdefABCDEF'],
  ['google-api-key', `AIza${FAKE.slice(0, 35)}`],
  ['npm-token', `npm_${FAKE.slice(0, 36)}`],
  ['sendgrid-key', `SG.${FAKE.slice(0, 22)}.${FAKE.slice(0, 30)}`],
  ['huggingface-token', `hf_${FAKE.slice(0, 34)}`],
  ['twilio-api-key', `SK${'0123456789abcdef'.repeat(2)}`],
  ['digitalocean-token', `dop_v1_${'0123456789abcdef'.repeat(4)}`],
  ['databricks-token', `dapi${'0123456789abcdef'.repeat(2)}`],
  ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop'],
];

describe('token shapes', () => {
  it.each(TOKENS)('%s: %s', (kind, token) => {
    const red = createRedactor();
    expect(red.text(`before ${token} after`)).toBe(`before ${REDACTED} after`);
    expect(red.counts()[kind]).toBe(1);
  });

  it.each([
    [
      'a Slack webhook keeps the host',
      `https://hooks.slack.com/services/T0000/B0000/${FAKE}`,
      'https://hooks.slack.com/services/[redacted]',
    ],
    [
      'an Azure storage connection string keeps its other parts',
      `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${FAKE}==;EndpointSuffix=core.windows.net`,
      'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=[redacted];EndpointSuffix=core.windows.net',
    ],
    [
      'an Azure SAS signature',
      `https://a.blob.core.windows.net/c?sv=2022&sig=${FAKE}%3D`,
      'https://a.blob.core.windows.net/c?sv=2022&sig=[redacted]',
    ],
    [
      'a database URL password',
      'postgresql://app:s3cr3t-pw@db.internal:5432/shop',
      'postgresql://app:[redacted]@db.internal:5432/shop',
    ],
    [
      'a Redis URL with an empty user',
      'redis://:hunter2@cache:6379/0',
      'redis://:[redacted]@cache:6379/0',
    ],
    [
      'an ADO.NET connection string',
      'Server=db;Database=shop;User Id=sa;Password=Hunter2!;',
      'Server=db;Database=shop;User Id=sa;Password=[redacted];',
    ],
    [
      'a GCP service-account key (as a file body)',
      '{"type": "service_account", "private_key_id": "0123abcd", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEv\\n-----END PRIVATE KEY-----\\n"}',
      '{"type": "service_account", "private_key_id": "[redacted]", "private_key": "[redacted]"}',
    ],
    [
      'a bearer token outside a header',
      'curl -H "X: Bearer abc123def456ghi"',
      'curl -H "X: Bearer [redacted]"',
    ],
    [
      'a Twilio auth token by its name',
      'TWILIO_AUTH_TOKEN=0123456789abcdef0123456789abcdef',
      'TWILIO_AUTH_TOKEN=[redacted]',
    ],
    [
      'a key block cut off runs to the end',
      'key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1r',
      'key:\n[redacted]',
    ],
    [
      'overlapping matches become one',
      `export OPENAI_API_KEY=sk-proj-${FAKE}`,
      'export OPENAI_API_KEY=[redacted]',
    ],
    [
      'a .env body',
      'A=1\nDB_PASSWORD=pw1\nSTRIPE_SECRET=pw2\nB=2',
      'A=1\nDB_PASSWORD=[redacted]\nSTRIPE_SECRET=[redacted]\nB=2',
    ],
    [
      'a placeholder is kept',
      'API_KEY=${API_KEY} TOKEN=<your-token>',
      'API_KEY=${API_KEY} TOKEN=<your-token>',
    ],
    [
      'a count after a token name is kept',
      'max_tokens: 1024, --max-tokens 50',
      'max_tokens: 1024, --max-tokens 50',
    ],
    [
      'a function called in code is kept',
      'const csrfToken = document.querySelector("meta")',
      'const csrfToken = document.querySelector("meta")',
    ],
    [
      'a value that is not a call is redacted',
      'token = abc (x) password=hunter2',
      'token = [redacted] (x) password=[redacted]',
    ],
    [
      'prose about tokens is kept',
      'the task-runner-with-a-long-name-here and disk-usage',
      'the task-runner-with-a-long-name-here and disk-usage',
    ],
  ])('%s', (_what, input, want) => {
    expect(r.text(input)).toBe(want);
    expect(r.text(want)).toBe(want);
  });
});

describe('structured values', () => {
  it('redacts values under secret key names at any depth and keeps token counts', () => {
    const v = {
      type: 'assistant',
      message: {
        usage: { input_tokens: 12, cache_read_input_tokens: 3400, output_tokens: 7 },
        content: [
          {
            type: 'tool_use',
            input: { headers: { Authorization: 'Bearer abcdef123456', 'X-Api-Key': 'k-123' } },
          },
        ],
      },
      compact: { tokensBefore: 970192, max_tokens: 1024, token_count: 5 },
      env: { GITHUB_TOKEN: 'plainvalue', nested: [{ password: 'pw', port: 5432, debug: true }] },
      credentials: { user: 'bob', expires: 3600, admin: false },
    };
    const out = r.value(v);
    expect(out).not.toBe(v);
    expect(out.message.usage).toBe(v.message.usage);
    expect(out.compact).toBe(v.compact);
    expect(out.message.content[0]!.input.headers).toEqual({
      Authorization: 'Bearer [redacted]',
      'X-Api-Key': REDACTED,
    });
    expect(out.env).toEqual({
      GITHUB_TOKEN: REDACTED,
      nested: [{ password: REDACTED, port: 5432, debug: true }],
    });
    // An object under a secret's key goes whole: its keys and flags say too much.
    expect(out.credentials).toBe(REDACTED);
    expect(r.value(out)).toBe(out);
  });

  it('matches strings that hold JSON, .env bodies and command lines as decoded text', () => {
    const v = {
      a: JSON.stringify({ client_secret: 'zzz999', ok: 1 }),
      b: 'PORT=1\nSECRET_KEY=abc\n',
      c: 'mysql -u root -phunter2 shop',
    };
    expect(r.value(v)).toEqual({
      a: '{"client_secret":"[redacted]","ok":1}',
      b: 'PORT=1\nSECRET_KEY=[redacted]\n',
      c: 'mysql -u root -p[redacted] shop',
    });
  });

  it('returns the same reference when nothing changed', () => {
    const v = {
      a: ['x', { b: 'the token verification worked', n: 1 }],
      usage: { input_tokens: 3 },
    };
    expect(r.value(v)).toBe(v);
  });

  it('keeps marks and placeholders under secret keys', () => {
    const v = { password: REDACTED, token: WITHHELD, api_key: '${KEY}' };
    expect(r.value(v)).toBe(v);
  });

  // Issue 13: where Flockdeck replaces the whole value, so does txpipe (booleans stay flags).
  it.each([
    [{ api_key: { id: 'k1', enabled: true } }, { api_key: REDACTED }],
    [{ password: null }, { password: REDACTED }],
    [{ secret: '' }, { secret: REDACTED }],
    [{ tokens: [1, 2] }, { tokens: [1, 2] }],
    [{ vault_pass: true }, { vault_pass: true }],
    [{ auth: { type: 'oauth' } }, { auth: { type: 'oauth' } }],
    [
      { auths: { 'ghcr.io': { auth: 'dXNlcjpnaHBfYTFCMmMzRDRlNUY2ZzdIOGk5SjBr' } } },
      { auths: { 'ghcr.io': { auth: REDACTED } } },
    ],
  ])('the whole value under a secret key: %j', (v, want) => {
    expect(createRedactor().value(v)).toEqual(want);
  });
});

describe('names', () => {
  it.each([
    ['input_tokens', false, true],
    ['tokensBefore', false, true],
    ['GITHUB_TOKEN', true, false],
    ['clientSecret', true, false],
    ['token_file', false, false],
    ['tokenizer', false, false],
    ['x-api-key', true, false],
    ['proxy-authorization', true, false],
  ])('%s: secret %s, count %s', (name, secret, count) => {
    expect(nameIsSecret(name)).toBe(secret);
    expect(isCountName(name)).toBe(count);
  });
});

describe('PII (opt-in)', () => {
  const p = createRedactor({ pii: true });
  it.each([
    ['mail bob.smith+x@example.co.uk now', 'mail [redacted:email] now'],
    ['write to git.user@example.com: soon', 'write to [redacted:email]: soon'],
    ['Git@Example.COM.', 'Git@Example.COM.'],
    ['card 4111 1111 1111 1111 ok', 'card [redacted:card] ok'],
    ['card 4111 1111 1111 1112 fails Luhn', 'card 4111 1111 1111 1112 fails Luhn'],
    ['ssn 123-45-6789', 'ssn [redacted:ssn]'],
    ['ssn 000-45-6789 never issued', 'ssn 000-45-6789 never issued'],
    ['iban GB82 WEST 1234 5698 7654 32', 'iban [redacted:iban]'],
    ['iban GB82 WEST 1234 5698 7654 33', 'iban GB82 WEST 1234 5698 7654 33'],
    ['call +1 415-555-0132 today', 'call [redacted:phone] today'],
    [
      'host 192.168.10.4 and ::1 and fe80::1ff:fe23:4567:890a',
      'host [redacted:ip] and ::1 and [redacted:ip]',
    ],
    // Issue 13: addresses that are no one's, and version numbers, are not PII.
    ['version 1.2.3.4 is out', 'version 1.2.3.4 is out'],
    ['v10.20.30.40 tag', 'v10.20.30.40 tag'],
    ['route 1.0.0.0 and 10.0.0.0', 'route 1.0.0.0 and 10.0.0.0'],
    ['listen on ::1 and 127.0.0.1 and 0.0.0.0', 'listen on ::1 and 127.0.0.1 and 0.0.0.0'],
    ['server 10.1.2.3 answered', 'server [redacted:ip] answered'],
    [
      'version 1.2.3 and 2026-10-01 and 12:30:45 stay',
      'version 1.2.3 and 2026-10-01 and 12:30:45 stay',
    ],
  ])('%j', (input, want) => {
    expect(p.text(input)).toBe(want);
    expect(p.text(want)).toBe(want);
  });

  // Bug seen with --pii on the shared Claude Code fixtures: digit runs inside UUIDs were cards.
  it.each([
    ['f5668e1c-b05a-47e0-9464-62920210a187'],
    ['14176891-0517-4e2f-a7bc-74c06fe6af87'],
    ['id a123-45-6789b and 1756860439293ms'],
    // Bug seen with --pii on the shared sessions: git remotes are not anyone's e-mail address.
    ['git clone git@github.com:d-kimuson/claude-code-viewer.git'],
    ['ssh -T git@github.com'],
    ['url = ssh://git@gitlab.example.com:2222/team/repo.git'],
    ['deploy@build-01.example.com:/srv/app/releases'],
  ])('leaves %j alone', (s) => {
    expect(p.text(s)).toBe(s);
  });

  it('is off by default', () => {
    expect(r.text('bob@example.com 192.168.1.1')).toBe('bob@example.com 192.168.1.1');
  });

  it('checks Luhn and IBAN checksums', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(luhn('0000000000000000')).toBe(false);
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('DE89370400440532013001')).toBe(false);
  });
});

describe('config', () => {
  it('adds names, patterns and allowed values', () => {
    const c = createRedactor({
      config: {
        names: ['session_cookie'],
        patterns: ['acme_[a-z0-9]{8}', { kind: 'ticket', pattern: 'TICKET-\\d+', flags: 'i' }],
        allow: ['hunter2'],
      },
    });
    expect(c.text('SESSION_COOKIE=abc and acme_12345678 and ticket-42 and password=hunter2')).toBe(
      'SESSION_COOKIE=[redacted] and [redacted] and [redacted] and password=hunter2',
    );
    expect(c.counts()).toEqual({ 'config-1': 1, 'secret-name': 1, ticket: 1 });
    expect(c.value({ session_cookie: 'x' })).toEqual({ session_cookie: REDACTED });
  });

  it.each([
    [[], 'expected a JSON object'],
    [{ nope: 1 }, 'unknown key'],
    [{ names: [1] }, 'names must be'],
    [{ patterns: 'x' }, 'patterns must be an array'],
    [{ patterns: [{}] }, 'needs a pattern'],
    [{ patterns: ['('] }, 'is not a regex'],
    [{ patterns: ['a*'] }, 'matches the empty string'],
  ])('rejects %j', (config, message) => {
    expect(() => createRedactor({ config: config as never })).toThrow(message);
  });
});

describe('secret files', () => {
  it.each([
    ['.env', true],
    ['/app/.env.local', true],
    ['C:\\Users\\sam\\.npmrc', true],
    ['~/.ssh/id_ed25519', true],
    ['~/.ssh/id_ed25519.pub', false],
    ['secrets/gcp-credentials.json', true],
    ['server.pem', true],
    ['tls/server.KEY', true],
    ['keystore.jks', true],
    ['_netrc', true],
    ['src/environment.ts', false],
    ['README.md', false],
    ['', false],
  ])('%j is secret: %s', (path, want) => {
    expect(r.isSecretPath(path)).toBe(want);
  });

  it.each([
    ['Read', { file_path: '/w/.env' }, '/w/.env'],
    ['NotebookEdit', { notebook_path: 'creds/credentials.ipynb' }, 'creds/credentials.ipynb'],
    ['Bash', { command: 'cat .env.production | grep KEY' }, '.env.production'],
    ['Bash', { command: "source '~/.pgpass'" }, '~/.pgpass'],
    ['Bash', { command: 'openssl x509 --in=server.pem' }, 'server.pem'],
    ['Bash', { command: 'ls -la' }, undefined],
    ['Read', 'not an object', undefined],
  ])('%s %j names %j', (tool, input, want) => {
    expect(r.secretFileOfCall(tool, input)).toBe(want);
  });
});

// Issue 13: what a new user found, one row each (default rules).
describe('issue 13: leaks', () => {
  it.each([
    [
      'a signed session cookie',
      'Cookie: session=eyJ1c2VyIjoiYWRtaW4ifQ.Zk3xYw.abcDEF123ghiJKL456; csrftoken=a8f5f167f44f4964e6c998dee827110c',
      'Cookie: session=[redacted]; csrftoken=[redacted]',
    ],
    [
      'a secret name in prose, "to"',
      'I set AWS_SECRET_ACCESS_KEY to wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'I set AWS_SECRET_ACCESS_KEY to [redacted]',
    ],
    ['a secret name in prose, "is"', 'my password is hunter2hunter2', 'my password is [redacted]'],
    ['an Anthropic key glued to a word', 'xsk-ant-api03-a1B2c3D4e5F6g7H8i9J0', 'x[redacted]'],
    [
      'a GitHub token glued to a word',
      'tokenghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
      'token[redacted]',
    ],
    [
      'a JWT right after a word',
      'JWTeyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop',
      'JWT[redacted]',
    ],
    [
      'curl -u at the end of a string',
      'run: curl -u admin:s3cretPW',
      'run: curl -u admin:[redacted]',
    ],
    [
      'a command glued after a token',
      'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8mysql -u root -ps3cret9 shop',
      '[redacted]mysql -u root -p[redacted] shop',
    ],
    ['Go :=', 'password := "s3cr3t-Value"', 'password := "[redacted]"'],
    [
      'NuGet key/value',
      '<add key="Password" value="s3cr3t-Value" />',
      '<add key="Password" value="[redacted]" />',
    ],
    [
      'a value echoed',
      "token = 'qpgv7z8amkp4ln55znaacezm9' | 'qpgv7z8amkp4ln55znaacezm9'",
      "token = '[redacted]' | '[redacted]'",
    ],
    [
      'an opaque lower-case key with no name',
      'agora asdf0987mnbv1234qsxojb6ygb2wsx0o',
      'agora [redacted]',
    ],
    [
      'Docker auth in JSON text',
      '{"auths":{"ghcr.io":{"auth":"dXNlcjpnaHBfYTFCMmMzRDRl"}}}',
      '{"auths":{"ghcr.io":{"auth":"[redacted]"}}}',
    ],
  ])('%s', (_name, input, want) => {
    expect(r.text(input)).toBe(want);
    expect(r.text(want)).toBe(want);
  });
});

describe('issue 13: ordinary text kept', () => {
  it.each([
    'token: string;',
    'interface User { password: string; passwordHash: string }',
    'secretKey: process.env.SECRET_KEY',
    'params: { _csrf_token: csrfToken }',
    'GITHUB_TOKEN=${{ secrets.GITHUB_TOKEN }}',
    'This is no secret: the cache is warm.',
    'API_KEY=${VAR}',
    'api_key: <your-key>',
    'API_KEY=your-api-key-here',
    'password: changeme',
    'hf_requiredCharacteristicTypes',
    'secretAccessKey: new AWS.SharedIniFileCredentials({profile})',
    'password = var.db_password',
    'TOKEN=$(cat token.txt)',
    'the basic authentication flow',
    'commit/56568530eddcb15ab65e7880af318fba5b859e2e',
    'const URL = "https://username:password@example.com/api";',
    '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----',
  ])('%j', (input) => {
    expect(r.text(input)).toBe(input);
  });

  it.each([
    ['"apiKey": "abc123def456"', '"apiKey": "[redacted]"'],
    [
      'git clone https://x-access-token:ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6@github.com/acme/app.git',
      'git clone https://x-access-token:[redacted]@github.com/acme/app.git',
    ],
  ])('keeps the text around a secret: %j', (input, want) => {
    expect(r.text(input)).toBe(want);
    expect(JSON.parse(`{${r.text('"apiKey": "abc123def456"')}}`)).toEqual({ apiKey: REDACTED });
  });
});
