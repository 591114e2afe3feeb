import type { Transform } from 'node:stream';
import type { CliOption } from '../stream/cli-option.js';
import type { OnInvalid } from '../stream/parse.js';

export type { CliOption } from '../stream/cli-option.js';

/** What a command's stages may know about the run besides its own options. */
export interface CommandContext {
  /** The input paths after directories were expanded (`-` for standard input). */
  readonly inputs: readonly string[];
  /** Whether standard output is a terminal (tables and progress bars are for people). */
  readonly stdoutIsTTY: boolean;
  /** Where progress and reports for people go. */
  readonly stderr: NodeJS.WritableStream;
  /** The run's `--on-invalid` (what the writer does with a line that is not JSON). */
  readonly onInvalid?: OnInvalid;
  /**
   * Stages must keep each record's `line` (the worker tells by it which message a record came
   * from): between two commands records are not numbered again as a pipe would (as-piped.ts).
   */
  readonly keepLines?: boolean;
  /**
   * Every command after the first reads what the one before wrote as one stream, as on standard
   * input in the shell (`txpipe run`: source `-`, lines numbered from 1 across every input).
   */
  readonly oneStream?: boolean;
}

/** What the global options allow a whole-file reader (`CommandBehaviour.readFile`). */
export interface WholeFileLimits {
  /** A longer line is not read but reported `line-too-long`. */
  readonly maxLineBytes: number;
  /** `jsonl`: the file is JSON Lines, not sniffed; `auto`: sniffed as `readRecords` does. */
  readonly framing: 'auto' | 'jsonl';
}

/**
 * A command's own reader of one whole input file (see `CommandBehaviour.readFile`): the chunks
 * that the command's first stage takes in place of the file's records (one, or a few for a large
 * file; the CLI takes the next when the stage has room), or undefined to leave the file to the
 * streaming reader (gzip, not JSON Lines).
 */
export type WholeFileReader = ((
  path: string,
  limits: WholeFileLimits,
) => Promise<Iterable<object> | undefined>) & {
  /**
   * Ends what the reader keeps running (`usage`: a worker reading files ahead), once the last
   * input is read or the run stops early. Inputs are asked for in order, each once.
   */
  close?(): void;
};

/**
 * A command as the CLI, `--help`, the docs and the tests see it: what is needed to parse and
 * document it, and `load()` for the rest. The registry lists these; they are cheap to import, so
 * a run loads only the behaviour of the command it runs. A command is one description file
 * (`transforms/commands/<name>.ts`), one behaviour module and one registry line.
 */
export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  /** Options of this command, by their camelCase name (the CLI shows them kebab-cased). */
  readonly options: Readonly<Record<string, CliOption>>;
  /**
   * `records`: the stages turn records into records, and the CLI writes them as JSON Lines.
   * `text`: the last stage writes text (a report, a table) itself.
   */
  readonly output: 'records' | 'text';
  /**
   * Rewrites the parsed arguments before the inputs are listed: `run` takes its first word as the
   * pipeline, not a file. May throw a bad-option error.
   */
  readonly prepareArgs?: (args: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /** Imports the module that does the command's work: everything but the fields above. */
  load(): Promise<CommandBehaviour>;
}

/** A file a command writes, and the option that named it. */
export interface OutputFile {
  readonly path: string | undefined;
  readonly option: string;
}

/** What a command does: its stages and optional hooks, in a module loaded only to run it. */
export interface CommandBehaviour {
  /** The transforms, built from parsed arguments (camelCase keys). Validates, may throw. */
  stages(args: Readonly<Record<string, unknown>>, ctx: CommandContext): Transform[];
  /**
   * How a rejected line's text is cleaned before it reaches `--reject-file` (redact uses this so
   * a bad line never leaks what a good one would not). Identity when absent.
   */
  rejectedText?(args: Readonly<Record<string, unknown>>): (raw: string) => string;
  /**
   * For a `text` command that needs only some lines: strings of which a line must contain one;
   * the other lines of JSON Lines input are not decoded or parsed and never reach the stages.
   * Every line when absent.
   */
  select?(args: Readonly<Record<string, unknown>>): readonly string[] | undefined;
  /**
   * For a command whose first stage can take a whole file's worth of work at once (`usage`: the
   * file's usage entries): how it reads an input file given by path. Standard input, and files
   * the reader leaves, are read as records.
   */
  readFile?(args: Readonly<Record<string, unknown>>, ctx: CommandContext): WholeFileReader;
  /**
   * For a command that reads no files and writes no records (`worker`): runs it in place of the
   * read-stages-write loop and gives the exit code.
   */
  run?(args: Readonly<Record<string, unknown>>, ctx: CommandContext): Promise<number>;
  /**
   * Files the command writes besides its output (`convert --timing`, `usage --html`), by option:
   * refused when one is also an input, as `--output` is.
   */
  outputFiles?(args: Readonly<Record<string, unknown>>): readonly OutputFile[];
  /**
   * The most bytes any line it writes may have (clip's `--max-line-bytes`), which a line written
   * through or as an error object by `--line-filter` must keep too. No bound when absent.
   */
  outputLineBytes?(args: Readonly<Record<string, unknown>>): number | undefined;
  /**
   * A rejection reported by this command's stages is a failure (exit 1), with or without
   * `--strict` (`verify`: an input that did not verify). The command's output is written whole
   * first, which failing the stream would cut.
   */
  readonly rejectionsFail?: boolean;
}
