import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Hostile input for redact: a 10 MB string of near-misses of every rule (unclosed quotes, `sk-`
// runs, `-----BEGIN ` without an end, endless `password=` prefixes, `curl -u` without a colon,
// URLs without a password). The issue's bound is "within 3x the time of 10 MB of ordinary session
// text", so the reference runs beside it in the same rounds: `txpipe redact` on 10 MB of real
// session lines (redact-ordinary.jsonl, made from shared/fixtures/claude-code). The target is
// ordinary time / hostile time >= 1/3.
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

/** The shared Claude Code fixtures folder (TXPIPE_SHARED, ../shared beside the repo, /work/shared). */
function claudeFixtures() {
  const here = dirname(fileURLToPath(import.meta.url));
  const roots = [process.env.TXPIPE_SHARED, join(here, '..', '..', '..', 'shared'), '/work/shared'];
  for (const r of roots)
    if (r && existsSync(join(r, 'fixtures', 'claude-code')))
      return join(r, 'fixtures', 'claude-code');
  throw new Error('shared/fixtures/claude-code not found (set TXPIPE_SHARED)');
}

/** 10 MB of real session lines, the fixtures' lines repeated in order. */
async function ordinaryLines(size) {
  const dir = claudeFixtures();
  const files = (await readdir(dir, { recursive: true }))
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const text = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('');
  const lines = text.split('\n').filter((l) => l.length > 0);
  const out = [];
  for (let n = 0, i = 0; n < size; i++) {
    const l = lines[i % lines.length];
    out.push(l);
    n += Buffer.byteLength(l) + 1;
  }
  return out.join('\n') + '\n';
}

/** One line holding a 10 MB string (64 KiB of each near-miss in turn), and the ordinary reference. */
export async function makeCorpus(dir) {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'redact-ordinary.jsonl'), await ordinaryLines(10 * MB));
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
  extraBaselines: {
    'redact on 10 MB ordinary': (corpus, { node, txpipe }) => [
      node,
      txpipe,
      'redact',
      join(dirname(corpus), 'redact-ordinary.jsonl'),
    ],
  },
  targets: [{ baseline: 'redact on 10 MB ordinary', min: 1 / 3 }],
};
