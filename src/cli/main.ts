import type { Readable } from 'node:stream';
import { EXIT } from './exit-codes.js';
import { lazyStderr } from './lazy-stderr.js';
import type { CommonArgs } from './run-command.js';

/**
 * Parses `argv` and runs the command; resolves with the exit code (EXIT.usage for a wrong command
 * line). Messages for people go to `io.stderr`. A plain command line is parsed without yargs
 * (`quickParse`); yargs is loaded for the rest: help, the version, errors, rarer forms.
 */
export async function runCli(
  argv: readonly string[],
  io: { stderr: NodeJS.WritableStream; stdoutIsTTY: boolean; stdin?: Readable },
): Promise<number> {
  if (argv.length === 1 && argv[0] === '--version') {
    // The common question, answered without yargs (~130 ms of start-up): the same text.
    const { packageVersion } = await import('./version.js');
    process.stdout.write(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  // Loaded only past `--version`: they bring the command registry with them.
  const [{ quickParse }, { runParsed }, { expandOptionalValues }] = await Promise.all([
    import('./quick-parse.js'),
    import('./run-command.js'),
    import('./optional-values.js'),
  ]);
  const quick = quickParse(expandOptionalValues(argv));
  if (quick) return runParsed(quick.spec, quick.args as CommonArgs & Record<string, unknown>, io);
  const { buildCli, UsageError } = await import('./yargs-cli.js');
  let code: number = EXIT.ok;
  try {
    const cli = await buildCli(argv, {
      ...io,
      exit: (c) => {
        code = c;
      },
    });
    await cli.parseAsync();
  } catch (err) {
    if (err instanceof UsageError) return EXIT.usage;
    throw err;
  }
  return code;
}

/** Runs the CLI with process arguments; the process exits with the command's code. */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const exit = (code: number): void => {
    // Let stdout drain before leaving, so a piped reader gets every byte.
    if (process.stdout.writableLength === 0) process.exit(code);
    else
      process.stdout
        .once('drain', () => process.exit(code))
        .once('error', () => process.exit(code));
  };
  // A reader that went away (EPIPE) ends a run through its output writer, which still reports
  // the rejected lines and --strict's exit code (runCommand); here it only must not crash.
  process.stdout.on('error', () => undefined);
  exit(await runCli(argv, { stderr: lazyStderr(), stdoutIsTTY: process.stdout.isTTY === true }));
}
