// `txpipe usage --by week|month|block`, `--breakdown`, `--timezone` and `--since/--until`
// against ccusage 20.0.24's weekly, monthly, blocks and daily reports on the same tree.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlockRow, UsageReport, UsageRow } from '../../src/usage/usage-totals.js';
import { repoRoot } from '../shared.js';
import { cliInProcess } from '../cli-in-process.js';
import { claudeConfigDir, progressOnlyReplies, sessionFiles } from './claude-tree.js';

interface CcRow {
  inputTokens: number;
  outputTokens: number;
  cacheCreationTokens: number;
  cacheReadTokens: number;
  totalCost: number;
  modelBreakdowns: (Omit<CcRow, 'modelBreakdowns' | 'totalCost'> & {
    modelName: string;
    cost: number;
  })[];
}

const script = join(repoRoot, 'scripts', 'ccusage.sh');
let tree = '';

/** The Sunday that starts the week of a day (ccusage's default week). */
const weekStart = (d: string) =>
  new Date(Date.parse(`${d}T00:00:00Z`) - new Date(`${d}T00:00:00Z`).getUTCDay() * 86_400_000)
    .toISOString()
    .slice(0, 10);
let why: string | undefined;

function ccusage(...args: string[]): Record<string, unknown> {
  const r = spawnSync(script, ['claude', ...args, '--json', '--offline'], {
    env: { ...process.env, CLAUDE_CONFIG_DIR: tree, NO_COLOR: '1' },
    cwd: tree,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status !== 0) throw new Error(`scripts/ccusage.sh failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

async function ours(...args: string[]): Promise<UsageReport> {
  const r = await cliInProcess(['usage', '--json', ...args, join(tree, 'projects')]);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as UsageReport;
}

const kinds = (x: UsageRow) => [x.input, x.output, x.cacheWrite, x.cacheRead];
const ccKinds = (x: Omit<CcRow, 'modelBreakdowns' | 'totalCost'>) => [
  x.inputTokens,
  x.outputTokens,
  x.cacheCreationTokens,
  x.cacheReadTokens,
];

/** A view's rows as [key, counts, [model, counts]...], ours and ccusage's alike. */
const shapeOurs = (rows: readonly UsageRow[]) =>
  rows.map((r) => [r.key, kinds(r), (r.breakdown ?? []).map((m) => [m.key, kinds(m)])]);
const shapeTheirs = (rows: (CcRow & Record<string, unknown>)[], key: string) =>
  rows.map((r) => [
    r[key],
    ccKinds(r),
    [...r.modelBreakdowns]
      .sort((a, b) => (a.modelName < b.modelName ? -1 : 1))
      .map((m) => [m.modelName, ccKinds(m)]),
  ]);

// Made when the tests are collected, so that they can be skipped without ccusage.
tree = claudeConfigDir();
try {
  ccusage('daily', '-z', 'UTC');
} catch (err) {
  why = (err as Error).message; // installing ccusage needs the npm registry
  console.warn(`ccusage views cross-check skipped: ${why}`);
}
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe.skipIf(why !== undefined)('usage views against ccusage 20.0.24', () => {
  it.each([['Asia/Tokyo'], ['America/Los_Angeles'], ['UTC']])(
    '--by day --breakdown --timezone %s equals ccusage daily -z',
    async (tz) => {
      const mine = await ours('--by', 'day', '--breakdown', '--timezone', tz);
      const theirs = ccusage('daily', '-z', tz, '--breakdown');
      expect(shapeOurs(mine.days!)).toEqual(shapeTheirs(theirs.daily as never, 'date'));
      const costs = (theirs.daily as CcRow[]).map((r) => r.totalCost);
      mine.days!.forEach((r, i) => expect(r.cost).toBeCloseTo(costs[i]!, 4));
    },
  );

  // ccusage's weekly and monthly reports, as its session report, leave out the replies only
  // `agent_progress` lines hold (its daily report counts them, as txpipe does): the periods are
  // theirs, the counts those of its daily report summed by period.
  it.each([
    ['week', 'weekly', 'weeks', 'week', (d: string) => weekStart(d)],
    ['month', 'monthly', 'months', 'month', (d: string) => d.slice(0, 7)],
  ] as const)(
    '--by %s has the periods of ccusage %s, each the sum of its days',
    async (by, report, field, key, period) => {
      const mine = (await ours('--by', by, '--timezone', 'UTC'))[field]!;
      const periods = (ccusage(report, '-z', 'UTC')[report] as Record<string, string>[]).map(
        (r) => r[key],
      );
      expect(mine.map((r) => r.key)).toEqual(periods);
      const sums = new Map<string, number[]>();
      for (const d of ccusage('daily', '-z', 'UTC').daily as (CcRow & { date: string })[]) {
        const acc = sums.get(period(d.date)) ?? [0, 0, 0, 0];
        ccKinds(d).forEach((v, i) => (acc[i]! += v));
        sums.set(period(d.date), acc);
      }
      expect(new Map(mine.map((r) => [r.key, kinds(r)]))).toEqual(sums);
    },
  );

  it.each([
    ['20250903', '20250907'],
    ['2026-02-12', '2026-02-12'],
    ['20250101', '20250906'],
  ])('--since %s --until %s equals ccusage daily with the same span', async (since, until) => {
    const mine = await ours(
      '--by',
      'day',
      '--breakdown',
      '--since',
      since,
      '--until',
      until,
      '--timezone',
      'UTC',
    );
    const theirs = ccusage(
      'daily',
      '-z',
      'UTC',
      '--breakdown',
      '--since',
      since.replace(/-/g, ''),
      '--until',
      until.replace(/-/g, ''),
    );
    expect(mine.days!.length).toBeGreaterThan(0);
    expect(shapeOurs(mine.days!)).toEqual(shapeTheirs(theirs.daily as never, 'date'));
  });

  it('--by block: the blocks of ccusage blocks (start, end, gaps), with the replies only progress lines hold', async () => {
    const mine = (await ours('--by', 'block')).blocks as BlockRow[];
    const theirs = ccusage('blocks').blocks as {
      id: string;
      startTime: string;
      endTime: string;
      actualEndTime: string | null;
      isGap: boolean;
      isActive: boolean;
      totalTokens: number;
    }[];
    // A gap ends at the next block's first reply: txpipe's time of a reply is that of the report
    // it keeps (the last, by default), ccusage's that of an earlier one: seconds apart.
    const shape = (b: {
      key: string;
      start: string;
      end: string;
      last: string | null;
      gap: boolean;
      active: boolean;
    }) => [
      b.key,
      b.start,
      b.gap ? Math.round(Date.parse(b.end) / 60_000) : b.end,
      b.last,
      b.gap,
      b.active,
    ];
    expect(mine.map((b) => shape({ ...b, last: b.actualEnd ?? null }))).toEqual(
      theirs.map((b) =>
        shape({
          key: b.id,
          start: b.startTime,
          end: b.endTime,
          last: b.actualEndTime,
          gap: b.isGap,
          active: b.isActive,
        }),
      ),
    );
    // ccusage's blocks, as its session report, leave out the replies only `agent_progress`
    // lines hold (docs/usage-evidence.md); its daily report and txpipe count them.
    const files = [...sessionFiles(join(tree, 'projects')).values()].flat();
    const extra = progressOnlyReplies(files);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(mine.map((b) => b.total))).toBe(
      sum(theirs.map((b) => b.totalTokens)) +
        extra.input +
        extra.output +
        extra.cacheWrite +
        extra.cacheRead,
    );
  });
});
