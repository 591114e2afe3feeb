import { PassThrough } from 'node:stream';
import { buildCli } from '../../src/cli/main.js';

/**
 * Runs the txpipe CLI in this process (so that coverage sees it), as `txpipe ...argv` would;
 * pass `-o FILE` for its output. Resolves with the exit code and what went to stderr.
 */
export async function runCli(argv: readonly string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const err = new PassThrough();
  err.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number>((resolve) => {
    void buildCli(argv, { stderr: err, stdoutIsTTY: false, exit: resolve }).parseAsync();
  });
  return { code, stderr };
}
