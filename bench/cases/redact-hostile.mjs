import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Hostile input for redact: a 10 MB string of near-misses of every rule (unclosed quotes, `sk-`
// runs, `-----BEGIN ` without an end, endless `password=` prefixes, `curl -u` without a colon,
// URLs without a password). The issue's bound is "within 3x the time of 10 MB of ordinary session
// text"; the harness compares with named baselines only, so the target is that bound restated
// against node-loop on this corpus: measured side by side (bench notes in the redact report),
// redact takes ~450 ms on 10 MB of ordinary session lines and node-loop ~150 ms on this file, so
// 3x ordinary is 1350 ms, i.e. a ratio of 150/1350 = 0.11 against node-loop here. Measured: 0.28.
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
  targets: [{ baseline: 'node-loop', min: 0.11 }],
};
