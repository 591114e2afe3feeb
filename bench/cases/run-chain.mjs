// Issue 17: redact, clip and dedup-usage in one process (`txpipe run`, one parse and one
// stringify) against the same three commands as a shell pipeline of three processes, on the
// session corpus. The pipeline is named by a config file (its text has `|`, which the results
// table cannot show). Target: >= 2x the shell pipeline's throughput.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const config = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'pipelines',
  'redact-clip-dedup.json',
);

export default {
  id: 'run-chain',
  summary: 'redact, clip and dedup-usage in one process vs the three-process shell pipeline',
  corpus: 'sessions',
  argv: ['run', '--config', config],
  baselines: [],
  extraBaselines: {
    'shell: redact, clip, dedup-usage': (corpus, { node, txpipe }) => [
      'sh',
      '-c',
      `"${node}" "${txpipe}" redact "${corpus}" | "${node}" "${txpipe}" clip | "${node}" "${txpipe}" dedup-usage`,
    ],
  },
  targets: [{ baseline: 'shell: redact, clip, dedup-usage', min: 2.0 }],
};
