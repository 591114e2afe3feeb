import { describe, expect, it } from 'vitest';
import type { UsageEntry } from '../../src/usage/extractor.js';
import { costOf, priceOf } from '../../src/usage/prices.js';
import { UsageTotals } from '../../src/usage/usage-totals.js';
import { fixture } from '../shared.js';
import { cliInProcess } from '../cli-in-process.js';

const e = (
  key: string | undefined,
  output: number,
  extra: Partial<UsageEntry> = {},
): UsageEntry => ({
  key,
  session: 's',
  model: 'claude-sonnet-4-5',
  time: '2026-01-01T00:00:00Z',
  tokens: { input: 1, output, cacheWrite: 0, cacheRead: 0, cacheWrite1h: 0 },
  ...extra,
});

describe('UsageTotals', () => {
  it('a copy (agent_progress) counts only when no own entry of its key comes', () => {
    const t = new UsageTotals({ keep: 'last', maxSeenKeys: 100 });
    t.add(e('a', 3, { copy: true }));
    t.add(e('a', 5, { copy: true }));
    t.add(e('b', 7, { copy: true }));
    t.add(e('a', 40)); // the subagent file's own entry of reply a
    t.endReply();
    t.add(e('a', 9, { copy: true })); // a copy after it: already counted
    const r = t.report();
    expect(r.totals.output).toBe(40 + 7);
    expect(r.totals.replies).toBe(2);
    expect(r.duplicates).toBe(3);
  });

  it('copies are bounded by maxSeenKeys: the oldest is counted when pushed out', () => {
    const t = new UsageTotals({ keep: 'last', maxSeenKeys: 1 });
    t.add(e('a', 3, { copy: true }));
    t.add(e('b', 5, { copy: true })); // pushes a out: a counted now
    t.add(e('a', 40)); // then a's own entry is a duplicate
    expect(t.report().totals.output).toBe(3 + 5);
  });

  it('groups by day (UTC date of the time), "unknown" without a time', () => {
    const t = new UsageTotals({ keep: 'last', maxSeenKeys: 10 });
    t.add(e(undefined, 1, { time: '2026-03-04T23:59:59Z' }));
    t.add(e(undefined, 2, { time: undefined }));
    expect(t.report().days!.map((d) => [d.key, d.output])).toEqual([
      ['2026-03-04', 1],
      ['unknown', 2],
    ]);
  });

  it('lists models with no known price', () => {
    const t = new UsageTotals({ keep: 'last', maxSeenKeys: 10 });
    t.add(e(undefined, 10, { model: 'gpt-9' }));
    expect(t.report().unpriced).toEqual(['gpt-9']);
  });
});

describe('prices (as ccusage 20.0.24 prices them offline)', () => {
  it.each([
    ['claude-opus-4-6', 5, 25],
    ['claude-opus-4-1-20250805', 15, 75],
    ['claude-sonnet-4-20250514', 3, 15],
    ['claude-haiku-4-5-20251001', 1, 5],
    ['claude-3-5-haiku-20241022', 0.8, 4],
  ])('%s: $%s in, $%s out per million', (model, input, output) => {
    expect(priceOf(model)).toMatchObject({ input, output });
  });

  it('prices 1-hour cache writes at 2x input and 5-minute ones at 1.25x, reads at 0.1x', () => {
    const t = { input: 0, output: 0, cacheWrite: 3e6, cacheRead: 1e6, cacheWrite1h: 1e6 };
    expect(costOf('claude-sonnet-4-5', t)).toBeCloseTo(
      2e6 * 3.75e-6 + 1e6 * 6e-6 + 1e6 * 0.3e-6,
      9,
    );
  });
});

describe('usage with standard error on a terminal', () => {
  it('draws no bar for a small input, and the report is the same', async () => {
    const file = fixture('claude-code', 'marot-spotter', 'short.jsonl');
    const tty = await cliInProcess(['usage', '--json', file], { stderrIsTTY: true });
    const plain = await cliInProcess(['usage', '--json', file]);
    expect(tty.stdout).toBe(plain.stdout);
    expect(tty.stderr).not.toContain('%');
  });
});
