import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { STORED_MANIFEST } from '../formats/auto-swe/index.js';
import { TxpipeError } from '../stream/errors.js';
import { describeIoError, openInput } from '../stream/input.js';

/** File names a directory walk picks up. */
const TRANSCRIPT = /\.(jsonl|ndjson)(\.gz)?$/;

/**
 * The transcript files below `dir`, in name order, a folder's files before its subfolders (so a
 * session's file comes before its `<id>/subagents/` folder). Subfolders are listed at the same
 * time, not one after another: a `~/.claude/projects` tree has hundreds of them.
 */
async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  // A stored auto-swe transcript (parts + manifest) is one input: its parts read as one stream.
  if (entries.some((e) => e.isFile() && e.name === STORED_MANIFEST)) return [dir];
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files = entries.filter((e) => e.isFile() && TRANSCRIPT.test(e.name));
  const below = await Promise.all(
    entries.filter((e) => e.isDirectory()).map((e) => walk(join(dir, e.name))),
  );
  return [...files.map((e) => join(dir, e.name)), ...below.flat()];
}

/**
 * The inputs of a run: `-` (or nothing) is standard input, a file is itself, a directory is every
 * `.jsonl` and `.ndjson` file below it (gzipped or not), in name order, files before
 * subfolders; a folder holding a stored auto-swe transcript's manifest is itself one input. A path that cannot be read is an error naming it.
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
      if ((await stat(p)).isDirectory()) out.push(...(await walk(p)));
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

/** Whether an input is a stored auto-swe transcript folder (it holds the manifest). */
export function isStoredTranscript(source: string): boolean {
  return source !== '-' && existsSync(join(source, STORED_MANIFEST));
}

/**
 * Opens an input's bytes: a stored transcript folder as its parts in order (loaded only then),
 * anything else as `openInput` does.
 */
export async function openSource(source: string): Promise<Readable> {
  if (!isStoredTranscript(source)) return openInput(source);
  const { storedTranscriptStream } = await import('../formats/auto-swe/stored-transcript.js');
  return storedTranscriptStream(source);
}
