import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { buildCli } from '../../src/cli/main.js';

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/**
 * Runs the CLI in this process (so coverage sees it), its output going to a temporary file
 * through `-o`, as `txpipe <argv...>` would with stdout not a terminal unless `stdoutIsTTY`.
 */
export async function runCli(
  argv: readonly string[],
  opts: { stdoutIsTTY?: boolean; stderrIsTTY?: boolean } = {},
): Promise<CliRun> {
  const dir = mkdtempSync(join(tmpdir(), 'txpipe-usage-cli-'));
  const outFile = join(dir, 'out');
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean };
  if (opts.stderrIsTTY) stderr.isTTY = true;
  let err = '';
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  let code = -1;
  try {
    await buildCli([...argv, '-o', outFile], {
      stderr,
      stdoutIsTTY: opts.stdoutIsTTY ?? false,
      exit: (c) => {
        code = c;
      },
    }).parseAsync();
    let out = '';
    try {
      out = readFileSync(outFile, 'utf8');
    } catch {
      // no output written (a usage error)
    }
    return { code, out, err };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
