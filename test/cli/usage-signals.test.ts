// A signal that comes while `usage` reads a folder of files stops it (docs/cli.md, "Signals"),
// with and without its worker thread. The files are read whole and synchronously, one after
// another: the run must still let a signal's handler run between them, or the signal is only seen
// once every file is read (the report written in full, exit 0: as if no signal had come).
// What was read before it is reported, as when a stream is read.
import { spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { bin, repoRoot } from '../shared.js';
import { entry } from '../usage/records.js';
import { ensureBuilt, env } from './run.js';

let tmp: string;
let tree: string;
/** How many bytes the tree holds in all. */
let total = 0;

beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-usage-signals-'));
  tree = join(tmp, 'projects');
  mkdirSync(tree);
  // One session of ~2 MB, every line a reply that is parsed, under 80 names (hard links: each
  // is a file of its own to the walk, at no cost in disk).
  const lines = Array.from({ length: 6000 }, (_, i) =>
    JSON.stringify(entry(`msg_${i}`, i, { requestId: `req_${i}`, pad: 'p'.repeat(200) })),
  );
  const first = join(tree, 's00.jsonl');
  writeFileSync(first, lines.join('\n') + '\n');
  const size = readFileSync(first).length;
  for (let i = 1; i < 80; i++) linkSync(first, join(tree, `s${String(i).padStart(2, '0')}.jsonl`));
  total = size * 80;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Bytes the process has read so far (Linux), or undefined. */
function bytesRead(pid: number): number | undefined {
  try {
    const m = /^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Runs `txpipe usage --json tree`, sending `signal` once it has read `after` bytes of files. */
async function signalled(signal: NodeJS.Signals, worker: Record<string, string>) {
  const child = spawn(process.execPath, [bin, 'usage', '--json', tree], {
    cwd: repoRoot,
    env: { ...env, ...worker },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  // Start-up reads well under 4 MB (the CLI's own modules): past that, the files are being read.
  const after = 4_000_000;
  let read: number | undefined;
  for (;;) {
    read = bytesRead(child.pid!);
    if (read === undefined || read >= after) break;
    await new Promise((r) => setTimeout(r, 2));
  }
  const sentAt = read;
  child.kill(signal);
  const code = await exited;
  return { code, stdout, stderr, sentAt };
}

const linux = existsSync('/proc/self/io');

describe.runIf(linux)('usage stops on a signal while it reads files', () => {
  const rows: [string, NodeJS.Signals, number, Record<string, string>][] = [
    ['SIGTERM, no worker', 'SIGTERM', EXIT.terminated, {}],
    ['SIGINT, no worker', 'SIGINT', EXIT.interrupted, {}],
    ['SIGTERM, the worker on', 'SIGTERM', EXIT.terminated, { TXPIPE_USAGE_WORKER_MIN_BYTES: '1' }],
  ];
  it.each(rows)('%s: exits with its code and says so', async (_, signal, code, w) => {
    const r = await signalled(signal, w);
    // The signal came while the files were read (not before the run, not after all of them).
    expect(r.sentAt).toBeGreaterThanOrEqual(4_000_000);
    expect(r.sentAt).toBeLessThan(total / 2);
    expect(r.code, r.stderr).toBe(code);
    expect(r.stderr).toMatch(
      new RegExp(`^txpipe: ${signal}: stopped while reading .*s\\d\\d\\.jsonl;`),
    );
    // What was read before the signal is reported, as on a stream (the message says the rest
    // was not): not every file (each holds the same 6000 replies: all but one are copies).
    const report = JSON.parse(r.stdout) as { duplicates: number };
    expect(report.duplicates).toBeLessThan(79 * 6000);
  });
});
