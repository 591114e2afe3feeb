import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findAssignedEveryRun,
  findAssignedFlockdeck,
} from '../../src/redact/flockdeck/assigned.js';
import { toBytes } from '../../src/redact/flockdeck/bytes.js';
import { prescanFlockdeck } from '../../src/redact/flockdeck/prescan-flockdeck.js';
import { redactFlockdeckText } from '../../src/redact/flockdeck/redact-flockdeck.js';
import { PRESCAN_TEXT } from '../../src/redact/prescan.js';
import type { ByteSpan } from '../../src/redact/flockdeck/spans.js';
import { cliInProcess } from '../cli-in-process.js';

/**
 * The cheap gates in front of Flockdeck's rules (`--rules flockdeck`, the Flockdeck writer) must
 * change nothing: the prescan passes over a text only when the rules leave it as it is, and the
 * named-value scan reads only the runs of name bytes that hold a stem, finding what a walk over
 * every run finds. Checked on generated text mixing secret names (with `ſ`, the Kelvin sign and
 * other letters outside ASCII), separators, quotes, values, flags and plain words.
 */
const pieces = fc.constantFrom(
  'password',
  'PASSWORD',
  'DB_PASS',
  'db.pass',
  'bypass',
  'passphrase',
  'api_key',
  'apiKey',
  'X-Api-Key',
  'client_secret',
  'GITHUB_TOKEN',
  'auth_token',
  'auth-header',
  'authorization',
  'Authorization: Bearer ',
  'private_key',
  'access-key',
  'credential',
  'pwd',
  '--password',
  '--token',
  '-p',
  'ſecret',
  'paſſword',
  'toKen',
  'api_\u212aey',
  'İ',
  'é',
  '日本',
  'monkey',
  'keyboard',
  'author',
  'tokens',
  'Sure, this is a test',
  'sk',
  'S',
  's',
  '=',
  ': ',
  '":"',
  '"',
  "'",
  '\\"',
  ' ',
  '\t',
  '\n',
  ',',
  ';',
  'true',
  'hunter2x',
  'abc123XYZ789',
  'Basic',
  'bearer',
  'curl -u user:pa55word',
  'mysql -pS3cret',
  'https://u:pw@host/x',
);
const texts = fc.array(pieces, { maxLength: 24 }).map((ps) => ps.join(''));

describe('Flockdeck rule gates', () => {
  it('the prescan sees `ſ` and the Kelvin sign, and not every `s`', () => {
    expect(prescanFlockdeck('ſecret=abc123xyz') & PRESCAN_TEXT).toBe(PRESCAN_TEXT);
    expect(prescanFlockdeck('api_\u212aey=abc123xyz') & PRESCAN_TEXT).toBe(PRESCAN_TEXT);
    expect(redactFlockdeckText('ſecret=abc123xyz')).toBe('ſecret=[redacted]');
    expect(prescanFlockdeck('Sure, this is a test') & PRESCAN_TEXT).toBe(0);
    expect(prescanFlockdeck('s') & PRESCAN_TEXT).toBe(0);
  });

  it('redact --rules flockdeck redacts a line whose only secret name starts with `ſ`', async () => {
    const r = await cliInProcess(['redact', '--rules', 'flockdeck', '-'], {
      stdin: '{"a":"ſecret=abc123xyz"}\n',
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"a":"ſecret=[redacted]"}\n');
  });

  it('a text the prescan passes over is one the rules leave as it is', () => {
    fc.assert(
      fc.property(texts, (s) => {
        if ((prescanFlockdeck(s) & PRESCAN_TEXT) === 0) expect(redactFlockdeckText(s)).toBe(s);
      }),
      { numRuns: 3000 },
    );
  });

  it('the named-value scan finds what a walk over every run of name bytes finds', () => {
    fc.assert(
      fc.property(texts, (s) => {
        const b = toBytes(s);
        const fast: ByteSpan[] = [];
        const every: ByteSpan[] = [];
        findAssignedFlockdeck(b, fast);
        findAssignedEveryRun(b, every);
        expect(fast).toEqual(every);
      }),
      { numRuns: 3000 },
    );
  });
});
