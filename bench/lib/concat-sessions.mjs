// A corpus of the real Claude Code fixture sessions concatenated as they are, over and over, to
// about 200 MiB (20 MiB with --quick): no id is varied, so the same sessions come back on every
// pass and `convert --to run-record` makes a few run records of many megabytes each (issue 24:
// one of 16.7 MB), the case that holds the most at once. Made in the case's folder, once.
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { findShared } from '../corpus.mjs';
import { jsonlBelow } from './big-input.mjs';

const VERSION = 1;
const MiB = 1024 * 1024;

/** The path of the corpus in `dir`, made if need be. */
export async function makeConcatSessions(dir, { quick = false } = {}) {
  const size = (quick ? 20 : 200) * MiB;
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'concat-sessions.jsonl');
  const stamp = `${file}.stamp`;
  const want = `${VERSION} ${size}`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want && existsSync(file)) return file;
  const parts = jsonlBelow(join(findShared(), 'fixtures', 'claude-code')).map((f) =>
    readFileSync(f),
  );
  const pass = parts.reduce((n, b) => n + b.length, 0);
  const out = createWriteStream(file);
  for (let written = 0; written < size; written += pass) {
    for (const b of parts) if (!out.write(b)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
  writeFileSync(stamp, want);
  return file;
}
