// The 2 GiB input of the memory cases (issue 12): the Claude Code fixture sessions, each line a
// real entry, repeated until the file holds 2 GiB (20 MiB with --quick), with a secret, an e-mail
// and a long tool output every 97 lines so that redact and clip have work to do. Written outside
// the repository (`TXPIPE_BENCH_BIG_DIR`, default the system's temporary folder) and never
// committed; made once and kept while its size and this file's version match.
import {
  createWriteStream,
  existsSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findShared } from '../corpus.mjs';

const VERSION = 1;
const GIB = 1024 ** 3;

/** Every .jsonl file below a folder, in name order (full paths). */
export function jsonlBelow(dir) {
  const out = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...jsonlBelow(p));
    else if (e.endsWith('.jsonl')) out.push(p);
  }
  return out;
}

/** The path of the big input, made if need be. */
export async function makeBigInput({ quick = false } = {}) {
  const size = quick ? 20 * 1024 ** 2 : 2 * GIB;
  const dir = process.env.TXPIPE_BENCH_BIG_DIR ?? join(tmpdir(), 'txpipe-bench-big');
  await mkdir(dir, { recursive: true });
  const file = join(dir, quick ? 'big-quick.jsonl' : 'big-2gib.jsonl');
  const stamp = `${file}.stamp`;
  const want = `${VERSION} ${size}`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want && existsSync(file)) return file;
  const lines = jsonlBelow(join(findShared(), 'fixtures', 'claude-code'))
    .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
    .filter((l) => l.trim() !== '');
  const token = 'sk-ant-api03-' + 'b'.repeat(93) + 'AA';
  const extra = JSON.stringify({
    type: 'user',
    sessionId: 'big',
    message: {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_big', content: 'x'.repeat(40_000) },
        { type: 'text', text: `export KEY=${token} mail ops@example.com` },
      ],
    },
  });
  const block = Buffer.from(
    lines.map((l, i) => (i % 97 === 0 ? `${extra}\n${l}\n` : `${l}\n`)).join(''),
  );
  const out = createWriteStream(file);
  let written = 0;
  while (written < size) {
    const part =
      written + block.length <= size
        ? block
        : block.subarray(0, block.lastIndexOf(0x0a, size - written) + 1);
    if (part.length === 0) break;
    written += part.length;
    if (!out.write(part)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r, e) => out.end((err) => (err ? e(err) : r())));
  writeFileSync(stamp, want);
  return file;
}
