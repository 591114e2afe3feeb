import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** Bytes hashed at the start of a file, and before the point it was read up to. */
export const PROBE_BYTES = 4096;

/** What says a file is the one read before: its inode, size and modification time (stat). */
export interface FileStat {
  readonly dev: string;
  readonly ino: string;
  readonly size: number;
  /** Nanoseconds, as a decimal string. */
  readonly mtime: string;
}

/** What a file's bytes were up to `offset`, hashed: its first bytes and those just before. */
export interface FileProbe {
  readonly offset: number;
  readonly head: string;
  readonly before: string;
}

/**
 * The stat of `path`, or undefined when it is not a regular file one can stat: gone, or below a
 * folder that is now a file (ENOTDIR) or that this user may not enter (EACCES: a cache written
 * by another user names such paths). The input's own reader says why an input cannot be read.
 */
export function statFile(path: string): FileStat | undefined {
  let st;
  try {
    st = statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (st === undefined || !st.isFile()) return undefined;
  return {
    dev: String(st.dev),
    ino: String(st.ino),
    size: Number(st.size),
    mtime: String(st.mtimeNs),
  };
}

/**
 * Hashes of the file's first `PROBE_BYTES` (at most up to `offset`) and of the `PROBE_BYTES`
 * before `offset`; undefined when the file is now shorter than `offset` or cannot be read.
 */
export function probeFile(path: string, offset: number): FileProbe | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const headLen = Math.min(PROBE_BYTES, offset);
    const beforeAt = Math.max(0, offset - PROBE_BYTES);
    const buf = Buffer.allocUnsafe(headLen + (offset - beforeAt));
    const head = readAt(fd, buf.subarray(0, headLen), 0);
    const before = readAt(fd, buf.subarray(headLen), beforeAt);
    if (head === undefined || before === undefined) return undefined;
    return { offset, head: hash(head), before: hash(before) };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Fills `into` from `position`; undefined when the file ends first. */
function readAt(fd: number, into: Buffer, position: number): Buffer | undefined {
  let got = 0;
  while (got < into.length) {
    const n = readSync(fd, into, got, into.length - got, position + got);
    if (n === 0) return undefined;
    got += n;
  }
  return into;
}

function hash(b: Buffer): string {
  return createHash('sha256').update(b).digest('base64url').slice(0, 24);
}

/** How a file stands against what was cached of it. */
export type FileChange =
  /** The same inode, size and modification time, not written while it was read: as cached. */
  | 'same'
  /** Its bytes up to the cached offset are as they were (by their hashes): read on from there. */
  | 'grown'
  /** Rewritten, truncated, replaced by another inode, or its first bytes changed: read whole. */
  | 'changed';

/** Nanoseconds within which a write may not change a file's modification time (coarse clocks). */
const RACY_NS = 2_000_000_000n;

/** Whether the file was last written long enough before it was checked (its stat can be trusted). */
export function settled(c: { readonly mtime: string; readonly checkedAt: string }): boolean {
  return BigInt(c.mtime) + RACY_NS < BigInt(c.checkedAt);
}

/**
 * Compares a file's stat now with the one cached (taken at `checkedAt`, ns). A file whose stat is
 * unchanged and whose modification time is older than `checkedAt` by more than the clock's
 * granularity is `same` without reading it; otherwise its probe decides (`probe` is called then).
 */
export function fileChange(
  cached: FileStat & FileProbe & { readonly checkedAt: string },
  now: FileStat,
  probe: () => FileProbe | undefined,
): FileChange {
  if (cached.dev !== now.dev || cached.ino !== now.ino || now.size < cached.offset)
    return 'changed';
  if (settled(cached) && now.size === cached.size && now.mtime === cached.mtime) return 'same';
  const p = probe();
  if (p === undefined || p.head !== cached.head || p.before !== cached.before) return 'changed';
  return 'grown';
}
