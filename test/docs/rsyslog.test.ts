import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { env, txpipe } from '../cli/run.js';
import { bin, ensureBuilt, fixture, repoRoot } from '../shared.js';

/** Debian's rsyslogd (CI installs it: .ci/run); the test is skipped without it. */
const rsyslogd = ['rsyslogd', '/usr/sbin/rsyslogd'].find(
  (b) => spawnSync(b, ['-v'], { encoding: 'utf8' }).status === 0,
);
if (!rsyslogd) {
  console.warn(
    'rsyslogd not found: the rsyslog recipe test is skipped. Install it (Debian: apt-get install -y rsyslog), then run npx vitest run test/docs/rsyslog.test.ts',
  );
}

/** The rsyslog configuration block of docs/scaling.md, as a user copies it. */
function documentedConfig(): string {
  const doc = readFileSync(join(repoRoot, 'docs', 'scaling.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### rsyslog'));
  const block = /```\n([\s\S]*?)```/.exec(section);
  if (!block?.[1]) throw new Error('docs/scaling.md: no rsyslog configuration block');
  return block[1];
}

/** Every real Claude Code fixture, one after another (53 of its 3,099 lines are over 8 KiB). */
function realLines(): string {
  const dir = fixture('claude-code');
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.jsonl')) files.push(join(d, e.name));
    }
  };
  walk(dir);
  return files.map((f) => readFileSync(f, 'utf8')).join('');
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!rsyslogd)('docs/scaling.md: the rsyslog recipe, run by Debian`s rsyslogd', () => {
  it('imfile -> omprog -> txpipe redact --line-filter writes the bytes txpipe writes alone', async () => {
    ensureBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-rsyslog-'));
    dirs.push(dir);
    for (const d of ['work', 'in', 'out']) mkdirSync(join(dir, d));
    const input = join(dir, 'in', 'session.jsonl');
    const output = join(dir, 'out', 'clean.jsonl');
    const text = realLines();
    writeFileSync(input, text);
    const config = documentedConfig()
      .replace('/var/lib/rsyslog', join(dir, 'work'))
      .replace('/var/log/agents/session.jsonl', input)
      .replace('/var/spool/txpipe/clean.jsonl', output)
      .replace('/usr/bin/txpipe', `${process.execPath} ${bin}`);
    writeFileSync(join(dir, 'rsyslog.conf'), config);
    const daemon = spawn(
      rsyslogd as string,
      ['-n', '-f', join(dir, 'rsyslog.conf'), '-i', join(dir, 'rsyslog.pid')],
      { env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    daemon.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const lines = text.split('\n').length - 1;
    const written = (): number =>
      existsSync(output) ? readFileSync(output, 'utf8').split('\n').length - 1 : 0;
    const deadline = Date.now() + 60_000;
    while (written() < lines && Date.now() < deadline && daemon.exitCode === null) await sleep(200);
    daemon.kill('SIGTERM');
    await new Promise((r) => (daemon.exitCode !== null ? r(null) : daemon.once('exit', r)));
    expect(stderr).toBe('');
    const direct = txpipe(['redact', '--line-filter', '--quiet', input]);
    expect(direct.code).toBe(0);
    expect(written()).toBe(lines);
    expect(readFileSync(output, 'utf8') === direct.stdout).toBe(true);
  }, 90_000);
});
