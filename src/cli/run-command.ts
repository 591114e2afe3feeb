import { PassThrough, type Readable, type Transform, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { recordLogicOf, type StageLogic } from '../stream/batch-logic.js';
import { TxpipeError } from '../stream/errors.js';
import { inputError, openInput } from '../stream/input.js';
import type { Framing } from '../stream/framing.js';
import type { OnInvalid } from '../stream/parse.js';
import { linesDefaults } from '../stream/lines.js';
import { readRecords } from '../stream/read-records.js';
import { REJECT_EVENT } from '../stream/rejection.js';
import { stringify } from '../stream/stringify.js';
import type { CommandSpec, WholeFileLimits, WholeFileReader } from '../transforms/spec.js';
import { EXIT } from './exit-codes.js';
import { expandInputs } from './inputs.js';
import { isBrokenPipe, openOutput } from './output.js';
import { Reporter } from './reporter.js';
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
type ReadWhole = (source: string) => Promise<Iterable<object> | undefined>;

/** Feeds every input's records, one input after another, into `into`; ends it after the last. */
async function feed(
  inputs: readonly string[],
  args: CommonArgs,
  into: PassThrough,
  reporter: Reporter,
  select: readonly string[] | undefined,
  readWhole: ReadWhole | undefined,
  stdin?: Readable,
): Promise<void> {
  for (const source of inputs) {
    if (readWhole !== undefined && source !== '-') {
      let chunks: Iterable<object> | undefined;
      try {
        chunks = await readWhole(source);
        // A large file's later chunks are read as the stages take the earlier ones.
        for (const chunk of chunks ?? []) {
          if (into.destroyed) break; // a stage failed: the run is ending
          await write(into, chunk);
        }
      } catch (err) {
        throw inputError(err, source);
      }
      if (chunks !== undefined) continue;
    }
    const input = source === '-' && stdin ? stdin : openInput(source);
    const recs: Readable = readRecords(input, {
      source,
      framing: args.framing,
      onInvalid: 'pass', // the writer applies --on-invalid, after every stage has seen the line
      maxLineBytes: args.maxInputLineBytes,
      select,
    });
    recs.on(REJECT_EVENT, reporter.add);
    recs.pipe(into, { end: false });
    await finished(recs);
  }
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
  return (source) => own(source, limits);
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
  // The command's module loads while the inputs are listed.
  const [inputs, run] = await Promise.all([expandInputs(args.files), spec.load()]);
  const ctx = { inputs, stdoutIsTTY: io.stdoutIsTTY, stderr: io.stderr };
  const stages: Transform[] = run.stages(args, ctx);
  const select = run.select?.(args);
  const readWhole = wholeFileReading(args, run.readFile?.(args));
  const reporter = new Reporter(args.rejectFile, run.rejectedText?.(args));
  const tail = spec.output === 'records' ? [stringify({ onInvalid: args.onInvalid })] : [];
  for (const stage of [...stages, ...tail]) stage.on(REJECT_EVENT, reporter.add);
  const logic = batchLogic(spec, stages, select, readWhole);
  const records = new PassThrough({ objectMode: true });
  const out = openOutput(args.output);
  let code: number = EXIT.ok;
  try {
    if (logic !== undefined) {
      const reject = reporter.add;
      await runBatches({ inputs, args, logic, reject, out: out.stream, stdin: io.stdin });
    } else
      await Promise.all([
        feed(inputs, args, records, reporter, select, readWhole, io.stdin).catch((err: unknown) => {
          records.destroy(inputError(err, '-') as Error);
          throw err;
        }),
        pipeline([records, ...stages, ...tail, out.stream] as unknown as [
          Readable,
          ...Transform[],
          Writable,
        ]),
      ]);
  } catch (err) {
    if (isBrokenPipe(err) && out.stream === process.stdout) return EXIT.ok;
    io.stderr.write(`txpipe: ${describeFailure(err, out.name)}\n`);
    code = EXIT.failure;
  }
  try {
    await reporter.close();
  } catch (err) {
    io.stderr.write(`txpipe: ${describeFailure(err, String(args.rejectFile))}\n`);
    code = EXIT.failure;
  }
  if (!args.quiet) io.stderr.write(reporter.summary());
  if (code === EXIT.ok && args.strict && reporter.count > 0) code = EXIT.rejected;
  return code;
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
    return `cannot write ${outputName}: ${e.code === 'ENOSPC' ? 'no space left on device' : e.message}`;
  }
  return e?.message ?? String(err);
}

/**
 * Runs a parsed command line and gives its exit code: a bad option value (`badOption`) is a usage
 * error (EXIT.usage), any other error a failure; either is reported on `io.stderr`.
 */
export async function runParsed(
  spec: CommandSpec,
  args: CommonArgs & Readonly<Record<string, unknown>>,
  io: { stderr: NodeJS.WritableStream; stdoutIsTTY: boolean; stdin?: Readable },
): Promise<number> {
  try {
    return await runCommand(spec, args, io);
  } catch (err) {
    const usage = err instanceof TxpipeError && err.code === 'ERR_TXPIPE_BAD_OPTION';
    io.stderr.write(`txpipe: ${(err as Error).message}\n`);
    return usage ? EXIT.usage : EXIT.failure;
  }
}
