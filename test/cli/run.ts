import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
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
  } = {},
): Run {
  const r: SpawnSyncReturns<string> = spawnSync(process.execPath, [options.bin ?? bin, ...args], {
    input: options.input ?? '',
    cwd: options.cwd ?? repoRoot,
    env,
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
