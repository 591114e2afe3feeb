// Issue 25: the library's runPipeline against the CLI on the session corpus, redact (the batch
// path with the prescan judged ahead on a worker). The measured command is the library call
// (bench/lib/run-pipeline.mjs, importing the package's root); the CLI is its baseline, and the
// same call importing only the engine's module shows what of the gap is the root's start-up.
// Target: within 5% of the CLI (CLI time / runPipeline time >= 0.95).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lib = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib');
const script = join(lib, 'run-pipeline.mjs');
const unbundled = join(lib, 'cli-unbundled.mjs');

export default {
  id: 'run-pipeline',
  summary: 'runPipeline({ pipeline: "redact" }) from the library vs txpipe redact',
  corpus: 'sessions',
  argv: ['runPipeline', 'redact'], // the row's name only: `command` runs it
  command: (corpus, { node }) => [node, script, 'redact', corpus],
  baselines: [],
  extraBaselines: {
    'txpipe redact (CLI)': (corpus, { node, txpipe }) => [node, txpipe, 'redact', corpus],
    'CLI, unbundled modules': (corpus, { node }) => [node, unbundled, 'redact', corpus],
    'runPipeline, engine module only': (corpus, { node }) => [
      node,
      script,
      '--engine',
      'redact',
      corpus,
    ],
  },
  targets: [{ baseline: 'txpipe redact (CLI)', min: 0.95 }],
};
