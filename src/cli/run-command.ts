import { PassThrough, type Readable, type Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { chainToEnd } from '../stream/chain-to-end.js';
import { recordLogicOf, type StageLogic } from '../stream/batch-logic.js';
import { TxpipeError } from '../stream/errors.js';
import { describeIoError, inputError } from '../stream/input.js';
import type { Framing } from '../stream/framing.js';
import type { OnInvalid } from '../stream/parse.js';
import { linesDefaults } from '../stream/lines.js';
import { readRecords } from '../stream/read-records.js';
import { REJECT_EVENT } from '../stream/rejection.js';
import { stringify } from '../stream/stringify.js';
import type { CommandSpec, WholeFileLimits, WholeFileReader } from '../transforms/spec.js';
import { EXIT } from './exit-codes.js';
import { expandInputs, openSource } from './inputs.js';
import { isBrokenPipe, openOutput } from './output.js';
import { OutputWriter } from './output-writer.js';
import { refuseOverwrite } from './overwrite-guard.js';
import { Reporter } from './reporter.js';
import { inputsSize, RunProgress } from './run-progress.js';
import { Interrupted, interruptedMessage, onSignals } from './signals.js';
import { runBatches } from './run-batches.js';

/** The options every command has (see `globalOptions` in main.ts). */
export interface CommonArgs {
  readonly files: readonly string[];
  readonly output?: string;
  readonly rejectFile?: string;
  readonly strict: boolean;
  readonly onInvalid: OnInvalid;
  readonly maxInputLineBytes?: number;
  readonly framing: Framing | 'auto';
  readonly quiet: boolean;
}

/** Reads one whole input file into chunks for the stages, or gives undefined to stream it. */
interface ReadWhole {
  read(source: string): Promise<Iterable<object> | undefined>;
  /** Ends what the reader keeps running, after the last input or when the run stops early. */
  close(): void;
}

/** Feeds every input's records, one input after another, into `into`; ends it after the last. */
async function feed(
  inputs: readonly string[],
  args: CommonArgs,
  into: PassThrough,
  reporter: Reporter,
  select: readonly string[] | undefined,
  readWhole: ReadWhole | undefined,
  position: { source?: string },
  stdin?: Readable,
): Promise<void> {
  const breathe = breather();
  try {
    for (const source of inputs) {
      // A stage failed or a signal came: the run is ending (`position` keeps the input it was in).
      if (into.destroyed) return;
      position.source = source;
      if (readWhole !== undefined && source !== '-') {
        let chunks: Iterable<object> | undefined;
        try {
          chunks = await readWhole.read(source);
          // A large file's later chunks are read as the stages take the earlier ones.
          for (const chunk of chunks ?? []) {
            await breathe();
            if (into.destroyed) break; // a stage failed or a signal came: the run is ending
            await write(into, chunk);
          }
        } catch (err) {
          throw inputError(err, source);
        }
        if (chunks !== undefined) continue;
      }
      const input = source === '-' && stdin ? stdin : await openSource(source);
      input.on(REJECT_EVENT, reporter.add); // a source's own reports (a stored transcript's)
      const recs: Readable = readRecords(input, {
        source,
        framing: args.framing,
        onInvalid: 'pass', // the writer applies --on-invalid, after every stage has seen the line
        maxLineBytes: args.maxInputLineBytes,
        select,
      });
      recs.on(REJECT_EVENT, reporter.add);
      // A run that ends early (a stage failed, a signal) stops the reading too.
      const stop = (): void => void recs.destroy();
      into.once('close', stop);
      recs.pipe(into, { end: false });
      try {
        await finished(recs);
      } finally {
        into.off('close', stop);
      }
    }
  } finally {
    readWhole?.close();
  }
  position.source = undefined;
  into.end();
}

/**
 * The command's own reader of whole files (`CommandBehaviour.readFile`), given the limits the
 * global options set. Undefined when every input is streamed: the command has none, or the
 * framing is not JSON Lines.
 */
function wholeFileReading(
  args: CommonArgs,
  own: WholeFileReader | undefined,
): ReadWhole | undefined {
  if (own === undefined || (args.framing !== 'auto' && args.framing !== 'jsonl')) return undefined;
  const limits: WholeFileLimits = {
    framing: args.framing,
    maxLineBytes: args.maxInputLineBytes ?? linesDefaults.maxLineBytes,
  };
  return { read: (source) => own(source, limits), close: () => own.close?.() };
}

/** How long whole files are read without a turn of the event loop at most (ms). */
const BREATH_MS = 20;

/**
 * A function to await between whole files' chunks: now and then (every `BREATH_MS`) it lets the
 * event loop turn. Whole files are read synchronously and their chunks taken by the stages
 * without waiting on any I/O: without it a signal's handler would run only once every input is
 * read (a run that cannot be stopped, then ends as if no signal came).
 */
function breather(): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < BREATH_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

/** Writes one chunk, with backpressure. */
async function write(into: PassThrough, chunk: object): Promise<void> {
  if (into.destroyed || into.write(chunk)) return;
  await new Promise((resolve) => {
    into.once('drain', resolve);
    into.once('close', resolve);
  });
}

/**
 * Runs one command over its inputs: read, the command's stages, write. Returns the exit code;
 * the messages for people have been written to `stderr` by then.
 */
export async function runCommand(
  spec: CommandSpec,
  args: CommonArgs & Readonly<Record<string, unknown>>,
  io: { stderr: NodeJS.WritableStream; stdoutIsTTY: boolean; stdin?: Readable },
): Promise<number> {
  if (spec.prepareArgs) args = { ...args, ...spec.prepareArgs(args) } as typeof args;
  // The command's module loads while the inputs are listed.
  const [inputs, run] = await Promise.all([expandInputs(args.files), spec.load()]);
  const ctx = {
    inputs,
    stdoutIsTTY: io.stdoutIsTTY,
    stderr: io.stderr,
    onInvalid: args.onInvalid,
  };
  if (run.run) return run.run(args, ctx);
  const stages: Transform[] = run.stages(args, ctx);
  const select = run.select?.(args);
  if (args.lineFilter === true) {
    const { runLineFilter } = await import('./line-filter.js');
    const out = openOutput(args.output);
    return runLineFilter({
      inputs,
      stages,
      out: out.stream,
      stderr: io.stderr,
      stdin: io.stdin,
      onInvalid: args.onInvalid,
      maxLineBytes: args.maxInputLineBytes,
      rejectFile: args.rejectFile,
      quiet: args.quiet,
      clean: run.rejectedText?.(args),
      maxOutputLineBytes: run.outputLineBytes?.(args),
    });
  }
  const readWhole = wholeFileReading(args, run.readFile?.(args, ctx));
  await refuseOverwrite(inputs, [
    { path: args.output, option: '--output' },
    { path: args.rejectFile, option: '--reject-file' },
    ...(run.outputFiles?.(args) ?? []),
  ]);
  const reporter = new Reporter(args.rejectFile, run.rejectedText?.(args));
  const tail = spec.output === 'records' ? [stringify({ onInvalid: args.onInvalid })] : [];
  for (const stage of [...stages, ...tail]) stage.on(REJECT_EVENT, reporter.add);
  const logic = batchLogic(spec, stages, select, readWhole);
  const records = new PassThrough({ objectMode: true });
  // A text command (usage) draws its own progress, if any.
  const progress =
    spec.output === 'records' ? await startProgress(inputs, args, io.stderr) : undefined;
  if (progress) records.on('data', progress.count);
  const out = openOutput(args.output);
  // The output is written by its own writer, and a failed stage or input ends the stages after
  // it instead of destroying them: what was made before a failure still reaches the output.
  // Ends the record stream of the piped path; the batch path checks the writer and the signal
  // between batches instead.
  const stopRecords = (err: Error): void => {
    if (logic === undefined) records.destroy(err);
  };
  const writer = new OutputWriter(out.stream, out.stream !== process.stdout, stopRecords);
  const signals = onSignals(() => {
    writer.cut();
    stopRecords(new Interrupted());
  });
  const position: { source?: string } = {};
  let code: number = EXIT.ok;
  let failure: unknown;
  try {
    if (logic !== undefined) {
      // Every stage is record logic: the records go through them in batches, written by the
      // same output writer (whole lines, what came before a failure, a signal's cut).
      failure = await runBatches({
        inputs,
        args,
        logic,
        reject: reporter.add,
        out: writer,
        stdin: io.stdin,
        stopped: () => signals.received !== undefined,
        position,
        ...(progress ? { onRecord: progress.count } : {}),
      }).then(
        () => undefined,
        (err: unknown) => err,
      );
      if (!writer.writableEnded) writer.end();
      await writer.close();
    } else {
      // An input that fails ends the records (everything before it goes through the stages),
      // and the run fails once they are written.
      const reading = feed(
        inputs,
        args,
        records,
        reporter,
        select,
        readWhole,
        position,
        io.stdin,
      ).catch((err: unknown) => {
        failure ??= inputError(err, '-');
        if (!records.destroyed) records.end();
      });
      // A stage's failure comes first: the reading it stopped fails after it.
      failure = (await chainToEnd([records, ...stages, ...tail, writer])) ?? failure;
      await reading;
      await writer.close();
    }
  } catch (err) {
    failure ??= err;
  } finally {
    signals.off();
  }
  if (signals.received !== undefined) {
    io.stderr.write(`txpipe: ${interruptedMessage(signals.received, writer, position.source)}\n`);
    code = signals.received === 'SIGINT' ? EXIT.interrupted : EXIT.terminated;
  } else if (failure !== undefined && !(isBrokenPipe(failure) && out.stream === process.stdout)) {
    io.stderr.write(`txpipe: ${describeFailure(failure, out.name)}\n`);
    code = EXIT.failure;
  }
  progress?.end();
  try {
    await reporter.close();
  } catch (err) {
    io.stderr.write(`txpipe: ${describeFailure(err, String(args.rejectFile))}\n`);
    code = EXIT.failure;
  }
  // Nothing to say leaves standard error untouched (not even made: see lazy-stderr.ts).
  if (!args.quiet && reporter.count > 0) io.stderr.write(reporter.summary());
  if (code === EXIT.ok && reporter.count > 0 && run.rejectionsFail) code = EXIT.failure;
  if (code === EXIT.ok && args.strict && reporter.count > 0) code = EXIT.rejected;
  return code;
}

/** Progress on stderr for people: only on a terminal and without --quiet. */
async function startProgress(
  inputs: readonly string[],
  args: CommonArgs,
  stderr: NodeJS.WritableStream,
): Promise<RunProgress | undefined> {
  if (args.quiet || (stderr as { isTTY?: boolean }).isTTY !== true) return undefined;
  return new RunProgress(stderr, await inputsSize(inputs));
}

/**
 * The logic of the stages when the run can go in batches (`run-batches.ts`): a records command
 * whose stages were all built by `recordTransform`, reading every line of its inputs as records.
 */
function batchLogic(
  spec: CommandSpec,
  stages: readonly Transform[],
  select: readonly string[] | undefined,
  readWhole: ReadWhole | undefined,
): StageLogic[] | undefined {
  if (spec.output !== 'records' || select !== undefined || readWhole !== undefined)
    return undefined;
  const logic = stages.map(recordLogicOf);
  return logic.every((l) => l !== undefined) ? (logic as StageLogic[]) : undefined;
}

/** One line that says what failed and where. */
function describeFailure(err: unknown, outputName: string): string {
  if (err instanceof TxpipeError) return err.message;
  const e = err as NodeJS.ErrnoException;
  if (e?.syscall === 'write' || e?.syscall === 'open') {
    return `cannot write ${outputName}: ${describeIoError(e)}`;
  }
  return e?.message ?? String(err);
}

/**
 * Runs a parsed command line and gives its exit code: a bad option value (`badOption`) or an
 * unknown option (a `run` step's) is a usage error (EXIT.usage), any other error a failure;
 * either is reported on `io.stderr`.
 */
export async function runParsed(
  spec: CommandSpec,
  args: CommonArgs & Readonly<Record<string, unknown>>,
  io: { stderr: NodeJS.WritableStream; stdoutIsTTY: boolean; stdin?: Readable },
): Promise<number> {
  try {
    return await runCommand(spec, args, io);
  } catch (err) {
    const usage =
      err instanceof TxpipeError &&
      (err.code === 'ERR_TXPIPE_BAD_OPTION' || err.code === 'ERR_TXPIPE_UNKNOWN_OPTION');
    const message = usage ? flagWording((err as Error).message, args) : (err as Error).message;
    io.stderr.write(`txpipe: ${message}\n`);
    return usage ? EXIT.usage : EXIT.failure;
  }
}

/**
 * A library's message about an option, worded for the command line: the option names it gives
 * (`maxHeldRecords`) become the flags the user wrote (`--max-held-records`). A camelCase name is
 * replaced wherever it stands, a one-word name only at the start of the message.
 */
export function flagWording(message: string, args: Readonly<Record<string, unknown>>): string {
  let out = message;
  for (const name of Object.keys(args)) {
    if (name === 'files' || name === '$0' || name === '_') continue;
    const flag = `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (/[A-Z]/.test(name)) out = out.replace(new RegExp(`(?<![-\\w])${name}\\b`, 'g'), flag);
    else if (out.startsWith(`${name} `) || out.startsWith(`${name}:`))
      out = flag + out.slice(name.length);
  }
  return out;
}
