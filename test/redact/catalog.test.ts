import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/redact/redactor.js';
import { CATALOG } from '../../src/redact/providers/catalog/index.js';
import { CHECKSUMS, githubChecksumOf } from '../../src/redact/providers/checksums.js';
import { TokenCatalog } from '../../src/redact/providers/compile.js';
import type { ProviderFormat } from '../../src/redact/providers/provider-format.js';
import { formatProblem } from '../../src/redact/providers/validate.js';
import {
  deriveStartTables,
  decodeStartTables,
  encodeStartTables,
} from '../../src/redact/start-tables.js';
import { TOKEN_RULES } from '../../src/redact/token-rules.js';
import { bin, ensureBuilt } from '../shared.js';
import { prng, sample, tokenOf, tooShortOf } from './token-samples.js';

// Every entry of the token catalog, checked from the entry itself: a token made from its prefix
// and its body's own regex is removed wherever it stands; its bare prefix, a body one character
// short and (unless the entry says it may be) the token glued after a word are kept.

const rand = prng(23);

/** A hand-written rule takes this kind glued to a word when it has a digit (Flockdeck's). */
const gluedWithDigit = new Set(TOKEN_RULES.filter((r) => r.notAfter === '').map((r) => r.kind));

/** The token glued after a word, as the entry must not take it (a checksum that fails). */
function gluedToken(f: ProviderFormat): string {
  let t = tokenOf(f, rand);
  if (gluedWithDigit.has(f.kind)) {
    const prefix = f.prefixes.find((p) => t.startsWith(p)) as string;
    t = prefix + t.slice(prefix.length).replace(/\d/g, 'q');
  }
  return `word${t}`;
}

const whole = new TokenCatalog(CATALOG);
/** Does some entry of the catalog take something in `text` (another entry, for a negative of one)? */
const catalogTakes = (text: string): boolean => {
  const spans: never[] = [];
  whole.find(text, spans);
  return spans.length > 0;
};
/** Do the catalog's other entries take something in `text`? */
const othersTake = (f: ProviderFormat, text: string): boolean => {
  const spans: never[] = [];
  new TokenCatalog(CATALOG.filter((x) => x !== f)).find(text, spans);
  return spans.length > 0;
};
/** Does the entry alone take something in `text`? */
const entryTakes = (f: ProviderFormat, text: string): boolean => {
  const spans: never[] = [];
  new TokenCatalog([f]).find(text, spans);
  return spans.length > 0;
};

const entries = CATALOG.map((f, i) => ({
  name: `${i} ${f.kind} ${f.prefixes.join(' ')}`,
  f,
  token: tokenOf(f, rand),
  short: tooShortOf(f, rand),
  glued: gluedToken(f),
}));

/** Where a token is written, as a user's agent writes it. */
const PLACES: [string, (t: string) => unknown][] = [
  [
    'a prompt',
    (t) => ({ type: 'user', message: { role: 'user', content: `please use ${t} for this` } }),
  ],
  [
    'an Authorization header',
    (t) => bash(`curl -H "Authorization: ${t}" https://api.example.com/v1`),
  ],
  [
    'a JSON value',
    (t) => ({
      type: 'assistant',
      message: {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_2', name: 'Configure', input: { settings: { value: t } } },
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
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: `output:\n${t}\n` }],
      },
    }),
  ],
  ['an env assignment', (t) => bash(`export APP_SETTING=${t} && ./run.sh`)],
];

function bash(command: string): unknown {
  return {
    type: 'assistant',
    message: {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command } }],
    },
  };
}

const prompt = PLACES[0]![1];

/**
 * The kinds the whole default redactor counts on `text`. An entry's negatives (its bare prefix,
 * a body one short, glued after a word) must not be taken by the entry itself; another rule may
 * take them (`secret-token:` is a secret's name, `cloudinary://u:p@` a URL password, `sk-lf-…` an
 * `sk-` key), and then the text is changed by that rule, under its own kind.
 */
function kindsOn(text: string): Record<string, number> {
  const r = createRedactor();
  r.text(text);
  return r.counts();
}
/** Is `text` left as it is by every rule, or taken only by rules of other kinds than `kind`? */
const notTakenAs = (kind: string, text: string): { kept: boolean; ok: boolean } => {
  const kinds = kindsOn(text);
  return { kept: Object.keys(kinds).length === 0, ok: kinds[kind] === undefined };
};
/**
 * A token whose prefix an earlier entry of another kind has too (two providers documenting the
 * same prefix: Stripe's and Paystack's `sk_live_`) is counted under the earlier entry's kind.
 * Every other token is counted under its own kind, also where a broader prefix takes it at the
 * same place: the longest prefix names the kind (Langfuse's `sk-lf-` before OpenAI's `sk-`).
 */
const shadowed = (e: { f: ProviderFormat; token: string }): boolean =>
  CATALOG.slice(0, CATALOG.indexOf(e.f)).some(
    (o) => o.kind !== e.f.kind && o.prefixes.some((p) => e.f.prefixes.includes(p)),
  );

describe('the token catalog', () => {
  it.each(entries.map((e) => [e.name, e.f] as const))(
    '%s: cites an https source and compiles',
    (_n, f) => {
      expect(f.source).toMatch(/^https:\/\//);
      expect(formatProblem(f)).toBeUndefined();
      expect(() => new TokenCatalog([f])).not.toThrow();
    },
  );

  it('is one matcher, each prefix at most once per entry', () => {
    const c = new TokenCatalog(CATALOG);
    expect(c.formats).toHaveLength(CATALOG.length);
    for (const f of CATALOG) expect(new Set(f.prefixes).size).toBe(f.prefixes.length);
  });
});

describe('every catalog entry, through the built CLI', () => {
  const rows = entries.flatMap((e) => [
    ...PLACES.map(([place, wrap]) => ({
      e,
      place,
      secret: e.token,
      line: wrap(e.token),
      kept: false,
    })),
    {
      e,
      place: 'bare prefix',
      secret: '',
      line: prompt(`${e.f.prefixes[0]} `),
      kept: notTakenAs(e.f.kind, `please use ${e.f.prefixes[0]}  for this`).kept,
    },
    // Kept, unless a broader entry takes it (`sk-ant-admin01-` one short is an `sk-ant-` key).
    {
      e,
      place: 'one character short',
      secret: e.short,
      line: prompt(e.short),
      kept:
        !catalogTakes(` ${e.short} `) &&
        notTakenAs(e.f.kind, `please use ${e.short} for this`).kept,
    },
    {
      e,
      place: 'glued after a word',
      secret: e.glued,
      line: prompt(e.glued),
      kept: e.f.gluedBefore !== true && notTakenAs(e.f.kind, `please use ${e.glued} for this`).kept,
    },
  ]);
  const input = rows.map((r) => JSON.stringify(r.line)).join('\n') + '\n';
  let out: string[] = [];
  let report: Record<string, number> = {};
  beforeAll(() => {
    ensureBuilt();
    const r = spawnSync(process.execPath, [bin, 'redact', '--report=json'], {
      input,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, LANG: 'C', TXPIPE_WORKERS: '0' },
    });
    expect(r.status).toBe(0);
    out = r.stdout.split('\n');
    report = JSON.parse(r.stderr.trim().split('\n').pop() as string);
  });

  it.each(rows.map((r, i) => [r.e.name, r.place, i] as const))('%s, in %s', (_n, _p, i) => {
    const row = rows[i]!;
    const line = out[i] as string;
    if (row.kept) {
      expect(line).toBe(JSON.stringify(row.line));
    } else {
      expect(line).toContain('[redacted]');
      if (row.secret !== '') {
        expect(line).not.toContain(row.secret);
        expect(line).not.toContain(row.secret.slice(-12));
      }
    }
  });

  it.each(entries.filter((e) => !shadowed(e)).map((e) => [e.name, e.f.kind] as const))(
    '%s: its kind is in --report=json',
    (_n, kind) => {
      expect(report[kind]).toBeGreaterThan(0);
    },
  );
});

describe('every catalog entry, by the library', () => {
  it.each(entries.map((e) => [e.name, e] as const))(
    '%s: leaves its bare prefix and a body one short',
    (_n, e) => {
      expect(entryTakes(e.f, `use ${e.f.prefixes[0]} now`)).toBe(false);
      expect(entryTakes(e.f, `use ${e.short} now`)).toBe(false);
      expect(entryTakes(e.f, `use ${e.token} now`)).toBe(true);
    },
  );

  it.each(entries.map((e) => [e.name, e] as const))(
    '%s: counted under its kind, glued as it says',
    (_n, e) => {
      const r = createRedactor();
      const text = `use ${e.token} now`;
      expect(r.text(text)).toBe('use [redacted] now');
      if (!shadowed(e)) expect(r.counts()).toEqual({ [e.f.kind]: 1 });
      const glued = `use ${e.glued} now`;
      const other = notTakenAs(e.f.kind, glued);
      if (e.f.gluedBefore === true) expect(r.text(glued)).toBe('use word[redacted] now');
      else if (other.kept) expect(r.text(glued)).toBe(glued);
      // Taken by another rule, or by another entry of the same kind (a second prefix of it).
      else expect(other.ok || othersTake(e.f, glued)).toBe(true);
    },
  );
});

describe("GitHub's checksum (github-crc32)", () => {
  const github = CATALOG.find((f) => f.checksum === 'github-crc32') as ProviderFormat;
  const only = new TokenCatalog([github]);
  const found = (s: string) => {
    const spans: { start: number; end: number }[] = [];
    only.find(s, spans as never);
    return spans.map((sp) => s.slice(sp.start, sp.end));
  };
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

  it("is the CRC-32 of the random part in base 62 (GitHub's published example)", () => {
    // From GitHub's post on its token formats: a revoked token whose checksum holds.
    expect(githubChecksumOf('wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO')).toBe('0pINUx');
    expect(CHECKSUMS['github-crc32']('ghp_', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx')).toBe(true);
    expect(CHECKSUMS['github-crc32']('ghp_', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUy')).toBe(false);
  });

  it.each([...Array(20).keys()])(
    'takes a glued token whose checksum holds, not one whose does not (%i)',
    () => {
      const random = sample(`[${letters}]{30}`, rand);
      const valid = `ghp_${random}${githubChecksumOf(random)}`;
      const invalid =
        `ghp_${random}${githubChecksumOf(random).split('').reverse().join('')}x`.slice(0, 40);
      expect(found(`tokenis${valid}.`)).toEqual([valid]);
      if (!CHECKSUMS['github-crc32']('ghp_', invalid.slice(4)))
        expect(found(`tokenis${invalid}.`)).toEqual([]);
      // Standing alone, a token is taken whatever its checksum (test fakes rarely hold one).
      expect(found(`token: ${invalid}.`)).toEqual([invalid]);
      // And through the rules: glued and checksum-valid, it is removed.
      expect(createRedactor().text(`x${valid} y`)).toBe('x[redacted] y');
    },
  );
});

describe('catalog validation', () => {
  const ok: ProviderFormat = {
    kind: 'acme-key',
    provider: 'Acme',
    source: 'https://docs.acme.example/keys',
    prefixes: ['acme_'],
    body: '[A-Za-z0-9]{32}',
  };
  it.each([
    ['an http source', { ...ok, source: 'http://docs.acme.example/keys' }],
    ['no source', { ...ok, source: '' }],
    ['a kind not kebab-case', { ...ok, kind: 'Acme_Key' }],
    ['a two-character prefix', { ...ok, prefixes: ['ac'] }],
    ['a prefix with a quote', { ...ok, prefixes: ['ac"e_'] }],
    ['a prefix with a star', { ...ok, prefixes: ['acm*'] }],
    ['a capture group', { ...ok, body: '([a-z]{32})' }],
    ['an anchor', { ...ok, body: '[a-z]{32}$' }],
    ['a look-ahead', { ...ok, body: '[a-z]{32}(?![a-z])' }],
    ['a dot', { ...ok, body: '.{32}' }],
    ['a negated class', { ...ok, body: '[^ ]{32}' }],
    ['a body matching nothing', { ...ok, body: '[a-z]*' }],
    ['a body matching a quote', { ...ok, body: '[a-z"]{32}' }],
    ['a body matching a blank', { ...ok, body: '[a-z ]{32}' }],
    ['a bad regex', { ...ok, body: '[a-z{32}' }],
    ['an unknown checksum', { ...ok, checksum: 'luhn' as never }],
  ])('refuses %s', (_what, f) => {
    expect(formatProblem(f)).toBeDefined();
    expect(() => new TokenCatalog([ok, f])).toThrow(/token catalog: Acme/);
  });

  it('takes hundreds of providers: starts past 255 pair slots get 16-bit tables', () => {
    const many: ProviderFormat[] = [];
    const abc = 'abcdefghijklmnopqrstuvwxyz0123456789';
    for (const a of abc)
      for (const b of abc.slice(0, 18)) many.push({ ...ok, kind: 'k', prefixes: [`${a}${b}x_`] });
    const c = new TokenCatalog([...CATALOG, ...many]);
    const starts = [...CATALOG, ...many].flatMap((f) => f.prefixes.map((p) => p.slice(0, 4)));
    const t = deriveStartTables([], starts);
    expect(t).toBeDefined();
    expect(t!.pairs).toBeInstanceOf(Uint16Array);
    expect([...decodeStartTables(encodeStartTables(t!)).pairs]).toEqual([...t!.pairs]);
    const spans: never[] = [];
    c.find(`see zqx_${'A1b2'.repeat(8)} here`, spans);
    expect(spans).toHaveLength(1);
  });
});

describe('docs/commands/redact.md', () => {
  const page = readFileSync(new URL('../../docs/commands/redact.md', import.meta.url), 'utf8');
  it('names every hand-written token kind and explains every field of a catalog entry', () => {
    for (const r of TOKEN_RULES) expect(page).toContain(`\`${r.kind}\``);
    const fields = new Set(CATALOG.flatMap((f) => Object.keys(f)));
    for (const field of fields) expect(page).toContain(`\`${field}\``);
    for (const file of ['core.ts', 'secrets-and-infra.ts', 'apps-and-ai.ts'])
      expect(page).toContain(file);
  });
});
