import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, ensureBuilt } from '../shared.js';

// Issue 23: token formats with a documented prefix that `redact` kept, each in the shape its
// provider documents, in a prompt, a `-H` header and a tool's output, through the built CLI.
// (test/redact/catalog.test.ts checks every catalog entry from the entry itself; this table is
// the list, written out once so that a lost format shows by name.)

/** `n` characters of `alphabet`, picked by a fixed sequence (no randomness between runs). */
function pick(alphabet: string, n: number, seed: number): string {
  let out = '';
  let x = seed;
  for (let i = 0; i < n; i++) {
    // In 32-bit integer arithmetic: as doubles, the product passes 2^53 and loses its low bits
    // (the bodies came out as runs of `0`, the filler of a stand-in, not a token).
    x = ((Math.imul(x, 1103515245) + 12345) >>> 0) % 2 ** 31;
    out += alphabet[(x >>> 16) % alphabet.length];
  }
  return out;
}
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const BECH32 = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
const uuid = (seed: number): string =>
  [8, 4, 4, 4, 12].map((n, i) => pick(HEX, n, seed + i)).join('-');

/** [what, text holding the secret, the secret (what must be gone), what must stay]. */
const FORMATS: [string, string, string, string?][] = [
  ['Hugging Face hf_ + 34 letters (no digit)', '', `hf_${pick(LETTERS, 34, 1)}`],
  ['Hugging Face api_org_ + 34 letters', '', `api_org_${pick(LETTERS, 34, 2)}`],
  ['Azure AD client secret', '', `${pick(ALNUM, 3, 3)}8Q~${pick(ALNUM + '_~.-', 34, 4)}`],
  ['Docker Hub dckr_pat_', '', `dckr_pat_${pick(ALNUM + '_-', 27, 5)}`],
  ['Doppler dp.pt.', '', `dp.pt.${pick(ALNUM, 43, 6)}`],
  ['Doppler dp.st.', '', `dp.st.${pick(ALNUM, 43, 7)}`],
  ['Doppler dp.st.<config>.', '', `dp.st.prd.${pick(ALNUM, 40, 8)}`],
  ['Doppler dp.ct.', '', `dp.ct.${pick(ALNUM, 43, 9)}`],
  ['Doppler dp.sa.', '', `dp.sa.${pick(ALNUM, 43, 10)}`],
  ['Doppler dp.scim.', '', `dp.scim.${pick(ALNUM, 43, 11)}`],
  ['Doppler dp.audit.', '', `dp.audit.${pick(ALNUM, 43, 12)}`],
  ['Dependency-Track odt_', '', `odt_${pick(ALNUM, 32, 13)}`],
  ['Notion ntn_', '', `ntn_${pick('0123456789', 11, 14)}${pick(ALNUM, 35, 15)}`],
  ['Sourcegraph sgp_', '', `sgp_${pick(HEX, 16, 16)}_${pick(HEX, 40, 17)}`],
  ['Sourcegraph sgp_local_', '', `sgp_local_${pick(HEX, 40, 18)}`],
  ['Stripe restricted rk_live_', '', `rk_live_${pick(ALNUM, 99, 19)}`],
  ['Vault hvs.', '', `hvs.${pick(ALNUM + '_-', 92, 20)}`],
  ['Vault hvb.', '', `hvb.${pick(ALNUM + '_-', 140, 21)}`],
  ['Vault hvr.', '', `hvr.${pick(ALNUM + '_-', 24, 22)}`],
  [
    'Sentry sntrys_',
    '',
    `sntrys_eyJpYXQiOjE3M${pick(ALNUM + '+/', 120, 23)}_${pick(ALNUM + '+/', 43, 24)}`,
  ],
  ['Sentry sntryu_', '', `sntryu_${pick(HEX, 64, 25)}`],
  ['Tavily tvly-', '', `tvly-${pick(ALNUM, 32, 26)}`],
  ['age secret key', '', `AGE-SECRET-KEY-1${pick(BECH32, 58, 27)}`],
  ['New Relic NRAK-', '', `NRAK-${pick(UPPER, 27, 28)}`],
  ['New Relic NRII-', '', `NRII-${pick(ALNUM + '_-', 32, 29)}`],
  ['New Relic NRJS-', '', `NRJS-${pick(HEX, 19, 30)}`],
  [
    '1Password secret key',
    '',
    `A3-${pick(UPPER, 6, 31)}-${pick(UPPER, 6, 32)}-${pick(UPPER, 5, 33)}-${pick(UPPER, 5, 34)}-${pick(UPPER, 5, 35)}-${pick(UPPER, 5, 36)}`,
  ],
  ['Cloudflare origin CA key', '', `v1.0-${pick(HEX, 24, 37)}-${pick(HEX, 146, 38)}`],
  ['Facebook access token', '', `EAAC${pick(ALNUM, 120, 39)}`],
  [
    'Facebook app access token, appid|secret (the id kept)',
    '123456789012345|',
    pick(HEX, 32, 60),
    '123456789012345|',
  ],
  [
    'Microsoft Teams webhook (host kept)',
    'https://acme.webhook.office.com/webhookb2/',
    `${uuid(40)}@${uuid(45)}/IncomingWebhook/${pick(HEX, 32, 50)}/${uuid(51)}`,
    'https://acme.webhook.office.com/webhookb2/',
  ],
  [
    'Discord webhook (host kept)',
    'https://discord.com/api/webhooks/',
    `123456789012345678/${pick(ALNUM + '_-', 68, 56)}`,
    'https://discord.com/api/webhooks/',
  ],
  [
    'PuTTY key file: its private lines',
    `PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: eddsa-key-20240101\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIDhfd0Rp3pDT1fP2aWJ5\nQ2xvdWQ=\nPrivate-Lines: 1\n`,
    pick(ALNUM + '+/', 48, 57),
    'PuTTY-User-Key-File-3: ssh-ed25519',
  ],
  [
    'Kubernetes bootstrap token in kubeadm output',
    'kubeadm token list\nTOKEN                     TTL   EXPIRES\n',
    `${pick('abcdefghijklmnopqrstuvwxyz0123456789', 6, 59)}.${pick('abcdefghijklmnopqrstuvwxyz0123456789', 16, 60)}`,
    'kubeadm token list',
  ],
];

/** The places a secret is written in: a prompt, a curl header, a Bash tool's output. */
const PLACES: [string, (text: string) => unknown][] = [
  ['a prompt', (t) => ({ type: 'user', message: { role: 'user', content: `here: ${t} thanks` } })],
  [
    'a -H header',
    (t) => ({
      type: 'assistant',
      message: {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'toolu_1',
            name: 'Bash',
            input: { command: `curl -H "X-Provider: ${t}" https://api.example.com/v1` },
          },
        ],
      },
    }),
  ],
  [
    "a tool's output",
    (t) => ({
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: `out:\n${t}\ndone` }],
      },
    }),
  ],
];

beforeAll(ensureBuilt);

describe('issue 23: documented token formats are removed (the built CLI)', () => {
  const rows = FORMATS.flatMap(([what, before, secret, kept]) =>
    PLACES.map(([place, wrap]) => ({ what, place, secret, kept, line: wrap(before + secret) })),
  );
  const input = rows.map((r) => JSON.stringify(r.line)).join('\n') + '\n';
  let out: string[] = [];
  beforeAll(() => {
    const r = spawnSync(process.execPath, [bin, 'redact'], {
      input,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, LANG: 'C', TXPIPE_WORKERS: '0' },
    });
    expect(r.status).toBe(0);
    out = r.stdout.split('\n');
  });

  it.each(rows.map((r, i) => [r.what, r.place, i] as const))('%s, in %s', (_what, _place, i) => {
    const row = rows[i]!;
    const line = out[i] as string;
    expect(line).toContain('[redacted]');
    // The secret is gone whole: no run of 12 of its characters is left.
    for (let at = 0; at + 12 <= row.secret.length; at += 6)
      expect(line).not.toContain(JSON.stringify(row.secret.slice(at, at + 12)).slice(1, -1));
    if (row.kept) expect(line).toContain(JSON.stringify(row.kept).slice(1, -1));
  });
});
