import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReaderState } from '../usage-reader.js';
import { ENTRY_SIGNATURE, type CachedEntries } from './entry-codec.js';
import type { FileProbe, FileStat } from './file-identity.js';

/**
 * The version of what the cache holds. Raise it when an extractor changes the entries it gives
 * for the same lines (a cache of the old entries would then be wrong); a field added to or
 * removed from `UsageEntry` changes `ENTRY_SIGNATURE`, which does the same by itself.
 */
export const USAGE_CACHE_VERSION = `1;${ENTRY_SIGNATURE}`;

/** The cache file's name in the cache directory. */
export const USAGE_CACHE_FILE = 'usage-cache.json';

/** What the cache keeps of one input file (no text of it: hashes, counts, ids, times, models). */
export interface CachedFile extends FileStat, FileProbe, CachedEntries {
  /** The path the file was read by (its sessions may be named from it). */
  readonly source: string;
  /** When the stat was taken, before the file was read (ns since the epoch, decimal). */
  readonly checkedAt: string;
  /** The lines before `offset`, and the reading's state there. */
  readonly lines: number;
  readonly state: ReaderState;
  /** Whether reading can go on from `offset` (else only an unchanged file is taken from here). */
  readonly resumable: boolean;
  /**
   * The earliest and latest time (ms since the epoch) of its entries that have one (null: none
   * has): a file unchanged since is not read when `--since`/`--until` leave all of them out.
   * Absent in a record written before it was kept: such a file is read, and given one then.
   */
  readonly times?: readonly [number, number] | null;
}

interface CacheDocument {
  readonly cache: 'txpipe-usage';
  readonly version: string;
  /** The reading settings the entries were read with (line bound, framing, needles...). */
  readonly settings: string;
  readonly files: Record<string, CachedFile>;
}

/**
 * The usage cache file of a directory: loaded once, saved whole by writing a new file beside it
 * and renaming it over the old one (two runs at once each leave a whole file; the last one
 * renamed wins). Never an error: a cache that cannot be read or written is left aside, said
 * once on `warn`, and the report is made from the files.
 */
export class UsageCacheStore {
  readonly path: string;
  readonly #dir: string;
  readonly #settings: string;
  readonly #warn: (message: string) => void;

  constructor(dir: string, settings: string, warn: (message: string) => void) {
    this.#dir = dir;
    this.path = join(dir, USAGE_CACHE_FILE);
    this.#settings = settings;
    this.#warn = warn;
  }

  /** The files cached, by absolute path (none when there is no cache or it is unusable). */
  load(): Map<string, CachedFile> {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.#unusable(err);
      return new Map();
    }
    let doc: Partial<CacheDocument>;
    try {
      doc = JSON.parse(text) as Partial<CacheDocument>;
    } catch {
      this.#warn(`usage cache ${this.path} is corrupt: ignored, and written again`);
      return new Map();
    }
    if (doc?.cache !== 'txpipe-usage' || typeof doc.files !== 'object' || doc.files === null) {
      this.#warn(`usage cache ${this.path} is corrupt: ignored, and written again`);
      return new Map();
    }
    if (doc.version !== USAGE_CACHE_VERSION) {
      this.#warn(`usage cache ${this.path} is from another version: ignored, and written again`);
      return new Map();
    }
    // Read with other settings (--max-input-line-bytes...): its entries may differ; start again.
    if (doc.settings !== this.#settings) return new Map();
    return new Map(Object.entries(doc.files));
  }

  /** Writes `files` as the cache (atomically); false, said once, when it cannot be written. */
  save(files: ReadonlyMap<string, CachedFile>): boolean {
    const doc: CacheDocument = {
      cache: 'txpipe-usage',
      version: USAGE_CACHE_VERSION,
      settings: this.#settings,
      files: Object.fromEntries(files),
    };
    const tmp = `${this.path}.${process.pid}.${Date.now()}.tmp`;
    try {
      mkdirSync(this.#dir, { recursive: true });
      writeFileSync(tmp, JSON.stringify(doc));
      renameSync(tmp, this.path);
      return true;
    } catch (err) {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // the directory refuses even that: nothing was left in it
      }
      this.#warn(
        `usage cache ${this.path} cannot be written (${errCode(err)}): the report is made without it`,
      );
      return false;
    }
  }

  #unusable(err: unknown): void {
    this.#warn(`usage cache ${this.path} cannot be read (${errCode(err)}): ignored`);
  }
}

function errCode(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? String(err);
}
