import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePrescan, PRESCAN_FILE, PRESCAN_TEXT } from '../../src/redact/prescan.js';
import { createRedactor } from '../../src/redact/redactor.js';
import { CATALOG } from '../../src/redact/providers/catalog/index.js';
import { TextRules } from '../../src/redact/text-rules.js';
import { prng, tokenOf, tooShortOf } from './token-samples.js';
import { fixture } from '../shared.js';

const vectors = JSON.parse(readFileSync(fixture('flockdeck', 'redact_vectors.json'), 'utf8'));
const exact = (vectors.redact_exact.cases as [string, string][])
  .filter(([input, output]) => input !== output)
  .map(([input]) => input);
const FAKE = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0';
const samples = [
  ...exact,
  ...(vectors.redact_removes_fragment.secrets as string[]),
  ...(vectors.quoted_values_with_n.lines as string[]),
  `x sk-ant-api03-${FAKE}`,
  `x ghp_${FAKE}`,
  'x AKIAIOSFODNN7EXAMPLE',
  `x https://hooks.slack.com/services/T0/B0/${FAKE}`,
  `AccountKey=${FAKE}==;`,
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop',
  `SK${'0123456789abcdef'.repeat(2)}`,
  `dop_v1_${'0123456789abcdef'.repeat(4)}`,
  'TOKEN_FOO: bar',
  `x rootly_${'0123456789abcdef'.repeat(4)}`,
  `x rk_test_${FAKE}`,
  `API_KEY\t= ${FAKE}`,
  'x\t--password\thunter2',
];

/** Every line of every shared JSON Lines fixture (ordinary text, mostly). */
function fixtureLines(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return fixtureLines(p);
    return n.endsWith('.jsonl') ? readFileSync(p, 'utf8').split('\n') : [];
  });
}

describe('prescan', () => {
  const tables = compilePrescan([], []);
  const regex = compilePrescan([], [], 'regex');
  const r = createRedactor();

  it.each(samples.map((s) => [s]))('sees %j as text and as a raw JSON line', (s) => {
    expect(r.text(s)).not.toBe(s);
    expect(tables(s) & PRESCAN_TEXT).toBe(PRESCAN_TEXT);
    // Inside JSON, quotes, tabs and newlines are escaped: the raw line must still be a hit.
    expect(tables(JSON.stringify({ message: { content: s } })) & PRESCAN_TEXT).toBe(PRESCAN_TEXT);
    expect(tables(JSON.stringify({ nested: JSON.stringify({ s }) })) & PRESCAN_TEXT).toBe(
      PRESCAN_TEXT,
    );
  });

  it('gives the same verdicts with its tables as with the regex alone, on every fixture line', () => {
    const lines = [...fixtureLines(fixture()), ...samples];
    let hits = 0;
    for (const line of lines) {
      const v = tables(line);
      expect([line.slice(0, 80), v]).toEqual([line.slice(0, 80), regex(line)]);
      if (v & PRESCAN_TEXT) hits++;
    }
    expect(hits).toBeGreaterThan(0);
    expect(hits).toBeLessThan(lines.length / 10);
  });

  // The tables are looked up with a character's low seven bits and hold both cases of a letter:
  // in upper case, and where a character past ASCII (é is 0xE9, seen as `i`) stands next to a
  // start, the verdicts must still be the regex's. Config names are in the tables too.
  it.each([
    ['upper-cased', (l: string) => l.toUpperCase()],
    ['past ASCII', (l: string) => l.replace(/[aeiost]/g, (c) => `${c}\u00e9\u0150${c}`)],
  ])('gives the regex verdicts on every fixture line %s', (_name, change) => {
    const lines = [...fixtureLines(fixture()), ...samples].map(change);
    const names = ['hunter', 'zéphyr', 'ŠIFRA'];
    const t = compilePrescan(names, []);
    const x = compilePrescan(names, [], 'regex');
    let hits = 0;
    for (const line of [...lines, 'my ZÉPHYR=1', 'šifra: 1', 'HUNTER2 x']) {
      const v = t(line);
      expect([line.slice(0, 80), v]).toEqual([line.slice(0, 80), x(line)]);
      expect([line.slice(0, 80), tables(line)]).toEqual([line.slice(0, 80), regex(line)]);
      if (v & PRESCAN_TEXT) hits++;
    }
    expect(hits).toBeGreaterThan(3);
  });

  // `root` is skipped unless `ly_` follows, and `key` unless a quote, blank, `\\`, `:` or `=`
  // follows (what the rules need there): the same verdicts as the regex, with and without config
  // names (which may start with `root`).
  it.each([[[] as string[]], [['rootpw']], [['keyring']]])(
    'skips root and key only where the regex would (names %j)',
    (names) => {
      const t = compilePrescan(names, []);
      const x = compilePrescan(names, [], 'regex');
      const edges = [
        'root /root rootDir ROOT Rootly rootly rootly_x ROOTLY_ rootl',
        `rootly_${'ab12'.repeat(16)}`,
        `ROOTLY_${'AB12'.repeat(16)}`,
        'rk_test_ rk_live_ RK_TEST_ rk_tes',
        'keys, key; monkey key. keyring=1 rootpw: 2',
        `key = ${FAKE}`,
        `KEY:${FAKE}`,
        `{"key":"${FAKE}"}`,
        JSON.stringify({ s: JSON.stringify({ key: FAKE }) }),
        `key\t=\t${FAKE}`,
        `key'='${FAKE}`,
      ];
      for (const line of edges) expect([line, t(line)]).toEqual([line, x(line)]);
      expect(edges.filter((l) => t(l) & PRESCAN_TEXT).length).toBeGreaterThan(5);
    },
  );

  it('sees escaped ASCII and escaped slashes, and uses the regex for short config names', () => {
    expect(tables('{"a":"\\u0041"}')).toBe(PRESCAN_TEXT);
    expect(tables('{"a":"x\\/y"}')).toBe(PRESCAN_TEXT);
    expect(tables('{"a":"\\u00e9"}')).toBe(0);
    const short = compilePrescan(['pw'], []);
    expect(short('PW=1234') & PRESCAN_TEXT).toBe(PRESCAN_TEXT);
    expect(compilePrescan([], [/acme_\d+/g])('acme_12')).toBe(PRESCAN_TEXT);
  });
});

describe('prescan: secret-file names in raw lines', () => {
  const scan = compilePrescan([], []);
  it.each([
    ['{"command":"cat ~/.ssh/id_rsa"}', PRESCAN_FILE],
    ['{"command":"cat\\nid_rsa"}', PRESCAN_FILE],
    ['{"file_path":"/w/.env"}', PRESCAN_FILE],
    ['{"file_path":"/w/store.keystore"}', PRESCAN_FILE],
    ['{"file_path":"C:\\\\certs\\\\server.pem"}', PRESCAN_FILE],
    ['{"text":"{:error, :invalid_format} and trace_id_ratio"}', 0],
    ['{"text":"Mix.env() == :prod"}', 0],
    ['{"text":"Object.keys(x)"}', 0],
  ])('%s', (raw, want) => {
    expect(scan(raw)).toBe(want);
  });
});

describe('prescan: every token catalog entry (a superset of the catalog, exact where it is not)', () => {
  const tables = compilePrescan([], []);
  const regex = compilePrescan([], [], 'regex');
  const rand = prng(7);
  const rules = new TextRules({ names: [], patterns: [], pii: false });
  const forms = (s: string): string[] => [
    s,
    JSON.stringify({ message: { content: s } }),
    JSON.stringify({ nested: JSON.stringify({ s }) }),
  ];

  it.each(CATALOG.map((f, i) => [`${i} ${f.kind} ${f.prefixes.join(' ')}`, f] as const))(
    '%s: a token standing alone, after a line break and glued is a hit, as text and in JSON',
    (_name, f) => {
      for (let k = 0; k < 5; k++) {
        const t = tokenOf(f, rand);
        for (const s of [`x ${t}`, `x\n${t}\ty`, `word${t}`, `"${t}"`, t])
          for (const form of forms(s)) {
            expect([form, tables(form) & PRESCAN_TEXT]).toEqual([form, PRESCAN_TEXT]);
            expect([form, regex(form) & PRESCAN_TEXT]).toEqual([form, PRESCAN_TEXT]);
          }
      }
    },
  );

  // Texts built of catalog tokens, tokens one character short, bare prefixes and filler, glued
  // every way: wherever the text rules find anything, the prescan flags the text and its raw
  // JSON lines, with its tables and with the regex alone.
  const fragment = fc.oneof(
    fc.nat().map((n) => tokenOf(CATALOG[n % CATALOG.length]!, prng(n + 1))),
    fc.nat().map((n) => tooShortOf(CATALOG[n % CATALOG.length]!, prng(n + 1))),
    fc.nat().map((n) => CATALOG[n % CATALOG.length]!.prefixes[0]!),
    fc.constantFrom('the', 'x', '42', 'é', '日本', ' ', '\n', '"', '_', '-', '.', '/', 'Q~'),
  );
  const texts = fc.array(fragment, { minLength: 1, maxLength: 6 }).map((p) => p.join(''));

  it('is a superset of the rules on generated texts of catalog tokens', () => {
    let found = 0;
    fc.assert(
      fc.property(texts, (s) => {
        const hit = rules.spans(s).length > 0;
        if (hit) found++;
        if (hit)
          for (const form of forms(s)) {
            expect([form, tables(form) & PRESCAN_TEXT]).toEqual([form, PRESCAN_TEXT]);
            expect([form, regex(form) & PRESCAN_TEXT]).toEqual([form, PRESCAN_TEXT]);
          }
      }),
      { numRuns: 1500, seed: 23 },
    );
    expect(found).toBeGreaterThan(300);
  });
});
