// Start-up: `txpipe cat` on a one-line file is all module loading and process set-up. Measured
// against `node -e 0` in the same interleaved rounds; the target (issue 15) is txpipe's time at
// most 1.35x node -e 0's, a ratio (node -e 0 time / txpipe time) of >= 1 / 1.35.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One Claude Code assistant line, the usual shape, with usage. */
const LINE = JSON.stringify({
  type: 'assistant',
  sessionId: '2b7c9d1e-0000-4000-8000-000000000001',
  requestId: 'req_startup',
  timestamp: '2026-01-01T00:00:00.000Z',
  message: {
    id: 'msg_startup',
    model: 'claude-sonnet-4-5',
    role: 'assistant',
    content: [{ type: 'text', text: 'Hello' }],
    usage: { input_tokens: 3, output_tokens: 5, cache_read_input_tokens: 100 },
  },
});

export async function makeCorpus(dir) {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'one-line.jsonl');
  await writeFile(path, `${LINE}\n`);
  return path;
}

export const startupTargets = [{ baseline: 'node -e 0', min: 1 / 1.35 }];

export default {
  id: 'startup',
  summary: 'txpipe cat on a one-line file: start-up alone, against node -e 0',
  corpus: 'startup-one-line',
  makeCorpus,
  argv: ['cat'],
  baselines: [],
  extraBaselines: { 'node -e 0': (_corpus, { node }) => [node, '-e', '0'] },
  targets: startupTargets,
};
