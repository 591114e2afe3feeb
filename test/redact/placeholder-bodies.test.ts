import { beforeAll, describe, expect, it } from 'vitest';
import { flockdeckShapeIn } from '../../src/redact/flockdeck/redact-flockdeck.js';
import { isPlaceholderBody } from '../../src/redact/placeholder-body.js';
import { CATALOG } from '../../src/redact/providers/catalog/index.js';
import type { ProviderFormat } from '../../src/redact/providers/provider-format.js';
import { createRedactor } from '../../src/redact/redactor.js';
import { ensureBuilt } from '../shared.js';
import { exampleOf, sourceOf } from './catalog-shapes.js';
import { redactRowsByCli, type Row } from './syntax-table.js';

// Issue 23: a token's shape filled with the filler of documentation (`x`, `X`, `0`) is a
// stand-in, not a token (src/redact/placeholder-body.ts), except where Flockdeck's rules take it
// (`ghp_xxxx…`, `glpat-…`, `AKIA…`): the default rules stay a superset of Flockdeck's.
const R = '[redacted]';

/**
 * The entry's made-up token with every letter and digit of its body turned into one filler
 * character (the first of `x`, `X`, `0` the entry's regex and checks still take), or undefined.
 */
function standInOf(entry: ProviderFormat): string | undefined {
  if (entry.random === true) return undefined; // both cases and a digit: no one filler has them
  const whole = new RegExp(`^(?:${sourceOf(entry)})$`);
  const prefix = entry.prefixes[0] as string;
  let body: string;
  try {
    body = exampleOf(entry.body) + (entry.suffix ? exampleOf(entry.suffix) : '');
  } catch {
    return undefined; // a body the simple example maker cannot describe
  }
  for (const filler of entry.digit === true ? ['0'] : ['x', 'X', '0']) {
    const token = prefix + body.replace(/[A-Za-z0-9]/g, filler);
    if (whole.test(token)) return token;
  }
  return undefined;
}

/** Positions a token is written in (issue 23): a prompt, a header, a tool's output, JSON, YAML. */
const POSITIONS: readonly [string, (t: string) => string][] = [
  ['a prompt', (t) => `use ${t} for the deploy`],
  ['a -H header', (t) => `curl -H "X-Api-Key: ${t}" https://api.example.com`],
  ['a tool output', (t) => `export API_KEY=${t}\nok`],
  ['a JSON value', (t) => JSON.stringify({ settings: { apiKey: t } })],
  ['a YAML value', (t) => `provider:\n  api_key: "${t}"\n`],
];

const entries = CATALOG.map((e) => [e, standInOf(e)] as const).filter(
  (p): p is readonly [ProviderFormat, string] => p[1] !== undefined && isPlaceholderBody(p[1]),
);
const rows: Row[] = [];
for (const [entry, token] of entries) {
  const covered = flockdeckShapeIn(token);
  for (const [where, put] of POSITIONS) {
    const text = put(token);
    // Where Flockdeck's shapes take it, the stand-in goes as a token does.
    rows.push([
      `${entry.provider} ${entry.kind} (${token}) in ${where}`,
      text,
      covered ? '' : text,
    ]);
  }
}

describe('stand-in token bodies (catalog entries filled with x, X or 0)', () => {
  it('covers entries of both kinds: some Flockdeck takes, most it does not', () => {
    const covered = entries.filter(([, t]) => flockdeckShapeIn(t)).length;
    expect(covered).toBeGreaterThan(3);
    expect(entries.length - covered).toBeGreaterThan(100);
  });

  let out: string[] = [];
  beforeAll(() => {
    ensureBuilt();
    out = redactRowsByCli(rows);
  });
  it.each(rows.map((row, i) => [row[0], i, row[1], row[2]] as const))(
    '%s',
    (_what, i, input, want) => {
      if (want === '') expect(out[i]).toContain(R);
      else expect(out[i]).toBe(input);
    },
  );
});

describe('stand-ins and near-misses (rules)', () => {
  const kept = [
    'PERPLEXITY_API_KEY=pplx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'token        = "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"',
    'client_secret=bP88Q~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'glsa_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX_AAAAAAAA',
    'oc login --token=sha256~XXXXXXXXXX_PUT_YOUR_TOKEN_HERE_XXXXXXXXXXXX',
    '  fn::secret: ops_eyJzaWduSW5B..[Redacted]',
    `ABSKQmVkcm9ja0FQSUtleS1${'EXAMPLE'.repeat(20)}=`,
  ];
  it.each(kept)('kept: %s', (text) => {
    expect(createRedactor().text(text)).toBe(text);
  });

  // Near-misses: a body with some filler in it is still a token; other repeated or ordered
  // characters are what scanners' tests use for secrets; Flockdeck's shapes go whatever their body.
  const removed: [string, string][] = [
    ['a real body with x in it', 'hvs.CAESIxXx0aB3kQ9zWm2LrT7yPv5NsJd1FgHcE'],
    ['a body of one other letter', 'STRIPE_SECRET_KEY=sk_live_AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a Flockdeck vector', 'ghp_a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1'],
    ['a Flockdeck vector', 'glpat-b2b2b2b2b2b2b2b2b2b2b2'],
    ['a Flockdeck shape of x', 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    ['a Flockdeck shape of X', 'AKIAXXXXXXXXXXXXXXXX'],
    ['a password with an x', 'password=xXx9hunter2xx'],
    ["AWS's documented key id (one EXAMPLE; Flockdeck's shape)", 'AKIAIOSFODNN7EXAMPLE'],
  ];
  it.each(removed)('removed: %s', (_what, text) => {
    expect(createRedactor().text(text)).toContain(R);
  });
});
