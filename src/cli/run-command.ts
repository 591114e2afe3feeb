import type { Readable, Transform } from 'node:stream';
import { commandPlan } from '../engine/command-plan.js';
import { expandInputs } from '../engine/inputs.js';
import { isBrokenPipe, openOutput } from '../engine/output.js';
import { runPlan } from '../engine/run-plan.js';
import { cliMessage } from '../engine/reporter.js';
import { TxpipeError } from '../stream/errors.js';
import { describeIoError } from '../stream/input.js';
import type { Framing } from '../stream/framing.js';
import type { OnInvalid } from '../stream/parse.js';
import type { CommandBehaviour, CommandSpec } from '../transforms/spec.js';
import { EXIT } from './exit-codes.js';
import { inputsSize, RunProgress } from './run-progress.js';
import { interruptedMessage, onSignals } from './signals.js';

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

/**
 * Runs one command over its inputs through the engine (`runPlan`: read, the command's stages,
 * write) and turns what happened into messages and an exit code. Returns the exit code; the
 * messages for people have been written to `stderr` by then.
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
  if (args.lineFilter === true) return lineFilter(inputs, run.stages(args, ctx), run, args, io);
  const plan = commandPlan(spec, run, args, ctx);
  const progress = await startProgress(inputs, args, io.stderr);
  const stop = new AbortController();
  const signals = onSignals(() => stop.abort());
  let outcome;
  try {
    outcome = await runPlan(plan, {
      read: {
        framing: args.framing,
        onInvalid: args.onInvalid,
        maxLineBytes: args.maxInputLineBytes,
      },
      output: args.output,
      rejectFile: args.rejectFile,
      names: { output: '--output', rejectFile: '--reject-file' },
      stdin: io.stdin,
      signal: stop.signal,
      ...(progress ? { onRecord: progress.count } : {}),
    });
  } finally {
    signals.off();
  }
  let code: number = EXIT.ok;
  const { failure, result } = outcome;
  if (signals.received !== undefined) {
    const output = { written: result.bytes, dropped: outcome.dropped };
    io.stderr.write(`txpipe: ${interruptedMessage(signals.received, output, outcome.stoppedIn)}\n`);
    code = signals.received === 'SIGINT' ? EXIT.interrupted : EXIT.terminated;
  } else if (failure !== undefined && !(isBrokenPipe(failure) && outcome.toStdout)) {
    io.stderr.write(`txpipe: ${describeFailure(failure, outcome.outputName)}\n`);
    code = EXIT.failure;
  }
  progress?.end();
  if (outcome.rejectFileFailure !== undefined) {
    io.stderr.write(
      `txpipe: ${describeFailure(outcome.rejectFileFailure, String(args.rejectFile))}\n`,
    );
    code = EXIT.failure;
  }
  // Nothing to say leaves standard error untouched (not even made: see lazy-stderr.ts).
  if (!args.quiet && result.rejected > 0) io.stderr.write(outcome.summary);
  if (code === EXIT.ok && result.rejected > 0 && run.rejectionsFail) code = EXIT.failure;
  if (code === EXIT.ok && args.strict && result.rejected > 0) code = EXIT.rejected;
  return code;
}

/** `--line-filter`: each line answered by one (the engine's `runLineFilter`), then reported. */
async function lineFilter(
  inputs: readonly string[],
  stages: Transform[],
  run: CommandBehaviour,
  args: CommonArgs & Readonly<Record<string, unknown>>,
  io: { stderr: NodeJS.WritableStream; stdin?: Readable },
): Promise<number> {
  const { runLineFilter } = await import('../engine/line-filter.js');
  const { failure, rejected, rejections } = await runLineFilter({
    inputs,
    stages,
    out: openOutput(args.output).stream,
    stdin: io.stdin,
    onInvalid: args.onInvalid,
    maxLineBytes: args.maxInputLineBytes,
    rejectFile: args.rejectFile,
    clean: run.rejectedText?.(args),
    maxOutputLineBytes: run.outputLineBytes?.(args),
  });
  if (failure !== undefined) {
    io.stderr.write(`txpipe: ${(failure as Error).message}\n`);
    return EXIT.failure;
  }
  if (!args.quiet && rejected > 0) {
    const noun = rejected === 1 ? 'line' : 'lines';
    const listed = rejections.map((r) => `  ${r.source}:${r.line}: ${r.reason}: ${cliMessage(r)}`);
    const how = args.onInvalid === 'pass' ? 'through' : 'as error objects';
    io.stderr.write(
      `txpipe: ${rejected} ${noun} could not be processed (written ${how}):\n${listed.join('\n')}\n`,
    );
  }
  return EXIT.ok;
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
