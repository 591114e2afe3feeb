// A named pipe (FIFO) given as an input is streamed, as standard input is. It must not be opened
// first as a file to read whole: the open blocks the main thread until a writer comes (no signal
// handler can run then), and a writer waiting is taken by that open, which closes at once on
// seeing a FIFO; the pipe opened again then waits for a writer that never comes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../shared.js';
import { entry } from '../usage/records.js';
import { ensureBuilt, env } from './run.js';

let tmp: string;
const lines = [entry('msg_a', 5, { requestId: 'r1' }), entry('msg_b', 7, { requestId: 'r2' })]
  .map((v) => JSON.stringify(v) + '\n')
  .join('');

beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-fifo-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs `txpipe ...args FIFO` while the test writes `lines` to the FIFO; killed after 5 s. */
async function throughFifo(name: string, args: readonly string[]) {
  const fifo = join(tmp, name);
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  const child = spawn(process.execPath, [bin, ...args, fifo], { cwd: repoRoot, env });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  // Opening for writing waits for a reader (on the thread pool); a reader that goes away makes
  // the write fail (EPIPE): what the CLI then reads is what the result shows.
  const writing = open(fifo, 'w')
    .then(async (fd) => {
      await fd.write(lines).finally(() => fd.close());
    })
    .catch(() => undefined);
  const code = await exited;
  clearTimeout(timer);
  // A writer still waiting for a reader is let go (the CLI was killed without opening the FIFO).
  await Promise.race([writing, new Promise((r) => setTimeout(r, 100))]);
  return { code, stdout };
}

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

describe.runIf(hasMkfifo && process.platform !== 'win32')('a FIFO as an input', () => {
  it('usage reads it and reports it', async () => {
    const r = await throughFifo('usage.fifo', ['usage', '--json']);
    expect(r.code, r.stdout).toBe(0);
    expect((JSON.parse(r.stdout) as { totals: { output: number } }).totals.output).toBe(12);
  });

  it('cat passes its lines on', async () => {
    const r = await throughFifo('cat.fifo', ['cat']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toBe(lines);
  });
});
