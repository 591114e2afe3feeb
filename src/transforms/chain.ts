import type { Duplex, Transform } from 'node:stream';
import { composeStages } from '../stream/compose-stages.js';
import { badOption } from '../stream/errors.js';
import { asPiped } from '../stream/as-piped.js';
import { checkKnownOptions, optionNames } from '../stream/known-options.js';
import { behaviours } from './behaviours.js';
import { parseStage, splitPipeline, stageArgs, type PipelineStep } from './pipeline-text.js';
import { getCommand } from './registry.js';
import type { CommandContext, OutputFile } from './spec.js';

export type { PipelineStep };

/** A pipeline: its text (`redact | clip --limit 4KiB`) or its steps. */
export type Pipeline = string | readonly PipelineStep[];

/** The context stages get when a library caller gives none: no inputs known, stderr for people. */
const libraryContext = (): CommandContext => ({
  inputs: [],
  stdoutIsTTY: false,
  stderr: process.stderr,
});

/** A step's command, which must write records (a text command such as usage cannot be chained). */
function recordCommand(name: string) {
  const spec = getCommand(name);
  const behaviour = behaviours.get(name);
  if (spec === undefined || behaviour === undefined) {
    badOption(`pipeline: no command "${name}"`);
  }
  if (spec.output !== 'records') {
    badOption(`pipeline: ${name} writes text, not records; run it on its own after the pipeline`);
  }
  return { spec, behaviour };
}

/** The steps of a pipeline, each with every option checked and defaulted. */
export function pipelineSteps(pipeline: Pipeline): PipelineStep[] {
  const steps = parsedSteps(pipeline);
  if (steps.some((step) => step.options?.lineFilter === true)) {
    badOption('pipeline: --line-filter is an option of a whole command line, not of a stage');
  }
  return steps;
}

/** The keys of a pipeline step. */
const stepKeys = optionNames<PipelineStep>({ command: true, options: true });

function parsedSteps(pipeline: Pipeline): PipelineStep[] {
  if (typeof pipeline === 'string') {
    return splitPipeline(pipeline).map(([name, ...words]) => {
      const { spec } = recordCommand(name as string);
      return { command: spec.name, options: parseStage(spec, words) };
    });
  }
  if (!Array.isArray(pipeline) || pipeline.length === 0) {
    badOption('pipeline: give its text or a non-empty array of steps');
  }
  return pipeline.map((step: PipelineStep) => {
    checkKnownOptions('pipeline step', step, stepKeys);
    if (typeof step?.command !== 'string') badOption('pipeline: every step needs a command');
    const { spec } = recordCommand(step.command);
    return { command: spec.name, options: stageArgs(spec, step.options) };
  });
}

/**
 * Every step's stages, in order: one process, one parse, one stringify around them. Between two
 * steps the records are given as the next would read them from a pipe (`asPiped`: their text and
 * their line numbers).
 */
export function pipelineStages(
  pipeline: Pipeline,
  ctx: CommandContext = libraryContext(),
): Transform[] {
  return pipelineSteps(pipeline).flatMap((step, i) => [
    ...(i > 0
      ? [
          asPiped({
            countInvalid: ctx.onInvalid === 'pass',
            keepLines: ctx.keepLines,
            oneStream: ctx.oneStream,
            onInvalid: ctx.onInvalid,
          }),
        ]
      : []),
    ...recordCommand(step.command).behaviour.stages(step.options ?? {}, ctx),
  ]);
}

/** Stages already built, with records given between them as a pipe would (`asPiped`). */
function relined(stages: readonly Transform[]): Transform[] {
  return stages.flatMap((stage, i) => (i > 0 ? [asPiped(), stage] : [stage]));
}

/** The files the steps write besides the output (`convert --timing`), for the overwrite guard. */
export function pipelineOutputFiles(pipeline: Pipeline): OutputFile[] {
  return pipelineSteps(pipeline).flatMap(
    (step) => recordCommand(step.command).behaviour.outputFiles?.(step.options ?? {}) ?? [],
  );
}

/** The smallest bound any step puts on the lines it writes (clip's `--max-line-bytes`). */
export function pipelineOutputLineBytes(pipeline: Pipeline): number | undefined {
  const bounds = pipelineSteps(pipeline).flatMap((step) => {
    const b = recordCommand(step.command).behaviour.outputLineBytes?.(step.options ?? {});
    return b === undefined ? [] : [b];
  });
  return bounds.length > 0 ? Math.min(...bounds) : undefined;
}

/**
 * How every step cleans a rejected line before `--reject-file` keeps it (redact's text-level
 * redaction), applied in order.
 */
export function pipelineRejectedText(pipeline: Pipeline): (raw: string) => string {
  const cleaners = pipelineSteps(pipeline).flatMap((step) => {
    const own = recordCommand(step.command).behaviour.rejectedText;
    return own ? [own(step.options ?? {})] : [];
  });
  return (raw) => cleaners.reduce((text, clean) => clean(text), raw);
}

/**
 * `chain(pipeline)`: several stages as one object-mode Duplex of records. Give the pipeline's text
 * as the CLI takes it (`chain('redact | clip --limit 4KiB')`), its steps
 * (`[{ command: 'clip', options: { limit: '4KiB' } }]`), or stages already built
 * (`chain([redact(), clip()])`). Records in, records out, each parsed once: put `readRecords`
 * before it and `stringify` after it. Rejections of every stage are emitted on it.
 */
export function chain(
  pipeline: Pipeline | readonly Transform[],
  ctx: CommandContext = libraryContext(),
): Duplex {
  const built =
    Array.isArray(pipeline) && pipeline.length > 0 && typeof pipeline[0]?.pipe === 'function'
      ? relined(pipeline as readonly Transform[])
      : pipelineStages(pipeline as Pipeline, ctx);
  return composeStages(built);
}
