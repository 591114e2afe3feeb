import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usage } from '../../src/transforms/usage.js';
import { runCli } from '../../src/cli/main.js';
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

describe('progress on a terminal', () => {
  it('is the line every command draws (cli/run-progress.ts), not a bar of its own', async () => {
    const file = fixture('claude-code', 'marot-spotter', 'short.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    // Standard input that takes ~1.5 s: the line is drawn once a run has lasted 1 s.
    const stdin = Readable.from(
      (async function* () {
        for (const [i, l] of lines.entries()) {
          if (i % Math.ceil(lines.length / 6) === 0) await new Promise((r) => setTimeout(r, 250));
          yield `${l}\n`;
        }
      })(),
    );
    const stderr = new PassThrough() as PassThrough & { isTTY?: boolean };
    stderr.isTTY = true;
    let text = '';
    stderr.on('data', (d: Buffer) => (text += d.toString()));
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-usage-progress-'));
    try {
      const code = await runCli(['usage', '--json', '-o', join(dir, 'out'), '-'], {
        stderr,
        stdoutIsTTY: false,
        stdin,
      });
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(text).toMatch(/^\r\x1b\[2Ktxpipe: \d+ kB, [\d,]+ lines, /);
    expect(text).not.toMatch(/\[#*\.*\]/);
    expect(text.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('is not drawn when standard error is not a terminal', async () => {
    const r = await cliInProcess([
      'usage',
      '--json',
      fixture('claude-code', 'marot-spotter', 'short.jsonl'),
    ]);
    expect(r.stderr).toBe('');
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
