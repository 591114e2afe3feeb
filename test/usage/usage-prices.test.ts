// Prices: the built-in table (its source and date), `--prices FILE` in the same shape, models
// without a price listed as such, and the OpenAI and Google models auto-swe and Codex records use.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PRICES } from '../../src/usage/price-list.js';
import { PriceTable } from '../../src/usage/prices.js';
import type { UsageReport } from '../../src/usage/usage-totals.js';
import { cliInProcess } from '../cli-in-process.js';
import { repoRoot } from '../shared.js';

const dir = mkdtempSync(join(tmpdir(), 'txpipe-prices-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const autoSwe = (f: string) => join(repoRoot, 'test', 'fixtures', 'auto-swe', f);
const codex = join(repoRoot, 'test', 'fixtures', 'codex', 'sessions');

async function report(
  ...args: string[]
): Promise<{ code: number; r: UsageReport; stderr: string }> {
  const x = await cliInProcess(['usage', '--json', '--no-cache', '--timezone', 'UTC', ...args]);
  return {
    code: x.code,
    r: x.stdout ? (JSON.parse(x.stdout) as UsageReport) : ({} as UsageReport),
    stderr: x.stderr,
  };
}

describe('the built-in price table', () => {
  it('names its source and date, and every model its own source', () => {
    expect(BUILT_IN_PRICES.source).not.toBe('');
    expect(BUILT_IN_PRICES.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const m of BUILT_IN_PRICES.models) expect(m.source, m.match).toMatch(/^https:\/\//);
  });

  // [model as records name it, input, output, cache read] in USD per million, from the sources.
  it.each([
    ['gpt-4.1-2025-04-14', 2, 8, 0.5],
    ['gpt-4.1-mini', 0.4, 1.6, 0.1],
    ['o4-mini-2025-04-16', 1.1, 4.4, 0.275],
    ['gpt-5', 1.25, 10, 0.125],
    ['gpt-5-codex', 1.25, 10, 0.125],
    ['gpt-5-mini', 0.25, 2, 0.025],
    ['gemini-2.5-flash', 0.3, 2.5, 0.03],
    ['gemini-2.5-pro', 1.25, 10, 0.125],
    ['claude-sonnet-4-5-20250929', 3, 15, 0.3],
  ])('%s: %s in, %s out, %s cache read (USD per million)', (model, input, output, cacheRead) => {
    const p = new PriceTable(BUILT_IN_PRICES).priceOf(model)!;
    expect([p.input, p.output]).toEqual([input, output]);
    expect(p.cacheRead).toBeCloseTo(cacheRead, 12);
  });

  it.each([['openai-chat.jsonl'], ['openai-responses.jsonl'], ['google.jsonl']])(
    'prices every model of the auto-swe fixture %s',
    async (f) => {
      const { r } = await report('--by', 'model', autoSwe(f));
      expect(r.unpriced).toEqual([]);
      const table = new PriceTable(BUILT_IN_PRICES);
      for (const m of r.models!) {
        const p = table.priceOf(m.key)!;
        const want = (m.input * p.input + m.output * p.output + m.cacheRead * p.cacheRead) / 1e6;
        expect(m.cost, m.key).toBeCloseTo(want, 6); // rows round costs to 1e-6
        expect(m.cost).toBeGreaterThan(0);
      }
    },
  );

  it("prices the Codex fixtures' days as ccusage codex daily does", async (ctx) => {
    const cc = spawnSync(
      join(repoRoot, 'scripts', 'ccusage.sh'),
      ['codex', 'daily', '--json', '--offline', '-z', 'UTC'],
      {
        env: { ...process.env, CODEX_HOME: join(repoRoot, 'test', 'fixtures', 'codex') },
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    if (cc.status !== 0) return ctx.skip(); // installing ccusage needs the npm registry
    const theirs = (JSON.parse(cc.stdout) as { daily: { date: string; costUSD: number }[] }).daily;
    const { r } = await report('--by', 'day', codex);
    expect(r.days!.map((d) => d.key)).toEqual(theirs.map((d) => d.date));
    r.days!.forEach((d, i) => expect(d.cost, d.key).toBeCloseTo(theirs[i]!.costUSD, 6));
  });
});

describe('--prices FILE', () => {
  const file = join(dir, 'prices.json');
  writeFileSync(
    file,
    JSON.stringify({
      source: 'our contract',
      date: '2026-01-01',
      models: [
        { match: '^gpt-4\\.1', input: 1, output: 2, cacheRead: 0.5, source: 'https://example.com' },
      ],
    }),
  );

  it('prices with that table only: its models at its prices, the others unpriced', async () => {
    const { code, r } = await report(
      '--prices',
      file,
      '--by',
      'model',
      autoSwe('openai-chat.jsonl'),
      autoSwe('google.jsonl'),
    );
    expect(code).toBe(0);
    const gpt = r.models!.find((m) => m.key.startsWith('gpt-4.1'))!;
    expect(gpt.cost).toBeCloseTo((gpt.input * 1 + gpt.output * 2 + gpt.cacheRead * 0.5) / 1e6, 6);
    expect(r.unpriced).toEqual(['gemini-2.5-flash']);
    const gemini = r.models!.find((m) => m.key === 'gemini-2.5-flash')!;
    expect([gemini.cost, gemini.unpricedTokens]).toEqual([0, gemini.total]);
    expect(r.totals.unpricedTokens).toBe(gemini.total);
  });

  it.each([
    ['not JSON', '{'],
    ['no models', '{"source":"x","date":"2026-01-01"}'],
    [
      'a price that is not a number',
      '{"source":"x","date":"2026-01-01","models":[{"match":"a","input":"1","output":2}]}',
    ],
    [
      'a pattern that is not one',
      '{"source":"x","date":"2026-01-01","models":[{"match":"(","input":1,"output":2}]}',
    ],
  ])('%s: a usage error naming the file', async (_what, text) => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, text);
    const { code, stderr } = await report('--prices', bad, autoSwe('google.jsonl'));
    expect(code).toBe(2);
    expect(stderr).toContain(bad);
  });
});

describe('models without a price', () => {
  it('are listed, their tokens apart from the cost, and the table says so', async () => {
    const f = join(dir, 'x.jsonl');
    writeFileSync(
      f,
      JSON.stringify({
        type: 'assistant',
        timestamp: '2026-01-01T00:00:00Z',
        requestId: 'r',
        message: { id: 'm', model: 'mystery-1', usage: { input_tokens: 5, output_tokens: 7 } },
      }) + '\n',
    );
    const { r } = await report(f);
    expect(r.unpriced).toEqual(['mystery-1']);
    expect(r.models![0]).toMatchObject({ key: 'mystery-1', cost: 0, unpricedTokens: 12 });
    const table = await cliInProcess(['usage', '--table', '--no-cache', f]);
    expect(table.stdout).toMatch(/mystery-1 .* no price\n/);
    expect(table.stdout).toContain('no price known for: mystery-1');
  });
});
