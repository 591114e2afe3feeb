import type { Readable, Transform, Writable } from 'node:stream';
import { badOption } from '../stream/errors.js';
import type { Framing } from '../stream/framing.js';
import type { OnInvalid } from '../stream/parse.js';
import type { Rec } from '../stream/rec.js';
import type { Rejection } from '../stream/rejection.js';
import type { Pipeline } from '../transforms/chain.js';
import { commandPlan } from './command-plan.js';
import { expandInputs } from './inputs.js';
import { Interrupted } from './interrupted.js';
import { pipelineCommand } from './pipeline-command.js';
import type { ReadLimits } from './read-limits.js';
import { runPlan, type RunOutcome, type RunPlan, type RunResult } from './run-plan.js';

export type { RunResult } from './run-plan.js';

/** What `runPipeline` runs, over what, and where it writes. */
export interface RunPipelineOptions {
  /**
   * Files, folders (every `.jsonl` / `.ndjson` below, gzipped or not, in the CLI's order), `-` for
   * standard input; standard input when absent.
   */
  readonly inputs?: string | readonly string[];
  /**
   * The pipeline as the CLI takes it: `'redact | clip --limit 4KiB'` (as `txpipe run '...'`), one
   * command (`'usage --by model'`, as `txpipe usage --by model`), or its steps. Give this or
   * `stages`.
   */
  readonly pipeline?: Pipeline;
  /** Stages already built (records in, records out), run as given; the records written after. */
  readonly stages?: readonly Transform[];
  /** A path (made or emptied), `-` for standard output (the default), or a stream. */
  readonly output?: string | Writable;
  /** Whether a stream given as `output` is ended when the run ends (true). */
  readonly endOutput?: boolean;
  /** Called with every line not written, in order (the result keeps the first ones). */
  readonly onReject?: (rejection: Rejection) => void;
  /** How many rejections `result.rejections` keeps (1,000); every one is counted. */
  readonly keepRejections?: number;
  /** A file that keeps every line not written, verbatim (redact's text-level redaction applied). */
  readonly rejectFile?: string;
  /** Called with every record read, before the stages. */
  readonly onRecord?: (rec: Rec) => void;
  /** A line that is not JSON: `skip` (reported, the default), `pass` (written as is) or `error`. */
  readonly onInvalid?: OnInvalid;
  /** `auto` (the default) sniffs JSON Lines, a JSON array or concatenated values. */
  readonly framing?: Framing | 'auto';
  /** The longest input line held in memory (256 MiB); a longer one is reported. */
  readonly maxLineBytes?: number;
  /** What `-` reads (process.stdin when absent). */
  readonly stdin?: Readable;
  /** Stops the run on a whole line; it then rejects with an `AbortError` (`ABORT_ERR`). */
  readonly signal?: AbortSignal;
}

/** The result a failed run had so far, on the error it rejects with. */
export type RunFailure = Error & { readonly result?: RunResult };

const KEEP_REJECTIONS = 1000;

/**
 * Runs a pipeline over inputs as the CLI does, with the CLI's engine: files read in batches,
 * stages that are record logic run over arrays of records, redact's prescan judged ahead on a
 * worker thread for large inputs. Resolves with the counts and the rejections once the output is
 * written. When something fails (an input, a stage, the output, `onInvalid: 'error'`), every
 * record made before the failure is written first, then it rejects with that error (its `code`
 * kept; `error.result` holds the counts so far).
 */
export async function runPipeline(options: RunPipelineOptions): Promise<RunResult> {
  const read: ReadLimits = {
    framing: options.framing ?? 'auto',
    onInvalid: options.onInvalid ?? 'skip',
    ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
  };
  const paths = typeof options.inputs === 'string' ? [options.inputs] : (options.inputs ?? []);
  const plan = await planOf(options, paths, read.onInvalid);
  const outcome = await runPlan(plan, {
    read,
    output: options.output,
    endOutput: options.endOutput ?? true,
    rejectFile: options.rejectFile,
    stdin: options.stdin,
    onRecord: options.onRecord,
    onReject: options.onReject,
    keepRejections: options.keepRejections ?? KEEP_REJECTIONS,
    signal: options.signal,
  });
  const failure = failureOf(outcome);
  if (failure !== undefined) throw withResult(failure, outcome.result);
  return outcome.result;
}

/** The plan of the run: the stages given, or the command line the pipeline is. */
async function planOf(
  options: RunPipelineOptions,
  paths: readonly string[],
  onInvalid: OnInvalid,
): Promise<RunPlan> {
  if ((options.pipeline === undefined) === (options.stages === undefined)) {
    badOption('runPipeline: give either pipeline or stages');
  }
  if (options.stages !== undefined) {
    return { inputs: await expandInputs(paths), stages: options.stages, output: 'records' };
  }
  const { spec, args: own } = pipelineCommand(options.pipeline as Pipeline);
  let args: Readonly<Record<string, unknown>> = { ...own, files: paths, onInvalid };
  if (spec.prepareArgs && spec.name !== 'run') args = { ...args, ...spec.prepareArgs(args) };
  const [inputs, behaviour] = await Promise.all([
    expandInputs(args.files as readonly string[]),
    spec.load(),
  ]);
  const ctx = { inputs, stdoutIsTTY: false, stderr: process.stderr, onInvalid };
  return commandPlan(spec, behaviour, args, ctx);
}

/** What the run rejects with: a stop, the first failure, then the reject file's. */
function failureOf(outcome: RunOutcome): unknown {
  if (outcome.stopped) return new Interrupted();
  return outcome.failure ?? outcome.rejectFileFailure;
}

/** The error, with the run's result on it. */
function withResult(err: unknown, result: RunResult): unknown {
  if (typeof err === 'object' && err !== null && Object.isExtensible(err)) {
    Object.defineProperty(err, 'result', { value: result, configurable: true });
  }
  return err;
}
