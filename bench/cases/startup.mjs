// Start-up: `txpipe cat` on an empty file is all module loading and process set-up. Measured
// against `node -e 0` in the same interleaved rounds; the target (start-up work) is txpipe at most
// ~50 ms above node -e 0, which on this machine (node -e 0 ~50 ms) is a ratio of >= 0.5.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function makeCorpus(dir) {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'empty.jsonl');
  await writeFile(path, '');
  return path;
}

export default {
  id: 'startup',
  summary: 'txpipe cat on an empty file: start-up alone, against node -e 0',
  corpus: 'startup-empty',
  makeCorpus,
  argv: ['cat'],
  baselines: [],
  extraBaselines: { 'node -e 0': (_corpus, { node }) => [node, '-e', '0'] },
  targets: [{ baseline: 'node -e 0', min: 0.5 }],
};
