import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, repoRoot } from '../shared.js';

/** The environment the CLI is spawned with: pinned, nothing from the developer's shell. */
export const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  LANG: 'C',
  LC_ALL: 'C',
  NO_COLOR: '1',
  TZ: 'UTC',
  HOME: '/tmp',
};

export { ensureBuilt } from '../shared.js';

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `txpipe ...args` as a user would, with `input` on standard input. */
export function txpipe(
  args: readonly string[],
  options: {
    input?: string | Buffer;
    cwd?: string;
    uid?: number;
    gid?: number;
    /** Another copy of the built CLI to run. */
    bin?: string;
    /** Variables set over the pinned environment (`env`). */
    env?: Readonly<Record<string, string>>;
  } = {},
): Run {
  const r: SpawnSyncReturns<string> = spawnSync(process.execPath, [options.bin ?? bin, ...args], {
    input: options.input ?? '',
    cwd: options.cwd ?? repoRoot,
    env: options.env ? { ...env, ...options.env } : env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs the CLI writing `input` to its stdin in `size`-byte pieces, each after the last drained. */
export async function txpipeTrickle(
  args: readonly string[],
  input: Buffer,
  size: number,
): Promise<Run> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  for (let i = 0; i < input.length; i += size) {
    if (!child.stdin.write(input.subarray(i, i + size))) {
      await new Promise((r) => child.stdin.once('drain', r));
    }
    await new Promise((r) => setImmediate(r));
  }
  child.stdin.end();
  return { code: await exited, stdout, stderr };
}

/** The user `nobody`, to run the CLI as someone who cannot read every file (tests run as root). */
export const NOBODY = { uid: 65534, gid: 65534 };

const copies: string[] = [];

/**
 * A copy of the built CLI (dist/ and package.json) in a new folder of the system's temporary
 * folder that every user can read, for a run as nobody (the clone may sit in a folder only its
 * owner can enter); undefined when nobody cannot run Node or reach that folder. Removed by
 * `removeCopies`.
 */
export function worldReadableCopy(): { bin: string; dir: string } | undefined {
  const dir = mkdtempSync(join('/tmp', 'txpipe-as-nobody-'));
  copies.push(dir);
  chmodSync(dir, 0o755);
  cpSync(join(repoRoot, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(repoRoot, 'package.json'), join(dir, 'package.json'));
  const copy = join(dir, 'dist', 'bin', 'txpipe.js');
  const probe = spawnSync(process.execPath, [copy, 'cat', '/dev/null'], {
    ...NOBODY,
    env,
    cwd: '/',
  });
  return probe.status === 0 ? { bin: copy, dir } : undefined;
}

/** Removes the copies `worldReadableCopy` made. */
export function removeCopies(): void {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
}
