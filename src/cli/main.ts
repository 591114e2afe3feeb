import type { Readable } from 'node:stream';
import yargs, { type Argv, type Options } from 'yargs';
import { formatIds } from '../formats/registry.js';
import { commands } from '../transforms/registry.js';
import type { CommandSpec } from '../transforms/spec.js';
import { TxpipeError } from '../stream/errors.js';
import { EXIT } from './exit-codes.js';
import { runCommand, type CommonArgs } from './run-command.js';

/** Options every command takes. */
export const globalOptions: Readonly<Record<string, Options>> = {
  output: { alias: 'o', type: 'string', describe: 'Write to FILE instead of standard output' },
  'reject-file': {
    type: 'string',
    describe: 'Keep every line that was not written, verbatim, in FILE',
  },
  strict: {
    type: 'boolean',
    default: false,
    describe: `Exit ${EXIT.rejected} when any line was not written`,
  },
  'on-invalid': {
    choices: ['skip', 'pass', 'error'],
    default: 'skip',
    describe: 'A line that is not JSON: report and drop it, write it as it is, or fail',
  },
  'max-input-line-bytes': {
    type: 'number',
    describe: 'Longest input line held in memory (default 256 MiB); a longer one is reported',
    coerce: (n: number) => {
      if (!(Number.isInteger(n) && n > 0)) {
        throw new Error(`--max-input-line-bytes must be a positive integer, got ${String(n)}`);
      }
      return n;
    },
  },
  framing: {
    choices: ['auto', 'jsonl', 'array', 'concatenated'],
    default: 'auto',
    describe: 'How values are laid out in the input (auto sniffs the first bytes)',
  },
  quiet: {
    alias: 'q',
    type: 'boolean',
    default: false,
    describe: 'No summary of rejected lines on stderr',
  },
};

/**
 * yargs drops a bare `-` argument (it reads it as an empty group of short flags), so `-` is passed
 * to yargs as this stand-in and turned back into `-` in the parsed arguments.
 */
const STDIO = '\u0000-';

function restoreDash(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    out[k] = v === STDIO ? '-' : Array.isArray(v) ? v.map((x) => (x === STDIO ? '-' : x)) : v;
  }
  return out;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function commandOptions(spec: CommandSpec): Record<string, Options> {
  const out: Record<string, Options> = {};
  for (const [name, o] of Object.entries(spec.options)) {
    out[kebab(name)] = {
      type: o.type,
      describe: o.describe,
      ...(o.default !== undefined ? { default: o.default } : {}),
      ...(o.choices ? { choices: [...o.choices] } : {}),
      ...(o.alias ? { alias: o.alias } : {}),
    };
  }
  return out;
}

/**
 * Rewrites a bare `--name` (or `-alias`) of a command option that has an `optionalValue` into
 * `--name=<optionalValue>`, so yargs never takes the next word (a file) as its value. The command
 * is the first word of `argv` that names one; nothing after `--` is touched.
 */
export function expandOptionalValues(
  argv: readonly string[],
  specs: readonly CommandSpec[] = commands,
): string[] {
  const spec = specs.find((s) => argv.includes(s.name));
  const first = spec === undefined ? -1 : argv.indexOf(spec.name);
  const bare = new Map<string, string>();
  for (const [name, o] of Object.entries(spec?.options ?? {})) {
    if (o.optionalValue === undefined) continue;
    bare.set(`--${kebab(name)}`, `--${kebab(name)}=${o.optionalValue}`);
    if (o.alias) bare.set(`-${o.alias}`, `--${kebab(name)}=${o.optionalValue}`);
  }
  const end = argv.indexOf('--');
  return argv.map((a, i) => (i > first && (end === -1 || i < end) ? (bare.get(a) ?? a) : a));
}

/** A wrong command line: the message is on stderr already; the run ends with EXIT.usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Builds the yargs parser from the command registry. `exit` receives the final code. */
export function buildCli(
  argv: readonly string[],
  io: {
    stderr: NodeJS.WritableStream;
    stdoutIsTTY: boolean;
    exit: (code: number) => void;
    /** Standard input (`-`); process.stdin when not given. */
    stdin?: Readable;
  },
): Argv {
  let cli = yargs(expandOptionalValues(argv).map((a) => (a === '-' ? STDIO : a)))
    .scriptName('txpipe')
    .usage(
      '$0 <command> [options] [files...]\n\nStreams for AI-agent transcripts. Formats: ' +
        formatIds.join(', '),
    )
    .options(globalOptions)
    .strict()
    .demandCommand(1, 'Name a command; see txpipe --help')
    .recommendCommands()
    .epilogue(
      `Files are read in order; a directory means every .jsonl/.ndjson file below it; - or nothing is standard input; gzip is detected. Exit codes: ${EXIT.ok} ok, ${EXIT.failure} failure, ${EXIT.usage} usage, ${EXIT.rejected} lines rejected with --strict.`,
    )
    .fail((msg, err) => {
      // Throwing is what stops yargs: it neither runs the command nor leaves parseAsync pending.
      const text = msg ?? err?.message;
      io.stderr.write(`txpipe: ${text}\nRun txpipe --help for usage.\n`);
      throw new UsageError(text);
    })
    .help()
    .alias('h', 'help')
    .version()
    .wrap(Math.min(100, process.stdout.columns ?? 100));
  for (const spec of commands) {
    cli = cli.command(
      `${spec.name} [files..]`,
      spec.summary,
      (y) =>
        y
          .options(commandOptions(spec))
          .positional('files', { type: 'string', array: true, default: [] }),
      async (args) => {
        let code: number;
        try {
          code = await runCommand(
            spec,
            restoreDash(args) as unknown as CommonArgs & Record<string, unknown>,
            io,
          );
        } catch (err) {
          const usage = err instanceof TxpipeError && err.code === 'ERR_TXPIPE_BAD_OPTION';
          io.stderr.write(`txpipe: ${(err as Error).message}\n`);
          code = usage ? EXIT.usage : EXIT.failure;
        }
        io.exit(code);
      },
    );
  }
  return cli;
}

/**
 * Parses `argv` and runs the command; resolves with the exit code (EXIT.usage for a wrong command
 * line). Messages for people go to `io.stderr`.
 */
export async function runCli(
  argv: readonly string[],
  io: { stderr: NodeJS.WritableStream; stdoutIsTTY: boolean; stdin?: Readable },
): Promise<number> {
  let code: number = EXIT.ok;
  try {
    await buildCli(argv, {
      ...io,
      exit: (c) => {
        code = c;
      },
    }).parseAsync();
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
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(EXIT.ok);
  });
  exit(await runCli(argv, { stderr: process.stderr, stdoutIsTTY: process.stdout.isTTY === true }));
}
