import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usage } from '../../src/transforms/usage.js';
import { ProgressBar } from '../../src/usage/progress-bar.js';
import type { DefaultUsageReport, UsageReport } from '../../src/usage/usage-totals.js';
import { bin, ensureBuilt, fixture } from '../shared.js';
import { lastPerReply } from './claude-reference.js';
import { entry, kinds, recsOf, through } from './records.js';
import { cliInProcess } from '../cli-in-process.js';
import { claudeConfigDir, progressOnlyReplies, sessionFiles } from './claude-tree.js';

let tree: string;
beforeAll(() => {
  tree = claudeConfigDir();
  ensureBuilt();
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('txpipe usage on a ~/.claude/projects tree', () => {
  it('totals each session as its files, subagents included, one report per reply', async () => {
    const r = await cliInProcess(['usage', '--json', join(tree, 'projects')]);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout) as DefaultUsageReport;
    const sessions = sessionFiles(join(tree, 'projects'));
    expect(rep.sessions.map((s) => s.key)).toEqual([...sessions.keys()].sort());
    for (const s of rep.sessions) {
      const files = sessions.get(s.key) as string[];
      const ref = lastPerReply(files);
      const extra = progressOnlyReplies(files);
      expect([s.key, ...kinds(s)]).toEqual([
        s.key,
        ref.input + extra.input,
        ref.output + extra.output,
        ref.cacheWrite + extra.cacheWrite,
        ref.cacheRead + extra.cacheRead,
      ]);
    }
    const sum = (k: 'input' | 'output' | 'cacheWrite' | 'cacheRead') =>
      rep.sessions.reduce((a, s) => a + s[k], 0);
    expect(kinds(rep.totals)).toEqual([
      sum('input'),
      sum('output'),
      sum('cacheWrite'),
      sum('cacheRead'),
    ]);
    for (const group of [rep.models, rep.days]) {
      expect(group.reduce((a, x) => a + x.total, 0)).toBe(rep.totals.total);
    }
  });

  it('--keep first counts fewer output tokens than the default (last)', async () => {
    const last = JSON.parse(
      (await cliInProcess(['usage', join(tree, 'projects')])).stdout,
    ) as DefaultUsageReport;
    const first = JSON.parse(
      (await cliInProcess(['usage', '--keep', 'first', join(tree, 'projects')])).stdout,
    ) as DefaultUsageReport;
    expect(first.totals.output).toBeLessThan(last.totals.output);
    expect(first.totals.replies).toBe(last.totals.replies);
  });

  it('--csv: one row per session, model and day, then the total, matching --json', async () => {
    const dir = join(tree, 'projects');
    const rep = JSON.parse(
      (await cliInProcess(['usage', '--json', dir])).stdout,
    ) as DefaultUsageReport;
    const csv = (await cliInProcess(['usage', '--csv', dir])).stdout.trim().split('\n');
    expect(csv[0]).toBe('group,key,input,output,cacheWrite,cacheRead,total,cost,replies');
    expect(csv).toHaveLength(1 + rep.sessions.length + rep.models.length + rep.days.length + 1);
    const total = (csv.at(-1) as string).split(',');
    expect(total.slice(0, 7)).toEqual([
      'total',
      'total',
      ...kinds(rep.totals).map(String),
      String(rep.totals.total),
    ]);
  });

  it('a table on a terminal, JSON otherwise', async () => {
    const dir = join(tree, 'projects');
    const onTty = await cliInProcess(['usage', dir], { stdoutIsTTY: true });
    const rep = JSON.parse((await cliInProcess(['usage', dir])).stdout) as DefaultUsageReport;
    expect(onTty.stdout).toMatch(
      /^session +input +output +cache write +cache read +total +cost \(USD\)$/m,
    );
    expect(onTty.stdout).toContain(new Intl.NumberFormat('en-US').format(rep.totals.total));
    expect((await cliInProcess(['usage', '--table', dir])).stdout).toBe(onTty.stdout);
  });

  it('refuses two output formats at once', async () => {
    const r = await cliInProcess(['usage', '--json', '--csv', join(tree, 'projects')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--json, --csv, --table');
  });

  it('reads standard input given as - (the built CLI; sessions named by their sessionId)', () => {
    const file = fixture('claude-code', 'marot-spotter', 'short.jsonl');
    const out = execFileSync(process.execPath, [bin, 'usage', '-'], {
      input: readFileSync(file),
    }).toString();
    const rep = JSON.parse(out) as DefaultUsageReport;
    expect(kinds(rep.totals)).toEqual(kinds(lastPerReply([file])));
    const ids = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type?: string; sessionId?: string })
      .filter((v) => v.type === 'assistant')
      .map((v) => v.sessionId);
    expect(rep.sessions.map((s) => s.key)).toEqual([...new Set(ids)]);
  });
});

describe('lines usage cannot read', () => {
  const good = JSON.stringify(entry('msg_a', 5));
  const bad = '{"type":"assistant","message":{"usage": oops';
  const text = `${good}\n${bad}\n{"type":"user"}\n{"not json at all but no needle\n`;

  it.each([
    ['a file', false],
    ['standard input', true],
  ])('are reported, from %s: --strict exits 3, --reject-file keeps them', async (_n, stdin) => {
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-usage-rej-'));
    try {
      const file = join(dir, 's.jsonl');
      writeFileSync(file, text);
      const rej = join(dir, 'rej.txt');
      const r = await cliInProcess(
        ['usage', '--json', '--strict', '--reject-file', rej, stdin ? '-' : file],
        stdin ? { stdin: text } : {},
      );
      expect(r.code).toBe(3);
      expect(readFileSync(rej, 'utf8')).toBe(`${bad}\n`);
      expect(r.stderr).toMatch(/1 line/);
      expect((JSON.parse(r.stdout) as DefaultUsageReport).totals.output).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('progress bar', () => {
  it('counts each input in full when the next starts, reaches 100%, and erases itself', async () => {
    const err = new PassThrough();
    let text = '';
    err.on('data', (d: Buffer) => (text += d.toString()));
    const files = ['tool_heavy.jsonl', 'short.jsonl'].map((f) =>
      fixture('claude-code', 'marot-spotter', f),
    );
    const sizes = new Map(files.map((f) => [f, statSync(f).size]));
    // Only lines mentioning usage reach the stage, as in the CLI.
    const recs = recsOf(files).filter((r) => r.raw.includes('"usage"'));
    await through(usage({ progress: err, progressSizes: sizes }), recs);
    const shown = [...text.matchAll(/ (\d+)%/g)].map((m) => Number(m[1]));
    expect(shown.at(-1)).toBe(100);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(text).toMatch(/\r\[#{25}\] 100% {2}0\/0 MB/);
    expect(text.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('redraws only when the percentage changes', () => {
    const out: string[] = [];
    const bar = new ProgressBar({ write: (s: string) => out.push(s) } as never, 1000);
    for (let i = 0; i < 10; i++) bar.tick(0.5);
    bar.tick(495);
    expect(out).toHaveLength(2);
    expect(out[1]).toContain(' 50%');
  });

  it('is not drawn when standard error is not a terminal', async () => {
    const r = await cliInProcess([
      'usage',
      '--json',
      fixture('claude-code', 'marot-spotter', 'short.jsonl'),
    ]);
    expect(r.stderr).not.toContain('[');
  });
});

describe('usage() options', () => {
  it.each([[{ format: 'xml' }], [{ keep: 'any' }], [{ maxSeenKeys: 0 }], [{ topSessions: -2 }]])(
    'rejects %j',
    (o) => {
      expect(() => usage(o as never)).toThrow(
        expect.objectContaining({ code: 'ERR_TXPIPE_BAD_OPTION' }),
      );
    },
  );

  it('hands the report to onReport', async () => {
    let got: UsageReport | undefined;
    const file = fixture('claude-code', 'marot-spotter', 'short.jsonl');
    await through(usage({ onReport: (r) => (got = r) }), recsOf([file]));
    expect(got?.totals.output).toBe(lastPerReply([file]).output);
  });

  it('fails the stream when the HTML file cannot be written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-html-'));
    const file = fixture('claude-code', 'marot-spotter', 'short.jsonl');
    await expect(
      through(usage({ html: join(dir, 'no', 'such', 'dir.html') }), recsOf([file])),
    ).rejects.toThrow(`cannot write ${join(dir, 'no', 'such', 'dir.html')}: no such file`);
    rmSync(dir, { recursive: true });
  });
});
