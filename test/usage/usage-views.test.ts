// The views of a usage report (`--by`), their time zone, the report's time window and the
// 5-hour billing blocks' active block, burn rate and projection.
import { describe, expect, it } from 'vitest';
import type { UsageEntry } from '../../src/usage/extractor.js';
import { checkTimeZone, LocalCalendar, weekOf } from '../../src/usage/local-time.js';
import { projectOf } from '../../src/usage/project-of.js';
import { timeWindow } from '../../src/usage/time-window.js';
import { costOf } from '../../src/usage/prices.js';
import { UsageTotals, type BlockRow } from '../../src/usage/usage-totals.js';
import { VIEW_NAMES } from '../../src/usage/views/registry.js';
import { cliInProcess } from '../cli-in-process.js';
import { fixture } from '../shared.js';

const MODEL = 'claude-sonnet-4-5';
let n = 0;
const e = (
  time: string | undefined,
  output: number,
  extra: Partial<UsageEntry> = {},
): UsageEntry => ({
  key: `k${n++}`,
  session: 's',
  model: MODEL,
  time,
  tokens: { input: 10, output, cacheWrite: 0, cacheRead: 100, cacheWrite1h: 0 },
  ...extra,
});

describe('LocalCalendar', () => {
  // [zone, instant, its local day]: offsets east and west, half hours, DST changes.
  it.each([
    ['UTC', '2025-03-30T23:59:59.999Z', '2025-03-30'],
    ['Europe/Paris', '2025-03-29T22:59:59Z', '2025-03-29'], // UTC+1
    ['Europe/Paris', '2025-03-29T23:00:00Z', '2025-03-30'],
    ['Europe/Paris', '2025-03-30T21:59:59Z', '2025-03-30'], // UTC+2 since 01:00 UTC
    ['Europe/Paris', '2025-03-30T22:00:00Z', '2025-03-31'],
    ['America/New_York', '2025-11-02T04:30:00Z', '2025-11-02'], // 00:30 EDT
    ['America/New_York', '2025-11-03T04:59:00Z', '2025-11-02'], // 23:59 EST
    ['Asia/Kolkata', '2025-06-01T18:29:59Z', '2025-06-01'], // UTC+5:30
    ['Asia/Kolkata', '2025-06-01T18:30:00Z', '2025-06-02'],
    ['Australia/Lord_Howe', '2025-04-05T12:59:00Z', '2025-04-05'], // +11 until 15:00 UTC
    ['Australia/Lord_Howe', '2025-04-06T13:29:00Z', '2025-04-06'], // then +10:30
    ['Australia/Lord_Howe', '2025-04-06T13:30:00Z', '2025-04-07'],
    ['UTC', '2025-06-01T23:00:00-02:00', '2025-06-02'], // an offset in the time itself
  ])('%s: %s is on %s', (tz, time, day) => {
    expect(new LocalCalendar(tz).day(time)).toBe(day);
    const expected = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date(time));
    expect(day).toBe(expected);
  });

  it("the system's zone (TZ), read through Date, gives the days Intl gives for that zone", () => {
    const before = process.env.TZ;
    try {
      for (const tz of ['Europe/Paris', 'Asia/Kolkata', 'America/New_York', 'UTC']) {
        process.env.TZ = tz;
        const sys = new LocalCalendar();
        const named = new LocalCalendar(tz);
        expect(sys.timeZone).toBe(checkTimeZone(tz));
        for (let h = 0; h < 24 * 400; h += 7) {
          const t = new Date(Date.UTC(2025, 0, 1) + h * 3_600_000 + 1234).toISOString();
          expect(sys.day(t), `${tz} ${t}`).toBe(named.day(t));
        }
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('no time, or one that is not a time: no day', () => {
    for (const tz of ['UTC', 'Europe/Paris']) {
      const c = new LocalCalendar(tz);
      expect([c.day(undefined), c.day('garbage-but-long'), c.day('2025')]).toEqual([
        undefined,
        undefined,
        new Date('2025').toISOString().slice(0, 10),
      ]);
    }
  });

  it('a day starts at its local midnight', () => {
    expect(new Date(new LocalCalendar('Europe/Paris').startOfDay('2025-03-30')).toISOString()).toBe(
      '2025-03-29T23:00:00.000Z',
    );
    expect(new Date(new LocalCalendar('Europe/Paris').startOfDay('2025-03-31')).toISOString()).toBe(
      '2025-03-30T22:00:00.000Z',
    );
  });

  it.each([
    ['2024-01-03', 0, '2023-12-31'],
    ['2024-01-03', 1, '2024-01-01'],
    ['2023-12-31', 0, '2023-12-31'],
    ['2023-12-31', 1, '2023-12-25'],
  ])('the week of %s starting on day %i is %s', (day, start, week) => {
    expect(weekOf(day, start)).toBe(week);
  });
});

describe('timeWindow', () => {
  const utc = new LocalCalendar('UTC');
  const paris = new LocalCalendar('Europe/Paris');
  it.each([
    ['20250301', undefined, utc, '2025-03-01T00:00:00.000Z', undefined],
    ['2025-03-01', '2025-03-01', utc, '2025-03-01T00:00:00.000Z', '2025-03-01T23:59:59.999Z'],
    [undefined, '20250301', paris, undefined, '2025-03-01T22:59:59.999Z'],
    [
      '2025-03-01T10:00:00Z',
      '2025-03-01T11:00:00+01:00',
      utc,
      '2025-03-01T10:00:00.000Z',
      '2025-03-01T10:00:00.000Z',
    ],
    ['2025-07-01T10:00', undefined, paris, '2025-07-01T08:00:00.000Z', undefined],
  ] as const)('--since %s --until %s', (since, until, cal, from, to) => {
    const w = timeWindow(since, until, cal)!;
    expect(from === undefined ? w.from : new Date(w.from).toISOString()).toBe(from ?? -Infinity);
    expect(to === undefined ? w.to : new Date(w.to).toISOString()).toBe(to ?? Infinity);
  });

  it.each([['2025-02-30'], ['yesterday'], ['2025/03/01'], ['20251301']])(
    '%s is a usage error',
    (v) => {
      expect(() => timeWindow(v, undefined, utc)).toThrow(
        expect.objectContaining({ code: 'ERR_TXPIPE_BAD_OPTION' }),
      );
    },
  );

  it('a report counts only the reports inside, untimed ones left out', () => {
    const t = new UsageTotals({
      keep: 'last',
      maxSeenKeys: 100,
      window: timeWindow('20250301', '20250302', utc),
    });
    for (const x of [
      e('2025-02-28T23:59:59Z', 1),
      e('2025-03-01T00:00:00Z', 2),
      e('2025-03-02T23:59:59.999Z', 4),
      e('2025-03-03T00:00:00Z', 8),
      e(undefined, 16),
    ])
      t.add(x);
    expect(t.report().totals.output).toBe(6);
  });
});

describe('views', () => {
  it('every view sums to the totals, and a breakdown to its row', () => {
    const t = new UsageTotals({
      keep: 'last',
      maxSeenKeys: 100,
      by: VIEW_NAMES,
      breakdown: true,
      now: 0,
    });
    const models = ['claude-sonnet-4-5', 'claude-opus-4-1', 'x-unknown'];
    for (let i = 0; i < 30; i++) {
      const time = new Date(Date.UTC(2025, 0, 1 + (i % 9), (i * 7) % 24)).toISOString();
      const source = `/h/.claude/projects/p${i % 3}/s${i % 4}.jsonl`;
      t.add(e(time, i, { model: models[i % 3]!, session: `s${i % 4}` }), source);
    }
    const r = t.report() as unknown as Record<string, BlockRow[]>;
    const total = (r.totals as unknown as BlockRow).total;
    for (const field of ['sessions', 'projects', 'models', 'days', 'weeks', 'months', 'blocks']) {
      const rows = r[field]!;
      expect(
        rows.reduce((a, x) => a + x.total, 0),
        field,
      ).toBe(total);
      for (const x of rows) {
        if (x.gap === true) continue;
        expect(
          x.breakdown!.reduce((a, m) => a + m.total, 0),
          `${field} ${x.key}`,
        ).toBe(x.total);
      }
    }
    expect(r.projects!.map((x) => x.key)).toEqual(['p0', 'p1', 'p2']);
    expect(r.projects![0]!.unpricedTokens).toBeUndefined();
    expect(r.models!.find((m) => m.key === 'x-unknown')).toMatchObject({ cost: 0 });
    expect(r.models!.find((m) => m.key === 'x-unknown')!.unpricedTokens).toBeGreaterThan(0);
  });

  it.each([
    ['/home/u/.claude/projects/-home-u-app/abc.jsonl', '-home-u-app'],
    ['/home/u/.claude/projects/-home-u-app/abc/subagents/agent-1.jsonl', '-home-u-app'],
    ['/data/runs/proj-x/s.jsonl', 'proj-x'],
    ['/data/proj-y/abc/subagents/agent-1.jsonl', 'proj-y'],
    ['-', '-'],
  ])('the project of %s is %s', (source, project) => {
    expect(projectOf(source)).toBe(project);
  });
});

describe('5-hour blocks', () => {
  const H = 3_600_000;
  const at = (h: number) => new Date(Date.UTC(2025, 5, 1) + h * H).toISOString();

  it('the active block has its burn rate and projection, as ccusage computes them', () => {
    const now = Date.UTC(2025, 5, 1) + 12.5 * H; // 12:30
    const t = new UsageTotals({ keep: 'last', maxSeenKeys: 100, by: ['block'], now });
    // 00:10 and 02:00: one block (00:00-05:00); 11:20 to 12:20: the active one (11:00-16:00).
    for (const [h, out] of [
      [0.17, 5],
      [2, 7],
      [11 + 1 / 3, 100],
      [12 + 1 / 3, 300],
    ] as const) {
      t.add(e(at(h), out));
    }
    const blocks = t.report().blocks as BlockRow[];
    expect(blocks.map((b) => [b.key, b.gap, b.active])).toEqual([
      [at(0), false, false],
      [`gap-${at(7)}`, true, false],
      [at(11), false, true],
    ]);
    const active = blocks[2]!;
    const tokens = 2 * (10 + 100) + 400;
    const cost = costOf(MODEL, {
      input: 20,
      output: 400,
      cacheWrite: 0,
      cacheRead: 200,
      cacheWrite1h: 0,
    });
    expect(active.total).toBe(tokens);
    expect(active.end).toBe(at(16));
    expect(active.burnRate!.tokensPerMinute).toBeCloseTo(tokens / 60, 9);
    expect(active.burnRate!.tokensPerMinuteForIndicator).toBeCloseTo(420 / 60, 9);
    expect(active.burnRate!.costPerHour).toBeCloseTo(cost, 9);
    expect(active.projection).toEqual({
      totalTokens: Math.round(tokens + (tokens / 60) * 210),
      totalCost: Math.round((cost + cost * 3.5) * 100) / 100,
      remainingMinutes: 210,
    });
    expect(blocks[0]!.burnRate).toBeUndefined();
  });

  it('a block ends 5 hours after its start even when replies keep coming', () => {
    const t = new UsageTotals({
      keep: 'last',
      maxSeenKeys: 100,
      by: ['block'],
      now: Date.UTC(2030, 0),
    });
    // 00:15, 01:45 ... 10:45 (the 06:15 one more than 5 hours after 00:00), 12:15, 13:45.
    for (let h = 0; h < 15; h += 1.5) t.add(e(at(h + 0.25), 1));
    const blocks = t.report().blocks as BlockRow[];
    expect(blocks.map((b) => b.key)).toEqual([at(0), at(6), at(12)]);
    expect(blocks.every((b) => !b.active && !b.gap)).toBe(true);
  });
});

describe('usage --by, --timezone, --since on the command line', () => {
  const file = fixture('claude-code', 'marot-spotter', 'short.jsonl');

  it.each([
    [['--by', 'fortnight'], /--by must be one of day|week/],
    [['--by', 'day', '--timezone', 'Mars/Olympus'], /Mars\/Olympus/],
    [['--since', '2025-13-01'], /--since: 2025-13-01/],
    [['--since', '20250302', '--until', '20250301'], /after --until/],
  ])('%j is a usage error', async (args, said) => {
    const r = await cliInProcess(['usage', '--json', ...args, file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(said);
  });

  it('--by day,model --by week: those views, in that order', async () => {
    const r = await cliInProcess(['usage', '--json', '--by', 'day,model', '--by', 'week', file]);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual([
      'totals',
      'days',
      'models',
      'weeks',
      'duplicates',
      'unpriced',
    ]);
  });

  it("the table titles days with the zone, and lists each row's models with --breakdown", async () => {
    const r = await cliInProcess([
      'usage',
      '--table',
      '--by',
      'day',
      '--breakdown',
      '--timezone',
      'Asia/Tokyo',
      file,
    ]);
    expect(r.stdout).toMatch(/^day \(Asia\/Tokyo\) /);
    expect(r.stdout).toMatch(/\n {2}claude-/);
  });

  it('CSV: each view is a group, breakdown rows `<view>-model`', async () => {
    const r = await cliInProcess(['usage', '--csv', '--by', 'month', '--breakdown', file]);
    const groups = new Set(
      r.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    );
    expect([...groups]).toEqual(['month', 'month-model', 'total']);
  });
});
