// Baseline "usage floor": what any reader of a ~/.claude/projects tree that parses the lines which
// carry usage has to do, and nothing more. Reads every `.jsonl` file below the folder whole, finds
// each line holding `"usage"` (Buffer#indexOf), decodes it and JSON.parses it, and adds up one
// count so the parse is not dead code. No dedup, no days, no report: a floor, not a usage reader.
// ccusage and `txpipe usage` both JSON.parse these lines (every other line is skipped unread).
//
//   node bench/baselines/usage-floor.mjs FOLDER

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
if (!root) throw new Error('usage: usage-floor.mjs FOLDER');
const NEEDLE = Buffer.from('"usage"');
let lines = 0;
let tokens = 0;
for (const rel of readdirSync(root, { recursive: true })) {
  if (!rel.endsWith('.jsonl')) continue;
  const buf = readFileSync(join(root, rel));
  for (let at = buf.indexOf(NEEDLE); at !== -1; at = buf.indexOf(NEEDLE, at)) {
    const start = buf.lastIndexOf(10, at) + 1;
    let end = buf.indexOf(10, at);
    if (end === -1) end = buf.length;
    try {
      tokens += JSON.parse(buf.toString('utf8', start, end))?.message?.usage?.output_tokens ?? 0;
    } catch {
      // not JSON: skipped, as a floor does
    }
    lines++;
    at = end;
  }
}
process.stdout.write(`${JSON.stringify({ lines, tokens })}\n`);
