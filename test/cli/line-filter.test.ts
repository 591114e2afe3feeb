import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../shared.js';
import { ensureBuilt, env, txpipe } from './run.js';

const TOKEN = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Drives `txpipe ...args` as Redpanda Connect's `subprocess` and Fluentd's `exec_filter` do: writes
 * one line, waits for one line back, then writes the next; standard input stays open throughout.
 * Gives the answers, then closes standard input and gives the exit code and stderr.
 */
async function pairLines(
  args: readonly string[],
  lines: readonly string[],
): Promise<{ answers: string[]; code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, env });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  let buffered = '';
  let waiting: ((line: string) => void) | undefined;
  const queue: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (s: string) => {
    buffered += s;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) !== -1) {
      queue.push(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
    }
    if (waiting && queue.length > 0) waiting(queue.shift() as string);
  });
  const exited = new Promise<number | null>((r) => child.on('close', r));
  const answers: string[] = [];
  for (const line of lines) {
    child.stdin.write(`${line}\n`);
    const answer = await new Promise<string>((resolve, reject) => {
      if (queue.length > 0) return resolve(queue.shift() as string);
      const timer = setTimeout(
        () => reject(new Error(`no answer to ${line}; stderr: ${stderr}`)),
        10_000,
      );
      waiting = (l) => {
        clearTimeout(timer);
        waiting = undefined;
        resolve(l);
      };
    });
    answers.push(answer);
  }
  child.stdin.end();
  const code = await exited;
  expect(queue.length + buffered.length).toBe(0); // nothing but one line per line
  return { answers, code, stderr };
}

beforeAll(ensureBuilt);

describe('--line-filter: one line out per line in, each as soon as it is done', () => {
  const lines = [
    JSON.stringify({ type: 'user', message: { content: `token ${TOKEN}` } }),
    `{"broken": "${TOKEN}"`,
    '',
    JSON.stringify({ type: 'user', message: { content: 'x'.repeat(300) } }),
    '{"ok":true}',
  ];

  it('redact answers every line without stdin being closed; a bad line is an error object', async () => {
    const r = await pairLines(['redact', '--line-filter'], lines);
    expect(r.code).toBe(0);
    expect(r.answers).toHaveLength(lines.length);
    expect(JSON.parse(r.answers[0] as string)).toEqual({
      type: 'user',
      message: { content: 'token [redacted]' },
    });
    expect(JSON.parse(r.answers[1] as string)).toEqual({
      error: { reason: 'malformed', message: 'line is not JSON', source: '-', line: 2 },
    });
    expect(r.answers[2]).toBe('');
    expect(r.answers[3]).toBe(lines[3]);
    expect(r.answers[4]).toBe('{"ok":true}');
    expect(r.answers.join('\n')).not.toContain(TOKEN);
    expect(r.stderr).toMatch(/1 line could not be processed/);
  });

  it('with --on-invalid pass a bad line is written through, redacted as text', async () => {
    const r = await pairLines(['redact', '--line-filter', '--on-invalid', 'pass'], lines);
    expect(r.answers[1]).toBe('{"broken": "[redacted]"');
    expect(r.answers).toHaveLength(lines.length);
  });

  it('clip answers each line, and a line it cannot fit is an error object, in its place', async () => {
    const wide = JSON.stringify(
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i])),
    );
    const r = await pairLines(
      ['clip', '--line-filter', '--limit', '100', '--max-line-bytes', '200', '--quiet'],
      [lines[3] as string, wide, '{"ok":true}'],
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.answers[0] as string).message.content).toMatch(/clipped 200 bytes/);
    expect(JSON.parse(r.answers[1] as string).error).toMatchObject({
      reason: 'over-limit',
      line: 2,
    });
    expect(r.answers[2]).toBe('{"ok":true}');
    expect(r.stderr).toBe('');
  });

  it('cat answers line by line too', async () => {
    const r = await pairLines(['cat', '--line-filter'], ['{"a":1}', '{"b":2}\r', 'nope']);
    expect(r.answers.slice(0, 2)).toEqual(['{"a":1}', '{"b":2}']);
    expect(JSON.parse(r.answers[2] as string).error.reason).toBe('malformed');
  });

  it('is refused where one line may give none or several (stateful commands)', () => {
    const r = txpipe(['dedup-usage', '--line-filter'], { input: '{}\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line-filter/);
    const chained = txpipe(['run', 'redact | dedup-usage', '--line-filter'], { input: '{}\n' });
    expect(chained.code).toBe(2);
    expect(chained.stderr).toMatch(/dedup-usage may give none or several lines/);
  });

  it('runs a chain of line-filter commands as one line filter', async () => {
    const r = await pairLines(
      ['run', 'redact | clip --limit 100', '--line-filter'],
      [lines[0] as string, lines[1] as string, lines[3] as string],
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.answers[0] as string).message.content).toBe('token [redacted]');
    expect(JSON.parse(r.answers[1] as string).error.reason).toBe('malformed');
    expect(JSON.parse(r.answers[2] as string).message.content).toMatch(/clipped 200 bytes/);
  });

  it('writes to -o FILE, complete when the process ends', () => {
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-lf-'));
    const out = join(dir, 'out.jsonl');
    const r = txpipe(['redact', '--line-filter', '-o', out], { input: `${lines[0]}\nnope\n` });
    expect(r.code, r.stderr).toBe(0);
    const written = readFileSync(out, 'utf8').split('\n');
    expect(written).toHaveLength(3);
    expect(written[0]).toContain('[redacted]');
    expect(JSON.parse(written[1] as string).error.line).toBe(2);
  });

  it('gives the same records as a batch run when every line is good', () => {
    const input = `${lines[0]}\n${lines[3]}\n${lines[4]}\n`;
    const batch = txpipe(['redact'], { input });
    const filter = txpipe(['redact', '--line-filter'], { input });
    expect(filter.stdout).toBe(batch.stdout);
  });
});
