import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptByTxpipe, removedByFlockdeck } from './removed.js';

/**
 * The default rules remove every byte Flockdeck's rules remove (issue 13), checked on generated
 * strings that mix what both look for: secret names with separators and values, token shapes,
 * URL credentials, Authorization schemes, command-line passwords and private key blocks, glued
 * to each other or to text in every way. The quotes around a value are the one thing txpipe
 * keeps on purpose. Values are secret-like (a digit among letters): where Flockdeck also takes
 * words of prose or code (`no secret: the cache`, `token: string`), txpipe deliberately does not,
 * and those cases are table rows in rules.test.ts. So is a URL whose user is a secret's name
 * (`https://x-access-token:…@github.com/…`): Flockdeck takes the host and path with the password,
 * txpipe keeps them.
 */
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `n` characters of `alphabet`, at least one a digit and one a letter. */
const body = (alphabet: string, min: number, max: number) =>
  fc
    .tuple(
      fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }),
      fc.nat(),
      fc.constantFrom(...'0123456789'),
      fc.constantFrom(...'abcdefghijkXYZ'),
    )
    .map(([cs, at, d, l]) => {
      const out = [...cs];
      out[at % out.length] = d;
      out[(at + 1) % out.length] = l;
      return out.join('');
    });

const value = body(ALNUM + '+/._-', 8, 24);
const names = fc.constantFrom(
  'password',
  'PASSWORD',
  'DB_PASS',
  'db.pass',
  'passphrase',
  'api_key',
  'apiKey',
  'X-Api-Key',
  'client_secret',
  'SECRET_KEY',
  'GITHUB_TOKEN',
  'auth_token',
  'access_key',
  'private-key',
  'credential',
  'pwd',
  'authorization',
);
const seps = fc.constantFrom('=', ': ', ' = ', '":"', '": "', "='", '="', ':', '=\t');
const tokens = fc.oneof(
  body(ALNUM + '_-', 10, 30).map((b) => `sk-ant-${b}`),
  // A bare `sk-` glued after a word is a slug (`task-…-2024`), not a key: always after a space.
  body(ALNUM + '_-', 20, 40).map((b) => ` sk-${b}`),
  body(ALNUM, 30, 40).map((b) => `ghp_${b}`),
  body(ALNUM, 30, 40).map((b) => `gho_${b}`),
  // A token with no digit (a test's fake) as a word of its own: txpipe takes it too.
  fc
    .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 30, maxLength: 40 })
    .map((cs) => ` ghp_${cs.join('')}`),
  body(ALNUM + '_', 20, 60).map((b) => `github_pat_${b}`),
  body(ALNUM + '_-', 20, 30).map((b) => `glpat-${b}`),
  body(UPPER, 16, 16).map((b) => `AKIA${b}`),
  body(ALNUM + '-', 10, 40).map((b) => `xoxb-${b}`),
  body(ALNUM + '_-', 35, 35).map((b) => `AIza${b}`),
  body(ALNUM, 36, 36).map((b) => `npm_${b}`),
  fc.tuple(body(ALNUM + '_-', 16, 24), body(ALNUM + '_-', 16, 43)).map(([a, b]) => `SG.${a}.${b}`),
  fc
    .tuple(body(ALNUM, 8, 20), body(ALNUM, 8, 20), body(ALNUM + '_-', 8, 30))
    .map(([a, b, c]) => `eyJ${a}.eyJ${b}.${c}`),
);
const assignment = fc
  .tuple(names, seps, fc.oneof(value, tokens), fc.constantFrom('', '"', "'", ' ', '\n', ';', ','))
  .map(([n, s, v, end]) => `${n}${s}${v}${end}`);
const url = fc
  .tuple(
    fc.constantFrom('https', 'postgres', 'redis', 'git+ssh'),
    fc.constantFrom('app', 'admin', 'u'),
    value,
  )
  .map(([scheme, user, pw]) => `${scheme}://${user}:${pw}@db.example.com:5432/app`);
const header = fc
  .tuple(
    fc.constantFrom('Bearer', 'bearer', 'Basic', 'BASIC'),
    fc.constantFrom(' ', '  ', '\t'),
    body(ALNUM + '._~+/=-', 12, 40),
  )
  .map(([scheme, gap, cred]) => `${scheme}${gap}${cred}`);
const authHeader = fc
  .tuple(
    fc.constantFrom('Authorization', 'Proxy-Authorization', 'authorization'),
    fc.constantFrom('Token', 'ApiKey', 'SSWS', 'Bot', 'Bearer'),
    value,
  )
  .map(([n, scheme, cred]) => `${n}: ${scheme} ${cred}`);
const command = fc.oneof(
  value.map((pw) => `curl -s -u admin:${pw} https://h.example/x`),
  value.map((pw) => `curl --user=admin:${pw} https://h.example/x`),
  value.map((pw) => `curl -u "admin:${pw}" https://h.example/x`),
  value.map((pw) => `mysql -u root -p${pw} shop`),
  value.map((pw) => `sshpass -p ${pw} ssh host`),
  value.map((pw) => `app --password ${pw} --verbose`),
  value.map((pw) => `app --token '${pw}' run`),
);
const pem = fc
  .tuple(fc.constantFrom('RSA ', 'EC ', 'OPENSSH ', ''), body(ALNUM + '+/=', 20, 60), fc.boolean())
  .map(
    ([kind, b, end]) =>
      `-----BEGIN ${kind}PRIVATE KEY-----\n${b}\n${end ? `-----END ${kind}PRIVATE KEY-----` : ''}`,
  );
const filler = fc.constantFrom(
  'the',
  'run',
  'ok',
  '{',
  '}',
  '[',
  ']',
  'x',
  '42',
  'é',
  '日本',
  'a word',
);
const fragment = fc.oneof(assignment, tokens, url, header, authHeader, command, pem, filler);
const glue = fc.constantFrom('', ' ', '\n', ', ', '"', '{"', '=', 'x', ' and ', '\t', '/');

const texts = fc
  .array(fc.tuple(fragment, glue), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.map(([f, g]) => f + g).join(''));

describe('the default rules remove what Flockdeck removes', () => {
  it('on generated strings (quotes around a value aside)', () => {
    fc.assert(
      fc.property(texts, (s) => {
        expect(keptByTxpipe(s)).toEqual([]);
      }),
      { numRuns: 3000, seed: 13 },
    );
  });

  it('Flockdeck does remove something in them (the property is not empty)', () => {
    const sample = fc.sample(texts, { numRuns: 200, seed: 13 });
    const touched = sample.filter((s) => removedByFlockdeck(s).some(Boolean)).length;
    expect(touched).toBeGreaterThan(150);
  });
});
