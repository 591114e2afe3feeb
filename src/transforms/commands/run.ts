import { badOption } from '../../stream/errors.js';
import type { CommandSpec } from '../spec.js';
import { lineFilterOption } from './line-filter.js';

/**
 * `txpipe run PIPELINE [files...]`: the first word after the command is the pipeline, unless
 * `--config` names it; the rest are the input files.
 */
function pipelineFirst(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const files = (args.files as readonly string[] | undefined) ?? [];
  if (typeof args.config === 'string') return { ...args };
  const [pipeline, ...rest] = files;
  if (pipeline === undefined || pipeline === '-') {
    badOption("run: name a pipeline, as in txpipe run 'redact | clip' FILE, or give --config FILE");
  }
  return { ...args, pipeline, files: rest };
}

export const runCommandSpec: CommandSpec = {
  name: 'run',
  summary: "Run several commands in one process on one parse: run 'redact | clip' [files...]",
  options: {
    config: {
      type: 'string',
      describe: 'JSON file naming the pipeline: {"pipeline": "redact | clip"} or an array of steps',
    },
    lineFilter: {
      ...lineFilterOption,
      describe: `${lineFilterOption.describe} (every stage must take --line-filter itself)`,
    },
  },
  output: 'records',
  prepareArgs: pipelineFirst,
  load: async () => {
    const m = await import('../run.js');
    await m.ready;
    return m.runBehaviour;
  },
};
