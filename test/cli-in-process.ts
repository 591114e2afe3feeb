import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../src/cli/main.js';

/** What a run of the CLI left behind. */
export interface CliResult {
  readonly code: number;
  /** What the command wrote to its output (read back from the `-o` file). */
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliInProcessOptions {
  /** Standard input, for `-` or no input files. */
  readonly stdin?: string | Buffer;
  readonly stdoutIsTTY?: boolean;
  readonly stderrIsTTY?: boolean;
  /** Write the output here (and keep it) instead of a temporary file. */
  readonly output?: string;
}

const hasOutput = (argv: readonly string[]): boolean =>
  argv.some((a) => a === '-o' || a === '--output' || a.startsWith('--output='));

/**
 * Runs `txpipe <argv...>` in this process (the yargs program the binary runs, so coverage sees
 * it). The output goes through `-o` to `options.output` or a temporary file and comes back as
 * `stdout`; when `argv` names an output itself, it is left alone and `stdout` is empty.
 */
export async function cliInProcess(
  argv: readonly string[],
  options: CliInProcessOptions = {},
): Promise<CliResult> {
  const own = hasOutput(argv);
  const dir = own || options.output ? undefined : mkdtempSync(join(tmpdir(), 'txpipe-cli-'));
  const outFile = options.output ?? (dir ? join(dir, 'out') : undefined);
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean };
  if (options.stderrIsTTY) stderr.isTTY = true;
  let err = '';
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  try {
    const code = await runCli(outFile && !own ? [...argv, '-o', outFile] : argv, {
      stderr,
      stdoutIsTTY: options.stdoutIsTTY ?? false,
      ...(options.stdin !== undefined ? { stdin: Readable.from([options.stdin]) } : {}),
    });
    const stdout = outFile && !own && existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
    return { code, stdout, stderr: err };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
