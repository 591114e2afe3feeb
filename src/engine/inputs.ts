import { existsSync, statSync, type Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { STORED_MANIFEST } from '../formats/auto-swe/index.js';
import { TxpipeError } from '../stream/errors.js';
import { describeIoError, openInput } from '../stream/input.js';

/** File names a directory walk picks up. */
const TRANSCRIPT = /\.(jsonl|ndjson)(\.gz)?$/;

/** An input error naming `path`, the path that failed. */
function inputFailure(path: string, err: unknown): TxpipeError {
  if (err instanceof TxpipeError) return err;
  return new TxpipeError(
    'ERR_TXPIPE_INPUT',
    `${path}: ${describeIoError(err as NodeJS.ErrnoException)}`,
    { cause: err },
  );
}

/** What a folder's entry is, a symbolic link followed to what it points at. */
async function kindOf(path: string, entry: Dirent): Promise<'file' | 'dir' | 'other'> {
  let s: { isFile(): boolean; isDirectory(): boolean } = entry;
  if (entry.isSymbolicLink()) {
    try {
      s = await stat(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        throw new TxpipeError('ERR_TXPIPE_INPUT', `${path}: broken symbolic link`, { cause: err });
      }
      throw inputFailure(path, err);
    }
  }
  return s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other';
}

async function realpathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (err) {
    throw inputFailure(path, err);
  }
}

/** A transcript file found by a walk, with its real path (links resolved). */
interface Found {
  readonly path: string;
  readonly real: string;
}

/**
 * The transcript files below `dir`, in name order, a folder's files before its subfolders (so a
 * session's file comes before its `<id>/subagents/` folder). Subfolders are listed at the same
 * time, not one after another: a `~/.claude/projects` tree has hundreds of them. Symbolic links
 * are followed, to files and to folders; `above` holds the real paths of the folders that lead
 * here, so that a link back to one of them (a loop) is an error naming the link.
 */
async function walk(dir: string, above: readonly string[]): Promise<Found[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    throw inputFailure(dir, err);
  }
  // A stored auto-swe transcript (parts + manifest) is one input: its parts read as one stream.
  if (entries.some((e) => e.isFile() && e.name === STORED_MANIFEST)) {
    return [{ path: dir, real: above.at(-1)! }]; // `above` ends with this folder's real path
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const paths = entries.map((e) => join(dir, e.name));
  const kinds = await Promise.all(entries.map((e, i) => kindOf(paths[i]!, e)));
  // The real path of an entry that is not a link is the folder's real path and its name: asked of
  // the file system only for links (a tree of hundreds of files is listed ~10 ms sooner).
  const realDir = above.at(-1)!;
  const realOf = (i: number): Promise<string> =>
    entries[i]!.isSymbolicLink()
      ? realpathOf(paths[i]!)
      : Promise.resolve(join(realDir, entries[i]!.name));
  const files = entries.flatMap((e, i) =>
    kinds[i] === 'file' && TRANSCRIPT.test(e.name) ? [i] : [],
  );
  const dirs = entries.flatMap((_, i) => (kinds[i] === 'dir' ? [i] : []));
  const found = await Promise.all(
    files.map(async (i) => ({ path: paths[i]!, real: await realOf(i) })),
  );
  const below = await Promise.all(
    dirs.map(async (i) => {
      const sub = paths[i]!;
      const real = await realOf(i);
      if (above.includes(real)) {
        throw new TxpipeError('ERR_TXPIPE_INPUT', `${sub}: symbolic link loop (back to ${real})`);
      }
      return walk(sub, [...above, real]);
    }),
  );
  return [...found, ...below.flat()];
}

/**
 * The inputs of a run: `-` (or nothing) is standard input, a file is itself, a directory is every
 * `.jsonl` and `.ndjson` file below it (gzipped or not), in name order, files before
 * subfolders, symbolic links followed (a file reached twice through links is read once, where it
 * comes first). A path that cannot be read, a broken link and a link loop are errors naming the
 * path. A folder holding a stored auto-swe transcript's manifest is itself one input.
 */
export async function expandInputs(paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0) return ['-'];
  const out: string[] = [];
  for (const p of paths) {
    if (p === '-') {
      out.push(p);
      continue;
    }
    let isDir: boolean;
    try {
      // At once: node:fs/promises (~1 ms to load) is then loaded only to walk a folder.
      isDir = statSync(p).isDirectory();
    } catch (err) {
      throw inputFailure(p, err);
    }
    if (!isDir) {
      out.push(p);
      continue;
    }
    const real = await realpathOf(p);
    const seen = new Set<string>();
    for (const f of await walk(p, [real])) {
      if (seen.has(f.real)) continue;
      seen.add(f.real);
      out.push(f.path);
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
