import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TxpipeError } from '../stream/errors.js';
import { describeIoError } from '../stream/input.js';

/** File names a directory walk picks up. */
const TRANSCRIPT = /\.(jsonl|ndjson)(\.gz)?$/;

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Files before folders, so a session's file comes before its <id>/subagents/ folder.
  for (const e of entries) if (e.isFile() && TRANSCRIPT.test(e.name)) out.push(join(dir, e.name));
  for (const e of entries) if (e.isDirectory()) await walk(join(dir, e.name), out);
}

/**
 * The inputs of a run: `-` (or nothing) is standard input, a file is itself, a directory is every
 * `.jsonl` and `.ndjson` file below it (gzipped or not), in name order, files before
 * subfolders. A path that cannot be read is an error naming it.
 */
export async function expandInputs(paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0) return ['-'];
  const out: string[] = [];
  for (const p of paths) {
    if (p === '-') {
      out.push(p);
      continue;
    }
    try {
      if ((await stat(p)).isDirectory()) await walk(p, out);
      else out.push(p);
    } catch (err) {
      throw new TxpipeError(
        'ERR_TXPIPE_INPUT',
        `${p}: ${describeIoError(err as NodeJS.ErrnoException)}`,
      );
    }
  }
  return out;
}
