import { beforeAll, describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/redact/redactor.js';
import { isSecretPath } from '../../src/redact/secret-files.js';
import { txpipe } from '../cli/run.js';
import { ensureBuilt } from '../shared.js';
import { redactRowsByCli, type Row } from './syntax-table.js';

// Issue 23, "how values are judged" (docs/commands/redact.md): a value is found with its name in
// the assignment, flag, file and header syntaxes agents run, each read as its reference defines
// it; look-alikes of each syntax stay byte for byte.
const S = 'Zq8vR2mK9xL4pW7nB3tY6hJ1';
const UUID = '9f1c2d3e-4b5a-6789-abcd-ef0123456789';
const R = '[redacted]';

export const SYNTAX_ROWS: readonly Row[] = [
  // `=>` (PHP arrays, Ruby hashes, Perl)
  ['PHP =>', "'password' => 'hunter2Secret9',", `'password' => '${R}',`],
  ['Ruby =>', '  :password => "hunter2Secret9",', `  :password => "${R}",`],
  ['Perl => unquoted name', `  api_token => '${S}',`, `  api_token => '${R}',`],
  [
    '=> and an expression',
    "'password' => env('DB_PASSWORD'),",
    "'password' => env('DB_PASSWORD'),",
  ],
  // GNU make assignments
  ['make :=', `API_TOKEN := ${S}`, `API_TOKEN := ${R}`],
  ['make ?=', `API_TOKEN ?= ${S}`, `API_TOKEN ?= ${R}`],
  ['make ::=', `API_TOKEN ::= ${S}`, `API_TOKEN ::= ${R}`],
  ['make +=', `DB_PASSWORD += ${S}`, `DB_PASSWORD += ${R}`],
  ['+= of a short literal (code appending)', 'token += ".";', 'token += ".";'],
  ['+= of a variable (code appending)', 'token += chunk', 'token += chunk'],
  ['a Python bytes literal', "password = b'hunter2Secret9'", `password = b'${R}'`],
  ['a raw string literal', `api_key = r"${S}"`, `api_key = r"${R}"`],
  [
    'make ?= a reference',
    'API_TOKEN ?= $(shell cat token.txt)',
    'API_TOKEN ?= $(shell cat token.txt)',
  ],
  // .netrc (tokens separated by blanks or lines)
  [
    '.netrc on one line',
    `machine api.example.com login bob password ${S}`,
    `machine api.example.com login bob password ${R}`,
  ],
  [
    '.netrc on lines',
    `machine api.example.com\n  login bob\n  password ${S}\n`,
    `machine api.example.com\n  login bob\n  password ${R}\n`,
  ],
  ['.netrc account', `default login bob account ${S}`, `default login bob account ${R}`],
  [
    'prose with machine and password',
    'the machine asks for a password again',
    'the machine asks for a password again',
  ],
  // properties
  [
    'gradle.properties',
    `systemProp.https.proxyPassword=${S}`,
    `systemProp.https.proxyPassword=${R}`,
  ],
  [
    'gradle signing',
    `signing.password=${S}\nmavenCentralPassword=${S}`,
    `signing.password=${R}\nmavenCentralPassword=${R}`,
  ],
  // ODBC / ADO connection strings
  [
    'ODBC Pwd=',
    `Driver={ODBC Driver 18};Server=db;Uid=sa;Pwd=${S};Encrypt=yes`,
    `Driver={ODBC Driver 18};Server=db;Uid=sa;Pwd=${R};Encrypt=yes`,
  ],
  ['ODBC Pwd={…} with a ;', `Server=db;Uid=sa;Pwd={${S};x};`, `Server=db;Uid=sa;Pwd={${R}};`],
  [
    'JSX password={…} is a reference',
    '<Login password={password} />',
    '<Login password={password} />',
  ],
  // command lines
  ['PsExec -p', `psexec \\\\host -u admin -p ${S} cmd`, `psexec \\\\host -u admin -p ${R} cmd`],
  [
    'PowerShell -Password',
    `New-LocalUser -Name bob -Password ${S}`,
    `New-LocalUser -Name bob -Password ${R}`,
  ],
  [
    'ConvertTo-SecureString -AsPlainText',
    `$p = ConvertTo-SecureString "${S}" -AsPlainText -Force`,
    `$p = ConvertTo-SecureString "${R}" -AsPlainText -Force`,
  ],
  [
    'ConvertTo-SecureString -String',
    `ConvertTo-SecureString -String '${S}' -AsPlainText -Force`,
    `ConvertTo-SecureString -String '${R}' -AsPlainText -Force`,
  ],
  [
    'ConvertTo-SecureString of a variable',
    'ConvertTo-SecureString $env:PW -AsPlainText -Force',
    'ConvertTo-SecureString $env:PW -AsPlainText -Force',
  ],
  [
    'npm config set',
    `npm config set //registry.npmjs.org/:_authToken ${S}`,
    `npm config set //registry.npmjs.org/:_authToken ${R}`,
  ],
  [
    'npm config set key=value',
    `npm config set //npm.pkg.github.com/:_authToken=${S}`,
    `npm config set //npm.pkg.github.com/:_authToken=${R}`,
  ],
  [
    '.npmrc _authToken',
    `//registry.npmjs.org/:_authToken=${S}`,
    `//registry.npmjs.org/:_authToken=${R}`,
  ],
  [
    'npm config set of a reference',
    'npm config set //registry.npmjs.org/:_authToken ${NPM_TOKEN}',
    'npm config set //registry.npmjs.org/:_authToken ${NPM_TOKEN}',
  ],
  [
    'docker login -p',
    `docker login -u bob -p ${S} registry.example.com`,
    `docker login -u bob -p ${R} registry.example.com`,
  ],
  [
    'docker login --password',
    `docker login --username bob --password ${S} ghcr.io`,
    `docker login --username bob --password ${R} ghcr.io`,
  ],
  [
    'docker login --password-stdin',
    'echo $PW | docker login -u bob --password-stdin',
    'echo $PW | docker login -u bob --password-stdin',
  ],
  ['docker run -p is a port', 'docker run -p 8080:80 nginx', 'docker run -p 8080:80 nginx'],
  // URLs
  [
    'a token as a URL user',
    `git clone https://${S}@github.com/acme/app.git`,
    `git clone https://${R}@github.com/acme/app.git`,
  ],
  [
    'a plain URL user',
    'git clone https://bob@github.com/acme/app.git',
    'git clone https://bob@github.com/acme/app.git',
  ],
  ['git as a URL user', 'ssh://git@github.com/acme/app.git', 'ssh://git@github.com/acme/app.git'],
  [
    'an e-mail-like user word',
    'https://first.last-name@example.com/x',
    'https://first.last-name@example.com/x',
  ],
  // Bundler credentials (BUNDLE_<HOST>, dots as __)
  [
    'Bundler host credentials',
    `export BUNDLE_GEMS__CONTRIBSYS__COM=bob:${S}`,
    `export BUNDLE_GEMS__CONTRIBSYS__COM=${R}`,
  ],
  [
    'Bundler build options kept',
    'BUNDLE_BUILD__NOKOGIRI=--use-system-libraries',
    'BUNDLE_BUILD__NOKOGIRI=--use-system-libraries',
  ],
  // a closing bracket ends an unquoted value only when the value did not open it
  [
    'brackets opened inside a value',
    '[DEBUG] Using Key=KRXaU9GK3f[yHG1FS$]bwhsIXdW22epH',
    `[DEBUG] Using Key=${R}`,
  ],
  ['a bracket the value did not open', `f(password=${S})`, `f(password=${R})`],
  // YAML plain scalars run to the end of the line or ` #`
  ['YAML password with &', `  password: abc&${S}`, `  password: ${R}`],
  ['YAML password with & and a comment', `  password: abc&${S} # prod`, `  password: ${R} # prod`],
  ['a shell && after a password', `DB_PASSWORD=${S}&&make`, `DB_PASSWORD=${R}&&make`],
  // HTTP Digest (RFC 7616): the response is the credential, the other parameters are not
  [
    'Authorization: Digest',
    'Authorization: Digest username="bob", realm="x", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/", response="6629fae49393a05397450978507c4ef1"',
    `Authorization: Digest username="bob", realm="x", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/", response="${R}"`,
  ],
  [
    'Digest parameters alone',
    'Digest username=bob, realm="x", response="6629fae49393a05397450978507c4ef1", qop=auth',
    `Digest username=bob, realm="x", response="${R}", qop=auth`,
  ],
  // a key that names a provider keeps a value that is not random (look-alikes)
  ['a provider key with a word', '  openai: enabled', '  openai: enabled'],
  ['a provider key with a version', '  openai: 1.2.3', '  openai: 1.2.3'],
  [
    'a provider key with a model name',
    '  openai: gpt-4o-mini-2024-07-18',
    '  openai: gpt-4o-mini-2024-07-18',
  ],
  // a UUID under a token's name is a credential (Heroku API keys are UUIDs)
  ['a UUID under an API key name', `HEROKU_API_KEY=${UUID}`, `HEROKU_API_KEY=${R}`],
  ['a UUID under "token"', `"token": "${UUID}"`, `"token": "${R}"`],
];

describe('values found with their names, in the syntaxes agents run (rules)', () => {
  it.each(SYNTAX_ROWS)('%s', (_what, input, want) => {
    expect(createRedactor().text(input)).toBe(want);
  });
});

describe('the same through the built CLI, in a session line (prescan first)', () => {
  let out: string[] = [];
  beforeAll(() => {
    ensureBuilt();
    out = redactRowsByCli(SYNTAX_ROWS);
  });
  it.each(SYNTAX_ROWS.map((row, i) => [row[0], i, row[2]] as const))('%s', (_what, i, want) => {
    expect(out[i]).toBe(want);
  });
});

describe('secret files', () => {
  it.each([
    ['.envrc', true],
    ['/home/me/app/.envrc', true],
    ['secrets.json', true],
    ['config/secrets.json', true],
    ['secrets.json.example', false],
    ['envrc.md', false],
  ] as const)('%s: %s', (path, want) => {
    expect(isSecretPath(path)).toBe(want);
  });
});

describe('a session that reads .envrc or secrets.json has the result withheld (the built CLI)', () => {
  beforeAll(() => ensureBuilt());
  it.each([
    ['Read', { file_path: '/home/me/app/.envrc' }],
    ['Bash', { command: 'cat ~/.microsoft/usersecrets/abc/secrets.json' }],
  ])('%s %j', (tool, input) => {
    const lines = [
      {
        type: 'assistant',
        uuid: 'a1',
        sessionId: 's1',
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: tool, input }],
        },
      },
      {
        type: 'user',
        uuid: 'u1',
        sessionId: 's1',
        message: {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'export DB_URL=plainvalue' },
          ],
        },
      },
    ];
    const r = txpipe(['redact'], { input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('plainvalue');
    expect(r.stdout).toContain('[withheld: a secret file]');
  });
});
