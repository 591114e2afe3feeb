// Issue 25: runPipeline against the CLI on the projects tree (530 files: the folder walk, a
// subagent after its session), `redact | clip` (txpipe run's batches). The measured command is
// the library call (bench/lib/run-pipeline.mjs); the CLI is its baseline. Target: within 5%.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lib = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib');
const script = join(lib, 'run-pipeline.mjs');
const unbundled = join(lib, 'cli-unbundled.mjs');
const pipeline = 'redact | clip';

export default {
  id: 'run-pipeline-projects',
  summary: "runPipeline({ pipeline: 'redact | clip' }) over a folder vs txpipe run",
  corpus: 'projects',
  argv: ['runPipeline', 'redact,clip'], // the row's name only: `command` runs it
  command: (corpus, { node }) => [node, script, pipeline, corpus],
  baselines: [],
  extraBaselines: {
    'txpipe run (CLI)': (corpus, { node, txpipe }) => [node, txpipe, 'run', pipeline, corpus],
    'CLI, unbundled modules': (corpus, { node }) => [node, unbundled, 'run', pipeline, corpus],
    'runPipeline, engine module only': (corpus, { node }) => [
      node,
      script,
      '--engine',
      pipeline,
      corpus,
    ],
  },
  targets: [{ baseline: 'txpipe run (CLI)', min: 0.95 }],
};
