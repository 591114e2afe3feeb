import type { Pipeline } from './chain.js';
import { pipelineRejectedText, pipelineStages } from './chain.js';
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
    return pipelineStages(pipelineOf(args), ctx);
  },
  rejectedText(args) {
    return pipelineRejectedText(pipelineOf(args));
  },
};
