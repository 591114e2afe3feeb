import type { Readable } from 'node:stream';
import type { Argv, Options } from 'yargs';
import { formatIds } from '../formats/registry.js';
import { commands } from '../transforms/registry.js';
import type { CommandSpec } from '../transforms/spec.js';
import { EXIT } from './exit-codes.js';
import { globalOptions } from './global-options.js';
import { kebab } from './option-names.js';
import { expandOptionalValues } from './optional-values.js';
import { runParsed, type CommonArgs } from './run-command.js';

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

/**
 * A number option's value: the number when the text is one, else the text as given, so that the
 * command's check says what the user wrote (`got abc`), never yargs' `NaN`.
 */
function numberOrText(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(numberOrText);
  if (typeof v !== 'string' || v.trim() === '') return v;
  const n = Number(v);
  return Number.isNaN(n) ? v : n;
}

function commandOptions(spec: CommandSpec): Record<string, Options> {
  const out: Record<string, Options> = {};
  for (const [name, o] of Object.entries(spec.options)) {
    // A number option is read untyped and turned into a number here (see numberOrText).
    const asNumber = o.type === 'number' && !o.coerce;
    out[kebab(name)] = {
      ...(asNumber ? { coerce: numberOrText, requiresArg: true } : { type: o.type }),
      describe: o.describe,
      ...(o.default !== undefined ? { default: o.default } : {}),
      ...(o.choices ? { choices: [...o.choices] } : {}),
      ...(o.alias ? { alias: o.alias } : {}),
      ...(o.coerce ? { coerce: o.coerce as (arg: unknown) => unknown } : {}),
    };
  }
  const repeatable = Object.entries(spec.options).flatMap(([n, o]) =>
    o.repeatable ? [kebab(n)] : [],
  );
  return givenOnce(out, repeatable);
}

/**
 * The options with their check that one taking a single value is given once: yargs makes an
 * array of `-o a -o b`, which reached the command as a path (Node's "path argument must be of
 * type string", exit 1); it is a usage error naming the option (exit 2). An option that takes
 * several values (`array`, or `repeatable` in its `CliOption`) and a flag (`boolean`) may be
 * repeated.
 */
function givenOnce(
  options: Record<string, Options>,
  repeatable: readonly string[] = [],
): Record<string, Options> {
  const out: Record<string, Options> = {};
  for (const [flag, o] of Object.entries(options)) {
    if (
      o.type === 'array' ||
      o.array === true ||
      o.type === 'boolean' ||
      repeatable.includes(flag)
    ) {
      out[flag] = o;
      continue;
    }
    const coerce = o.coerce;
    out[flag] = {
      ...o,
      coerce: (v: unknown) => {
        if (Array.isArray(v)) {
          const given = v.map((x) => (x === STDIO ? '-' : String(x))).join(', ');
          throw new Error(`--${flag} given ${v.length} times (${given}): give it once`);
        }
        return coerce ? coerce(v) : v;
      },
    };
  }
  return out;
}

/** A wrong command line: the message is on stderr already; the run ends with EXIT.usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What a parsed command line is handed to: runs the command and gives its exit code. */
export type RunParsed = (
  spec: CommandSpec,
  args: CommonArgs & Readonly<Record<string, unknown>>,
) => Promise<number>;

/**
 * Builds the yargs parser from the command registry. `exit` receives the final code. yargs is
 * loaded only for the command lines `quickParse` leaves to it: `--help`, `--version`, errors and
 * the rarer forms (see cli/quick-parse.ts); it is imported here, when called, so that the
 * bundled CLI (one file, scripts/bundle-cli.mjs) does not load it on every run.
 */
export async function buildCli(
  argv: readonly string[],
  io: {
    stderr: NodeJS.WritableStream;
    stdoutIsTTY: boolean;
    exit: (code: number) => void;
    /** Standard input (`-`); process.stdin when not given. */
    stdin?: Readable;
  },
  run: RunParsed = (spec, args) => runParsed(spec, args, io),
): Promise<Argv> {
  const { default: yargs } = await import('yargs');
  let cli = yargs(expandOptionalValues(argv).map((a) => (a === '-' ? STDIO : a)))
    .scriptName('txpipe')
    .usage(
      '$0 <command> [options] [files...]\n\nStreams for AI-agent transcripts. Formats: ' +
        formatIds.join(', '),
    )
    .options(givenOnce(globalOptions))
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
        io.exit(
          await run(spec, restoreDash(args) as unknown as CommonArgs & Record<string, unknown>),
        );
      },
    );
  }
  return cli;
}
