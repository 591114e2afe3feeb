import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findOpaqueKeys, hasOpaqueKey } from '../../src/redact/opaque-keys.js';
import { createRedactor, REDACTED } from '../../src/redact/redactor.js';
import type { Span } from '../../src/redact/spans.js';
import { requiredLiteral } from '../../src/redact/required-literal.js';
import { TextMemo } from '../../src/redact/text-memo.js';
import { TOKEN_RULES } from '../../src/redact/token-rules.js';

// The fast paths of the default rules (docs/commands/redact.md, "Speed"): a token rule runs only
// where the literal its regex requires occurs, and what the rules made of a long string (256
// characters or more) is remembered. Neither may change what is found.

const FAKE = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0';

/** One secret of each family the text rules find, and what it becomes. */
const SECRETS: [family: string, text: string, want: string][] = [
  ['anthropic-key', `sk-ant-api03-${FAKE}`, REDACTED],
  ['anthropic-admin-key', `sk-ant-admin01-${FAKE}`, REDACTED],
  ['openai-key', `sk-proj-${FAKE}`, REDACTED],
  ['stripe-key', `sk_live_${FAKE.slice(0, 24)}`, REDACTED],
  ['stripe-key (rk_test_)', `rk_test_${FAKE.slice(0, 24)}`, REDACTED],
  ['stripe-webhook-secret', `whsec_${FAKE}`, REDACTED],
  ['github-token', `ghp_${FAKE.slice(0, 36)}`, REDACTED],
  ['github-token (pat)', `github_pat_11ABCDEFG0${FAKE}`, REDACTED],
  ['gitlab-token', `glpat-${FAKE.slice(0, 20)}`, REDACTED],
  ['aws-access-key-id', 'AKIAIOSFODNN7EXAMPLE', REDACTED],
  ['aws-access-key-id (ASIA)', 'ASIAY34FZKBOKMUTVV7A', REDACTED],
  ['slack-token', 'xoxb-123456789012-1234567890123-abcdefABCDEF', REDACTED],
  [
    'slack-webhook',
    `https://hooks.slack.com/services/T0000/B0000/${FAKE}`,
    'https://hooks.slack.com/services/[redacted]',
  ],
  ['google-api-key', `AIza${FAKE.slice(0, 35)}`, REDACTED],
  ['npm-token', `npm_${FAKE.slice(0, 36)}`, REDACTED],
  ['sendgrid-key', `SG.${FAKE.slice(0, 22)}.${FAKE.slice(0, 30)}`, REDACTED],
  ['huggingface-token', `hf_${FAKE.slice(0, 34)}`, REDACTED],
  ['twilio-api-key', `SK${'0123456789abcdef'.repeat(2)}`, REDACTED],
  ['digitalocean-token', `dop_v1_${'0123456789abcdef'.repeat(4)}`, REDACTED],
  ['databricks-token', `dapi${'0123456789abcdef'.repeat(2)}`, REDACTED],
  ['planetscale-token', `pscale_tkn_${FAKE}`, REDACTED],
  ['flyio-token', `FlyV1 fm2_${FAKE}`, `FlyV1 ${REDACTED}`],
  [
    'azure-storage-key',
    `AccountName=acct;AccountKey=${FAKE}==;EndpointSuffix=x`,
    'AccountName=acct;AccountKey=[redacted];EndpointSuffix=x',
  ],
  ['azure-sas-signature', `c?sv=2022&sig=${FAKE}%3D`, 'c?sv=2022&sig=[redacted]'],
  ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop', REDACTED],
  ['azure-ad-client-secret', `Ab18Q~${FAKE.slice(0, 34)}`, REDACTED],
  [
    'teams-webhook',
    `https://acme.webhook.office.com/webhookb2/${FAKE}@${FAKE}/IncomingWebhook/${FAKE}`,
    'https://acme.webhook.office.com/webhookb2/[redacted]',
  ],
  [
    'discord-webhook',
    `https://discord.com/api/webhooks/123456789012345678/${FAKE}${FAKE}`,
    'https://discord.com/api/webhooks/[redacted]',
  ],
  [
    'zapier-webhook',
    `https://hooks.zapier.com/hooks/catch/123456/${FAKE.slice(0, 8)}/`,
    'https://hooks.zapier.com/hooks/catch/[redacted]/',
  ],
  [
    'putty-key',
    `PuTTY-User-Key-File-3: ssh-ed25519\nPublic-Lines: 1\nAAAAC3Nza\nPrivate-Lines: 1\n${FAKE}\nPrivate-MAC: 00ff`,
    `PuTTY-User-Key-File-3: ssh-ed25519\nPublic-Lines: 1\nAAAAC3Nza\nPrivate-Lines: 1\n${REDACTED}\nPrivate-MAC: 00ff`,
  ],
  [
    'kubernetes-bootstrap-token',
    'kubeadm token list: abcdef.0123456789abcdef 23h',
    `kubeadm token list: ${REDACTED} 23h`,
  ],
  ['dockerhub-token (catalog)', `dckr_pat_${FAKE.slice(0, 27)}`, REDACTED],
  [
    'huggingface-token (letters)',
    `hf_${'aBcDeFgHiJkLmNoPqRsTuVwXyZ'.repeat(2).slice(0, 34)}`,
    REDACTED,
  ],

  [
    'url-password',
    'postgresql://app:s3cr3t-pw@db:5432/shop',
    'postgresql://app:[redacted]@db:5432/shop',
  ],
  ['authorization', 'Authorization: Bearer abc123def456ghi', 'Authorization: Bearer [redacted]'],
  ['secret-name', 'DB_PASSWORD=hunter2hunter2', 'DB_PASSWORD=[redacted]'],
  ['secret-flag', 'deploy --token s3cr3tValue9', 'deploy --token [redacted]'],
  ['secret-prose', 'my password is hunter2hunter2', 'my password is [redacted]'],
  ['cookie', 'Cookie: session=abcDEF123ghiJKL456', 'Cookie: session=[redacted]'],
  ['command-password', 'curl -u admin:s3cretPW https://x', 'curl -u admin:[redacted] https://x'],
  ['command-password (mysql)', 'mysql -u root -ps3cret9 shop', 'mysql -u root -p[redacted] shop'],
  ['opaque-key', 'agora asdf0987mnbv1234qsxojb6ygb2wsx0o', 'agora [redacted]'],
  [
    'private-key',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----',
    REDACTED,
  ],
];

/** Text that holds nothing to redact, to pad a secret with (a line of its own). */
const FILLER =
  'The build finished in 42 seconds and every check passed; the report lists each module, ' +
  'its size and the time it took, and nothing in it needs to be kept from anyone.\n';

/** `secret` padded to about `length` characters: `at` says where it stands in the text. */
function padded(secret: string, at: 'start' | 'middle' | 'end', length: number): string {
  const pad = FILLER.repeat(Math.ceil(length / FILLER.length) + 1);
  const room = Math.max(0, length - secret.length - 2);
  if (at === 'start') return `${secret}\n${pad.slice(0, room)}`;
  if (at === 'end') return `${pad.slice(0, room)}\n${secret}`;
  const half = Math.floor(room / 2);
  return `${pad.slice(0, half)}\n${secret}\n${pad.slice(0, room - half)}`;
}

describe('fast paths keep every family', () => {
  // 255 and 256 straddle the length from which redactions are remembered.
  const lengths = [100, 255, 256, 257, 5000];
  const places = ['start', 'middle', 'end'] as const;

  it.each(SECRETS)('%s, in text of any length, anywhere, seen again', (_family, secret, want) => {
    const r = createRedactor();
    for (const length of lengths)
      for (const at of places) {
        const text = padded(secret, at, length);
        const expected = text.replace(secret, want);
        expect(expected).not.toBe(text);
        const before = total(r.counts());
        expect(r.text(text)).toBe(expected);
        const once = total(r.counts()) - before;
        expect(once).toBeGreaterThan(0);
        // Seen again (remembered when long): the same text, the same counts again.
        expect(r.text(text)).toBe(expected);
        expect(total(r.counts()) - before).toBe(2 * once);
      }
  });

  it.each(SECRETS)('%s, as a value and under a key of a record', (_family, secret, want) => {
    const r = createRedactor();
    const text = padded(secret, 'middle', 600);
    const expected = text.replace(secret, want);
    const record = { type: 'user', message: { content: [{ type: 'text', text }] }, [text]: true };
    const out = r.value(record);
    expect(out.message.content[0]?.text).toBe(expected);
    // A key is redacted as text too (issue 23, item 5: a token used as a key), the flag under it
    // kept (even under a secret's name).
    expect(out[text]).toBeUndefined();
    expect(out[expected]).toBe(true);
    // The same record again gives the same result (the long text remembered).
    expect(r.value(record)).toEqual(out);
  });

  it('judges a key name each time it is seen, short (remembered) or long (not)', () => {
    const r = createRedactor();
    for (const key of ['db_password', `${'x'.repeat(80)}_password`, 'input_tokens', 'note'])
      for (let i = 0; i < 2; i++) {
        const out = r.value({ [key]: 'hunter2hunter2', n: 1 });
        const secret = key.endsWith('password');
        expect(out[key]).toBe(secret ? REDACTED : 'hunter2hunter2');
      }
  });

  it('gives the same string back for clean long text, also when remembered', () => {
    const r = createRedactor();
    const text = FILLER.repeat(10);
    expect(r.text(text)).toBe(text);
    expect(r.text(text)).toBe(text);
    expect(r.counts()).toEqual({});
  });

  it('remembers per redactor: allowed values stay allowed, others are not', () => {
    const secret = `sk-proj-${FAKE}`;
    const text = padded(`OPENAI_KEY=${secret}`, 'middle', 600);
    const allowing = createRedactor({ config: { allow: [secret] } });
    expect(allowing.text(text)).toBe(text);
    expect(createRedactor().text(text)).not.toContain(secret);
    expect(allowing.text(text)).toBe(text);
  });
});

describe('requiredLiteral', () => {
  it.each([
    ['sk-ant-[A-Za-z0-9_-]{8,}', 'sk-ant-'],
    ['sk-ant-admin\\d\\d-[A-Za-z0-9_-]{8,}', 'sk-ant-admin'],
    ['sk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}', 'sk-'],
    ['(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}', '_'],
    ['gh[pousr]_[A-Za-z0-9]{20,}', 'gh'],
    ['(hooks\\.slack\\.com/(?:a|b)/)([A-Za-z0-9/_-]{16,})', 'hooks.slack.com/'],
    ['(FlyV1[ \\t]+)(fm\\d_[A-Za-z0-9+/=_,-]{16,})', 'FlyV1'],
    ['(?<![A-Za-z])abc', 'abc'],
    ['(?=xyz)abc', 'abc'],
    ['(?<name>abcd)e?', 'abcd'],
    // An optional or repeated atom ends a run: `ab?c` need not hold `abc`, `ab+c` holds `ab`.
    ['ab?cd', 'cd'],
    ['abc*def', 'def'],
    ['ab+cd', 'ab'],
    ['ab{0,2}cde', 'cde'],
    ['ab{2}c', 'ab'],
    ['ab+?c', 'ab'],
    // Escapes: a class (\d, \w, \s, \b, \t) is no literal; an escaped punctuation mark is one.
    ['SG\\.[A-Z]', 'SG.'],
    ['a\\db\\.c', 'b.c'],
    ['x\\ty', 'x'],
    ['do[opr]_v1_[a-f0-9]{64}', '_v1_'],
    // Nothing required, or not read: an alternation, a class, an unknown group.
    ['abc|def', ''],
    ['[abc]+', ''],
    ['(?:AKIA|ASIA)[A-Z0-9]{16}', ''],
    ['(?i:abc)', ''],
    ['(abc', ''],
    ['a{x', ''],
  ])('%s -> %s', (source, want) => {
    expect(requiredLiteral(source)).toBe(want);
  });

  // Every match of every token rule holds its gate, on the labelled corpus, the examples above and
  // the page that shows an example of each token shape (token-rules.ts).
  const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');
  const corpus = read('../fixtures/redact-corpus/corpus.jsonl');
  const page = read('../../docs/commands/redact.md');
  const texts = [corpus, page, ...SECRETS.map(([, s]) => s), JSON.stringify(corpus)];
  it.each(TOKEN_RULES.map((r) => [r.kind, r.body] as const))('%s: %s', (_kind, body) => {
    const gate = requiredLiteral(body);
    const re = new RegExp(body, 'g');
    let matches = 0;
    for (const t of texts)
      for (const m of t.matchAll(re)) {
        matches++;
        expect(m[0]).toContain(gate);
      }
    expect(matches).toBeGreaterThan(0);
  });
});

describe('TextMemo', () => {
  const counting = () => {
    let calls = 0;
    const redact = (s: string, count: (kind: string) => void): string => {
      calls++;
      if (!s.includes('SECRET')) return s;
      count('k');
      return s.replaceAll('SECRET', '[redacted]');
    };
    return { redact, calls: () => calls };
  };

  it('answers a text seen before without redacting it again, counts included', () => {
    const memo = new TextMemo(4, 1000);
    const { redact, calls } = counting();
    const counted: string[] = [];
    const count = (k: string): number => counted.push(k);
    expect(memo.text('a SECRET here', redact, count)).toBe('a [redacted] here');
    expect(memo.text('a SECRET here', redact, count)).toBe('a [redacted] here');
    expect(memo.text('clean text', redact, count)).toBe('clean text');
    expect(memo.text('clean text', redact, count)).toBe('clean text');
    expect(calls()).toBe(2);
    expect(counted).toEqual(['k', 'k']);
  });

  it('holds at most its bound, forgetting the oldest first', () => {
    const memo = new TextMemo(4, 100);
    const { redact, calls } = counting();
    const texts = Array.from({ length: 30 }, (_, i) => `text number ${String(i).padStart(3, '0')}`);
    for (const t of texts) memo.text(t, redact, () => undefined);
    expect(memo.chars).toBeLessThanOrEqual(100);
    expect(memo.chars).toBeGreaterThan(100 - texts[0]!.length);
    const before = calls();
    memo.text(texts[29]!, redact, () => undefined); // the newest: remembered
    expect(calls()).toBe(before);
    memo.text(texts[0]!, redact, () => undefined); // the oldest: forgotten, redacted again
    expect(calls()).toBe(before + 1);
    // A changed text counts with its redaction; one longer than the bound is not kept.
    memo.text('x'.repeat(200), redact, () => undefined);
    expect(memo.chars).toBeLessThanOrEqual(100);
  });
});

describe('hasOpaqueKey, the sampled look of the prescan for opaque keys', () => {
  const KEY = 'asdf0987mnbv1234qsxojb6ygb2wsx0o'; // 32: the shortest opaque key

  it('finds a key at every offset, and not one a character short', () => {
    for (let k = 0; k < 48; k++) {
      const pad = ' '.repeat(k);
      expect(hasOpaqueKey(`${pad}${KEY} and more text after it`)).toBe(true);
      expect(hasOpaqueKey(`${pad}${KEY.slice(1)} and more text after it`)).toBe(false);
    }
  });

  it('is a superset of the opaque-key rule on random text', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    let found = 0;
    for (let t = 0; t < 3000; t++) {
      let s = '';
      const length = Math.floor(random() * 300);
      for (let i = 0; i < length; i++)
        s +=
          random() < 0.93 ? alphabet[Math.floor(random() * 36)] : ' -_A'[Math.floor(random() * 4)];
      const spans: Span[] = [];
      findOpaqueKeys(s, spans);
      if (spans.length > 0) {
        found++;
        expect(hasOpaqueKey(s)).toBe(true);
      }
    }
    expect(found).toBeGreaterThan(100);
  });
});

function total(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
