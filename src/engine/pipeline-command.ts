import { badOption } from '../stream/errors.js';
import type { Pipeline } from '../transforms/chain.js';
import { parseStage, splitPipeline, stageArgs } from '../transforms/pipeline-text.js';
import { getCommand } from '../transforms/registry.js';
import type { CommandSpec } from '../transforms/spec.js';

/** The command a pipeline runs as on the command line, and its parsed arguments. */
export interface PipelineCommand {
  readonly spec: CommandSpec;
  readonly args: Readonly<Record<string, unknown>>;
}

/**
 * The command line a pipeline is: one step is that command (`'usage --by model'` is `txpipe
 * usage --by model`, a text command included), several are `txpipe run 'A | B'`. Its options are
 * checked and defaulted as the CLI does; a command that reads no files (`worker`) and
 * `--line-filter` (a mode of a whole command line) are refused.
 */
export function pipelineCommand(pipeline: Pipeline): PipelineCommand {
  const one = singleStep(pipeline);
  if (one === undefined) return { spec: command('run'), args: { pipeline } };
  if (one.args.lineFilter === true) {
    badOption('pipeline: --line-filter is an option of a whole command line, not of a run');
  }
  return one;
}

/** The one step of a pipeline of one step, parsed; undefined for several. */
function singleStep(pipeline: Pipeline): PipelineCommand | undefined {
  if (typeof pipeline === 'string') {
    const steps = splitPipeline(pipeline);
    if (steps.length !== 1) return undefined;
    const [name, ...words] = steps[0] as string[];
    const spec = command(name as string);
    return { spec, args: parseStage(spec, words) };
  }
  if (!Array.isArray(pipeline) || pipeline.length === 0) {
    badOption('pipeline: give its text or a non-empty array of steps');
  }
  if (pipeline.length !== 1) return undefined;
  const step = pipeline[0];
  if (typeof step?.command !== 'string') badOption('pipeline: every step needs a command');
  const spec = command(step.command);
  return { spec, args: stageArgs(spec, step.options) };
}

/** A command that runs over inputs, by name. */
function command(name: string): CommandSpec {
  const spec = getCommand(name);
  if (spec === undefined) badOption(`pipeline: no command "${name}"`);
  if (spec.name === 'worker') badOption('pipeline: worker reads no files; run it on its own');
  return spec;
}
