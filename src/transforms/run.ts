import { badOption } from '../stream/errors.js';
import type { OnInvalid } from '../stream/parse.js';
import type { Pipeline } from './chain.js';
import {
  pipelineOutputFiles,
  pipelineOutputLineBytes,
  pipelineRejectedText,
  pipelineStages,
  pipelineSteps,
} from './chain.js';
import { getCommand } from './registry.js';
import { loadPipelineConfig } from './pipeline-config.js';
import type { CommandBehaviour } from './spec.js';

/** The pipeline of a `run` command line: `--config FILE`, else the word before the files. */
function pipelineOf(args: Readonly<Record<string, unknown>>): Pipeline {
  return typeof args.config === 'string'
    ? loadPipelineConfig(args.config)
    : (args.pipeline as string);
}

export const runBehaviour: CommandBehaviour = {
  stages(args, ctx) {
    const pipeline = pipelineOf(args);
    if (args.lineFilter === true) {
      // A line filter answers each line with one: only commands that promise it (they declare
      // --line-filter) may be chained in one.
      for (const step of pipelineSteps(pipeline)) {
        if (getCommand(step.command)?.options.lineFilter === undefined) {
          badOption(`run --line-filter: ${step.command} may give none or several lines for one`);
        }
      }
    }
    // Each command after the first reads what the one before wrote as one stream, as in the
    // shell pipeline (asPiped's `oneStream`).
    const onInvalid = (args.onInvalid as OnInvalid | undefined) ?? ctx.onInvalid ?? 'skip';
    return pipelineStages(pipeline, { ...ctx, onInvalid, oneStream: true });
  },
  outputFiles(args) {
    return pipelineOutputFiles(pipelineOf(args));
  },
  rejectedText(args) {
    return pipelineRejectedText(pipelineOf(args));
  },
  outputLineBytes(args) {
    return pipelineOutputLineBytes(pipelineOf(args));
  },
};
export { ready } from './behaviours.js';
