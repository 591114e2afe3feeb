import { PassThrough, type Readable, type Transform, type Writable } from 'node:stream';
import { recordLogicOf, type StageLogic } from '../stream/batch-logic.js';
import { chainToEnd } from '../stream/chain-to-end.js';
import { inputError } from '../stream/input.js';
import type { Rec } from '../stream/rec.js';
import { REJECT_EVENT, type Rejection } from '../stream/rejection.js';
import { stringify } from '../stream/stringify.js';
import type { OutputFile, WholeFileReader } from '../transforms/spec.js';
import { feed, wholeFileReading, type ReadWhole } from './feed.js';
import { Interrupted } from './interrupted.js';
import { openOutput } from './output.js';
import { OutputWriter } from './output-writer.js';
import { refuseOverwrite } from './overwrite-guard.js';
import type { ReadLimits } from './read-limits.js';
import { Reporter } from './reporter.js';
import { runBatches } from './run-batches.js';

/** What a run does: its inputs (listed) and stages, and what its command says about them. */
export interface RunPlan {
  /** The input paths, folders already listed (`expandInputs`); `-` is standard input. */
  readonly inputs: readonly string[];
  /** The stages, records in; built for this run. */
  readonly stages: readonly Transform[];
  /** `records`: written as JSON Lines after the stages; `text`: the last stage writes bytes. */
  readonly output: 'records' | 'text';
  /** For a text command that needs only some lines (`CommandBehaviour.select`). */
  readonly select?: readonly string[];
  /** The command's reader of whole files (`CommandBehaviour.readFile`). */
  readonly readFile?: WholeFileReader;
  /** How a rejected line is cleaned before the reject file keeps it (redact's). */
  readonly rejectedText?: (raw: string) => string;
  /** Files the stages write besides the output, refused when one is an input. */
  readonly outputFiles?: readonly OutputFile[];
}

/** Where a run writes and reports, and how it is told to stop. */
export interface RunIo {
  readonly read: ReadLimits;
  /** A path (made or emptied), `-` or nothing for standard output, or a stream. */
  readonly output?: string | Writable;
  /** Whether a stream given as `output` is ended at the end (true). */
  readonly endOutput?: boolean;
  /** A file that keeps every line not written, verbatim. */
  readonly rejectFile?: string;
  /** The names the overwrite guard gives the output and the reject file in its messages. */
  readonly names?: { readonly output: string; readonly rejectFile: string };
  readonly stdin?: Readable;
  readonly onRecord?: (rec: Rec) => void;
  readonly onReject?: (r: Rejection) => void;
  /** How many rejections the result keeps (all are counted and handed to `onReject`). */
  readonly keepRejections?: number;
  /** Stops the run on a whole line. */
  readonly signal?: AbortSignal;
}

/** What a run did, whether it succeeded or not. */
export interface RunResult {
  /** The inputs read, folders listed (`-` is standard input). */
  readonly inputs: readonly string[];
  /**
   * Records read from the inputs (before any stage); 0 for a command that reads whole files
   * itself (usage).
   */
  readonly records: number;
  /** Bytes written to the output. */
  readonly bytes: number;
  /** Lines not written (each reported: `rejections`, `onReject`, the reject file). */
  readonly rejected: number;
  /** The first rejections (`keepRejections` of them; every one with `onReject`). */
  readonly rejections: readonly Rejection[];
}

/** How a run ended: its result, and what stopped it if anything did. */
export interface RunOutcome {
  readonly result: RunResult;
  /** The first failure (a stage, an input, the output); the output holds what came before it. */
  readonly failure?: unknown;
  /** The reject file could not be written. */
  readonly rejectFileFailure?: unknown;
  /** The run was stopped (`signal`): the output ends on a whole line. */
  readonly stopped: boolean;
  /** Bytes of a line cut short by the stop, not written. */
  readonly dropped: number;
  /** The input being read when the run stopped or failed. */
  readonly stoppedIn?: string;
  /** The output's name for messages, and whether it is standard output. */
  readonly outputName: string;
  readonly toStdout: boolean;
  /** The rejections in a few lines for people ('' when there were none). */
  readonly summary: string;
}

/**
 * Runs a plan: every input's records through the stages, written to the output. Stages that are
 * all record logic (`recordTransform`) go in batches (`runBatches`: files read 64 KiB at a time,
 * the prescan judged ahead on a worker); any other plan streams (`feed`, `chainToEnd`). Either
 * way a failure ends the run after what came before it is written, and resolves (never
 * rejects) with the outcome.
 */
export async function runPlan(plan: RunPlan, io: RunIo): Promise<RunOutcome> {
  const { inputs, stages } = plan;
  const { read } = io;
  const names = io.names ?? { output: 'output', rejectFile: 'rejectFile' };
  const readWhole = wholeFileReading(read, plan.readFile);
  const outputPath = typeof io.output === 'string' ? io.output : undefined;
  await refuseOverwrite(inputs, [
    { path: outputPath, option: names.output },
    { path: io.rejectFile, option: names.rejectFile },
    ...(plan.outputFiles ?? []),
  ]);
  const reporter = new Reporter(io.rejectFile, plan.rejectedText, {
    keep: io.keepRejections,
    onReject: io.onReject,
  });
  const tail = plan.output === 'records' ? [stringify({ onInvalid: read.onInvalid })] : [];
  for (const stage of [...stages, ...tail]) stage.on(REJECT_EVENT, reporter.add);
  const logic = batchLogic(plan, readWhole);
  const records = new PassThrough({ objectMode: true });
  let count = 0;
  const onRecord = io.onRecord;
  const counted = onRecord
    ? (r: Rec): void => {
        count++;
        onRecord(r);
      }
    : () => void count++;
  // A command that reads whole files itself (usage) is handed their work, not records.
  if (logic === undefined && readWhole === undefined) records.on('data', counted);
  const out = openOutput(io.output, io.endOutput ?? true);
  // The output is written by its own writer, and a failed stage or input ends the stages after
  // it instead of destroying them: what was made before a failure still reaches the output.
  // Ends the record stream of the piped path; the batch path checks the writer and the signal
  // between batches instead.
  const stopRecords = (err: Error): void => {
    if (logic === undefined) records.destroy(err);
  };
  const writer = new OutputWriter(out.stream, out.end, stopRecords);
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    writer.cut();
    stopRecords(new Interrupted());
  };
  if (io.signal?.aborted) stop();
  else io.signal?.addEventListener('abort', stop, { once: true });
  const position: { source?: string } = {};
  let failure: unknown;
  try {
    if (logic !== undefined) {
      // Every stage is record logic: the records go through them in batches, written by the
      // same output writer (whole lines, what came before a failure, a stop's cut).
      failure = await runBatches({
        inputs,
        read,
        logic,
        reject: reporter.add,
        out: writer,
        stdin: io.stdin,
        stopped: () => stopped,
        ...(io.signal ? { signal: io.signal } : {}),
        position,
        onRecord: counted,
      }).then(
        () => undefined,
        (err: unknown) => err,
      );
      if (!writer.writableEnded) writer.end();
      await writer.close();
    } else {
      // An input that fails ends the records (everything before it goes through the stages),
      // and the run fails once they are written.
      const reject = reporter.add;
      const reading = feed(
        { inputs, read, reject, select: plan.select, readWhole, position, stdin: io.stdin },
        records,
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
    io.signal?.removeEventListener('abort', stop);
  }
  let rejectFileFailure: unknown;
  try {
    await reporter.close();
  } catch (err) {
    rejectFileFailure = err;
  }
  return {
    result: {
      inputs,
      records: count,
      bytes: writer.written,
      rejected: reporter.count,
      rejections: reporter.rejections,
    },
    ...(stopped ? {} : failure === undefined ? {} : { failure }),
    ...(rejectFileFailure === undefined ? {} : { rejectFileFailure }),
    stopped,
    dropped: writer.dropped,
    ...(position.source === undefined ? {} : { stoppedIn: position.source }),
    outputName: out.name,
    toStdout: out.stream === process.stdout,
    summary: reporter.summary(),
  };
}

/**
 * The logic of the stages when the run can go in batches (`run-batches.ts`): records out, every
 * stage built by `recordTransform`, every line of the inputs read as records.
 */
function batchLogic(plan: RunPlan, readWhole: ReadWhole | undefined): StageLogic[] | undefined {
  if (plan.output !== 'records' || plan.select !== undefined || readWhole !== undefined)
    return undefined;
  const logic = plan.stages.map(recordLogicOf);
  return logic.every((l) => l !== undefined) ? (logic as StageLogic[]) : undefined;
}
