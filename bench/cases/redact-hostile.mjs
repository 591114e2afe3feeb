import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Hostile input for redact: lines whose strings are near-misses of every rule (unclosed quotes,
// `sk-` runs, `-----BEGIN ` without an end, endless `password=` prefixes, `curl -u` without a
// colon, URLs without a password). The target: within 3x the time of ordinary session text of
// the same size, i.e. >= 0.33x of the `redact-ordinary` case below, which the harness can compare
// through the node-loop baseline they share (both ratios are against node-loop on their corpus).
const MB = 1024 * 1024;

/** One JSON line holding `size` bytes of `text`, as a user message. */
function line(text, size) {
  text = text.slice(0, size);
  return JSON.stringify({ type: 'user', sessionId: 'h', message: { role: 'user', content: text } });
}

const UNITS = [
  'password="',
  'sk-',
  '-----BEGIN ',
  'password=password=',
  'token: "abc ',
  'eyJhbGciOi.',
  'curl -u alice ',
  'https://host:',
  'AKIAIOSFODNN7',
  '"api_key": "',
  'Bearer ',
  'ghp_abc ',
];

/** One line holding a 10 MB string: 64 KiB of each near-miss in turn. */
export async function makeCorpus(dir) {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'redact-hostile.jsonl');
  const parts = [];
  for (let size = 0, i = 0; size < 10 * MB; i++) {
    const unit = UNITS[i % UNITS.length];
    parts.push(unit.repeat(Math.ceil(65536 / unit.length)));
    size += parts[parts.length - 1].length;
  }
  await writeFile(path, line(parts.join(''), 10 * MB) + '\n');
  return path;
}

export default {
  id: 'redact-hostile',
  summary: 'redact 10 MB of near-misses (linear time: within 3x of 10 MB of ordinary text)',
  corpus: 'redact-hostile',
  argv: ['redact'],
  targets: [{ baseline: 'node-loop', min: 0.33 }],
};
