import { resolve } from 'node:path';
import type { UsageEntry } from '../extractor.js';
import {
  readFileUsage,
  type FileUsage,
  type FileUsageEnd,
  type FileUsageMark,
} from '../file-usage.js';
import type { UsageFormats } from '../usage-formats.js';
import { UsageCacheStore, type CachedFile } from './cache-store.js';
import { decodeEntries, EntryEncoder } from './entry-codec.js';
import { fileChange, probeFile, settled, statFile, type FileStat } from './file-identity.js';
import { rangeMeets, type TimeWindow } from '../time-window.js';

/** The earliest and latest time of entries (ms), from a range known before. */
class TimeRange {
  #min = Infinity;
  #max = -Infinity;

  constructor(from: readonly [number, number] | null | undefined) {
    if (Array.isArray(from)) [this.#min, this.#max] = from;
  }

  add(time: string | undefined): void {
    if (time === undefined) return;
    const ms = Date.parse(time);
    if (Number.isNaN(ms)) return;
    if (ms < this.#min) this.#min = ms;
    if (ms > this.#max) this.#max = ms;
  }

  get range(): [number, number] | null {
    return this.#min <= this.#max ? [this.#min, this.#max] : null;
  }
}

/** One file being read through the cache (see `UsageCache.read`). */
interface FileRead {
  readonly path: string;
  readonly abs: string;
  readonly st: FileStat;
  readonly checkedAt: string;
  readonly parts: Iterable<FileUsage>;
  /** The cache record read on from, and its entries. */
  readonly cached?: { readonly file: CachedFile; readonly entries: UsageEntry[] };
  /** Where the read ended, once it has. */
  readonly end: () => FileUsageEnd | undefined;
}

export interface UsageCacheOptions {
  /** The cache directory (see `usageCacheDir`). */
  readonly dir: string;
  readonly formats: UsageFormats;
  /** Records of an input looked at to find its format (as `readFileUsage`). */
  readonly sample: number;
  /** Where the one line about an unusable cache goes. */
  readonly warn: (message: string) => void;
  /** The report's time window: an unchanged file with no entry in it is not read. */
  readonly window?: TimeWindow;
}

/** What the global options allow a whole-file read (as `WholeFileLimits`). */
export interface CacheReadLimits {
  readonly maxLineBytes: number;
  readonly framing: 'auto' | 'jsonl';
}

/**
 * `readFileUsage` with a memory: for each file read, the cache keeps its usage entries up to the
 * end of its last whole line (before any dedup: the report is made from all entries every run),
 * with the file's identity and hashes of its bytes there. A file found as it was gives the cached
 * entries and reads only what was added since (a last line without LF is read every time); one
 * rewritten, truncated, replaced or changed at its start is read whole, as is a changed file
 * whose format's extractor keeps state from line to line (`UsageExtractor.resumable`). A file
 * with a rejected line is not cached (its rejections are reported on every run). The parts given
 * are those `readFileUsage` gives for the file, entry for entry, in the same order.
 */
export class UsageCache {
  readonly #o: UsageCacheOptions;
  #store: UsageCacheStore | undefined;
  #files: Map<string, CachedFile> | undefined;
  readonly #seen = new Set<string>();
  #dirty = false;
  #warned = false;

  constructor(o: UsageCacheOptions) {
    this.#o = o;
  }

  /** The usage of one file (as `readFileUsage`), from the cache as far as it can be. */
  read(path: string, limits: CacheReadLimits): Iterable<FileUsage> | undefined {
    const files = this.#open(limits);
    const abs = resolve(path);
    this.#seen.add(abs);
    const checkedAt = String(BigInt(Date.now()) * 1_000_000n);
    const st = statFile(path);
    const plain = { ...limits, formats: this.#o.formats, sample: this.#o.sample };
    if (st === undefined) {
      this.#forget(abs);
      return readFileUsage(path, plain);
    }
    const c = files.get(abs);
    const w = this.#o.window;
    if (
      w !== undefined &&
      c !== undefined &&
      c.source === path &&
      st.size === c.offset &&
      Array.isArray(c.times) &&
      !rangeMeets(w, c.times[0], c.times[1]) &&
      fileChange(c, st, () => probeFile(path, c.offset)) !== 'changed'
    ) {
      // Unchanged, and none of its entries can count: not opened, its entries not even decoded.
      return this.#unchanged(abs, c, st, path, checkedAt, []);
    }
    const cached = c === undefined ? undefined : this.#usable(c, path, st);
    if (cached !== undefined && c !== undefined && st.size === c.offset) {
      // Nothing after the cached lines: the file is not opened.
      return this.#unchanged(abs, c, st, path, checkedAt, cached);
    }
    const from: FileUsageMark | undefined =
      cached !== undefined && c !== undefined
        ? { byte: c.offset, line: c.lines, state: c.state }
        : undefined;
    let end: FileUsageEnd | undefined;
    const parts = readFileUsage(path, { ...plain, from, onEnd: (e) => (end = e) });
    if (parts === undefined) {
      this.#forget(abs);
      return undefined;
    }
    return this.#read({
      path,
      abs,
      st,
      checkedAt,
      parts,
      cached: cached === undefined || c === undefined ? undefined : { file: c, entries: cached },
      end: () => end,
    });
  }

  /** The entries given of a file that has nothing after its cached lines; its stat noted. */
  #unchanged(
    abs: string,
    c: CachedFile,
    st: FileStat,
    path: string,
    checkedAt: string,
    entries: UsageEntry[],
  ): FileUsage[] {
    if (st.mtime !== c.mtime || st.size !== c.size || !settled(c)) {
      this.#put(abs, { ...c, mtime: st.mtime, size: st.size, checkedAt });
    }
    return [{ kind: 'file-usage', source: path, entries, rejections: [], bytes: c.offset }];
  }

  /** The cached part, then what is read of the file; the file's new cache record at the end. */
  *#read(r: FileRead): Generator<FileUsage> {
    const { path, cached } = r;
    const encoder = new EntryEncoder(cached?.file);
    let keep = true;
    let firstRejected = Infinity;
    const times = new TimeRange(cached?.file.times);
    // A record without its range (written otherwise): the range of its entries.
    if (cached !== undefined && cached.file.times === undefined) {
      for (const e of cached.entries) times.add(e.time);
    }
    if (cached !== undefined) {
      const { file, entries } = cached;
      yield { kind: 'file-usage', source: path, entries, rejections: [], bytes: file.offset };
    }
    for (const p of r.parts) {
      for (const e of p.entries) {
        if (!encoder.add(e)) keep = false;
        times.add(e.time); // a last line's entries dropped below only widen it: never wrong
      }
      for (const x of p.rejections) firstRejected = Math.min(firstRejected, x.line);
      yield cached === undefined ? p : { ...p, continues: true };
    }
    const e = r.end();
    // A file with a rejected line (before its last line) is read whole every time.
    if (!keep || e === undefined || firstRejected <= e.mark.line) return this.#forget(r.abs);
    const probe = probeFile(path, e.mark.byte);
    if (probe === undefined) return this.#forget(r.abs);
    encoder.dropLast(e.tailEntries);
    this.#put(r.abs, {
      source: path,
      ...r.st,
      size: e.size,
      checkedAt: r.checkedAt,
      ...probe,
      lines: e.mark.line,
      state: e.mark.state,
      resumable: e.resumable,
      times: times.range,
      names: encoder.names,
      rows: encoder.rows,
    });
  }

  /**
   * Saves the cache when it changed: files read this run, and those cached by earlier runs that
   * still exist (a deleted file drops out). Never throws.
   */
  close(): void {
    const files = this.#files;
    if (files === undefined || this.#store === undefined) return;
    for (const path of files.keys()) {
      if (this.#seen.has(path) || statFile(path) !== undefined) continue;
      files.delete(path);
      this.#dirty = true;
    }
    if (this.#dirty) this.#store.save(files);
    this.#dirty = false;
  }

  /** The cached entries of `c`, when `path` can be read on from its offset; else undefined. */
  #usable(c: CachedFile, path: string, st: FileStat): UsageEntry[] | undefined {
    if (c.source !== path) return undefined;
    if (!c.resumable && st.size !== c.offset) return undefined;
    if (fileChange(c, st, () => probeFile(path, c.offset)) === 'changed') return undefined;
    return decodeEntries(c);
  }

  #open(limits: CacheReadLimits): Map<string, CachedFile> {
    if (this.#files !== undefined) return this.#files;
    const o = this.#o;
    const settings = [limits.maxLineBytes, limits.framing, o.sample, ...o.formats.needles].join(
      ';',
    );
    this.#store = new UsageCacheStore(o.dir, settings, (m) => {
      if (this.#warned) return;
      this.#warned = true;
      o.warn(m);
    });
    this.#files = this.#store.load();
    return this.#files;
  }

  #put(abs: string, c: CachedFile): void {
    this.#files?.set(abs, c);
    this.#dirty = true;
  }

  #forget(abs: string): void {
    if (this.#files?.delete(abs) === true) this.#dirty = true;
  }
}
