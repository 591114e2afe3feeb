import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.js';
import { env, ensureBuilt, txpipe } from '../../cli/run.js';
import { bin, repoRoot } from '../../shared.js';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'txpipe-rr-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Claude Code line of session `sid`. */
const entry = (sid: string, o: Record<string, unknown>): string =>
  JSON.stringify({ sessionId: sid, timestamp: '2026-01-01T00:00:00.000Z', ...o }) + '\n';

/** `sessions` sessions, each a prompt, `calls` tool calls of `argBytes` and a final text. */
function sessions(n: number, calls: number, argBytes: number): string {
  let s = '';
  for (let k = 0; k < n; k++) {
    const sid = `s${k}`;
    s += entry(sid, { type: 'user', message: { role: 'user', content: `task ${k}` } });
    for (let i = 0; i < calls; i++) {
      const content = [
        {
          type: 'tool_use',
          id: `t${k}-${i}`,
          name: 'Write',
          input: { text: 'w'.repeat(argBytes) },
        },
      ];
      s += entry(sid, {
        type: 'assistant',
        message: { id: `m${k}-${i}`, role: 'assistant', content },
      });
    }
    const done = [{ type: 'text', text: `done ${k}` }];
    s += entry(sid, {
      type: 'assistant',
      message: { id: `e${k}`, role: 'assistant', content: done },
    });
  }
  return s;
}

describe('convert --to run-record stopped by a signal while it writes its records', () => {
  it.each([
    ['SIGTERM', EXIT.terminated],
    ['SIGINT', EXIT.interrupted],
  ] as const)(
    '%s: no record is made after it, the output ends on a whole record',
    async (signal, code) => {
      // 64 records of ~100 KB: they are all made at the end of input, in chunks of 8.
      const input = join(dir, `sig-${signal}.jsonl`);
      writeFileSync(input, sessions(64, 4, 25_000));
      const all = txpipe(['convert', '--to', 'run-record', input]);
      expect(all.code).toBe(0);
      const records = all.stdout.split('\n').slice(0, -1);
      expect(records).toHaveLength(64);

      const child = spawn(process.execPath, [bin, 'convert', '--to', 'run-record', input], {
        cwd: repoRoot,
        env,
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      const got: Buffer[] = [];
      // The first bytes out are the first record's: the input is read, the records are being
      // written. The signal comes then, while the output is not read (the writer waits on it).
      await new Promise<void>((resolve) =>
        child.stdout.once('data', (b: Buffer) => {
          got.push(b);
          child.stdout.pause();
          child.kill(signal);
          setTimeout(resolve, 300);
        }),
      );
      child.stdout.on('data', (b: Buffer) => got.push(b));
      child.stdout.resume();
      const exit = await exited;
      const out = Buffer.concat(got).toString('utf8');
      expect(exit).toBe(code);
      expect(out.endsWith('\n')).toBe(true);
      const lines = out.split('\n').slice(0, -1);
      // What is written is the run's records from the first, whole; those after the signal's
      // chunk are not made.
      expect(lines).toEqual(records.slice(0, lines.length));
      expect(lines.length).toBeLessThanOrEqual(16);
      expect(stderr).toBe(
        `txpipe: ${signal}: stopped; the output ends on a whole line after ${Buffer.byteLength(out)} bytes; the rest of the input was not written\n`,
      );
    },
  );
});
