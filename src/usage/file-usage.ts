import { openFileSplit } from '../stream/split-file-sync.js';
import { invalidRejection, type Rejection } from '../stream/rejection.js';
import type { UsageEntry } from './extractor.js';
import type { UsageFormats } from './usage-formats.js';
import { UsageRecordReader, type ReaderState } from './usage-reader.js';

/**
 * What an input file gives `usage`: its usage entries and its rejected lines, in order. A file
 * comes in one part or, when large, in several, each holding what some of its chunks gave.
 */
export interface FileUsage {
  readonly kind: 'file-usage';
  readonly source: string;
  readonly entries: readonly UsageEntry[];
  readonly rejections: readonly Rejection[];
  /** The bytes of the file this part covers (for a progress bar). */
  readonly bytes: number;
  /** True for a later part of a file: its replies go on from the part before. */
  readonly continues?: boolean;
}

/** A file's usage is handed on once a chunk brings its part to this many entries (bounded memory). */
export const FILE_USAGE_PART_ENTRIES = 8192;

export interface FileUsageOptions {
  /** The formats: detectors, extractors and their needles. */
  readonly formats: UsageFormats;
  /** Records of the file looked at to find its format (as `usage({ sample })`). */
  readonly sample: number;
  /** A longer line is not read but reported `line-too-long`. */
  readonly maxLineBytes: number;
  /** `jsonl` takes the file as JSON Lines without sniffing its framing. */
  readonly framing: 'auto' | 'jsonl';
  /** Bytes read at a time (8 MiB; tests make it small). */
  readonly chunkBytes?: number;
  /** Entries per part (`FILE_USAGE_PART_ENTRIES`; tests make it small). */
  readonly partEntries?: number;
  /**
   * Read from here instead of the file's start: the byte after a line's LF, the lines before it
   * and the reading's state there (what `onEnd` gave for an earlier read of the file).
   */
  readonly from?: FileUsageMark;
  /** Told, once the file is read, where its last whole line ends (what a later read resumes from). */
  readonly onEnd?: (end: FileUsageEnd) => void;
}

/** A point between two lines of a file: the byte after the LF, the lines before, the reading's state. */
export interface FileUsageMark {
  readonly byte: number;
  readonly line: number;
  readonly state: ReaderState;
}

/** Where a read of a file ended (see `FileUsageOptions.onEnd`). */
export interface FileUsageEnd {
  /** After the last line that ends with LF (a last line without one is left for the next read). */
  readonly mark: FileUsageMark;
  /** Whether reading can go on from `mark` exactly (the format's extractor is resumable). */
  readonly resumable: boolean;
  /** The bytes read (the file's size when opened). */
  readonly size: number;
  /** How many of the entries given came from the last line without LF (the last ones given). */
  readonly tailEntries: number;
}

/**
 * The usage of one plain JSON Lines file, read synchronously (`openFileSplit`: 8 MiB at a time,
 * into a reused buffer), in parts: exactly the entries the `usage()` stage reads from the file's
 * records (lines split by the same rules, selected by `formats.needles`, the same format detection
 * and extractor), and its selected lines that are not JSON as rejections. Once the file's format
 * is known, only its extractor's needles are searched for (a Claude Code file is then never
 * searched for rupu's `"run_start"`). The file is read as the parts are taken: what a huge session gives is never
 * held whole. Undefined when the streaming reader must read the file (gzip, not JSON Lines).
 */
export function readFileUsage(path: string, o: FileUsageOptions): Iterable<FileUsage> | undefined {
  const reader = new UsageRecordReader(o.sample, o.formats);
  let entries: UsageEntry[] = [];
  let invalid: Rejection[] = [];
  let narrowed = false;
  const from = o.from;
  if (from !== undefined) {
    reader.resume(path, from.state);
    narrowed = reader.needles !== undefined;
  }
  // For onEnd: the last record read, the entries before it and the reading's state before it.
  const track = o.onEnd !== undefined;
  let given = 0;
  let lastLine = 0;
  let givenBeforeLast = 0;
  let stateBeforeLast: ReaderState | undefined;
  const run = openFileSplit(
    path,
    {
      source: path,
      maxLineBytes: o.maxLineBytes,
      select: from === undefined ? o.formats.needles : (reader.needles ?? o.formats.needles),
      framing: o.framing,
      chunkBytes: o.chunkBytes,
      from,
    },
    {
      record(rec, narrow) {
        if (track) {
          lastLine = rec.line;
          givenBeforeLast = given;
          stateBeforeLast = narrowed ? undefined : reader.state;
        }
        if (rec.invalid !== undefined) invalid.push(invalidRejection(rec, rec.invalid));
        for (const e of reader.read(rec)) {
          entries.push(e);
          given++;
        }
        if (!narrowed && reader.needles !== undefined) {
          narrow(reader.needles);
          narrowed = true;
        }
      },
    },
  );
  if (run === undefined) return undefined;
  const partEntries = o.partEntries ?? FILE_USAGE_PART_ENTRIES;
  return (function* parts(): Generator<FileUsage> {
    let from = o.from?.byte ?? 0;
    let continues = false;
    const part = (): FileUsage => {
      const rejections = [...run.takeTooLong(), ...invalid].sort((a, b) => a.line - b.line);
      const u: FileUsage = {
        kind: 'file-usage',
        source: path,
        entries,
        rejections,
        bytes: run.bytes - from,
        ...(continues ? { continues } : {}),
      };
      entries = [];
      invalid = [];
      from = run.bytes;
      continues = true;
      return u;
    };
    try {
      while (run.step()) if (entries.length >= partEntries) yield part();
      if (o.onEnd !== undefined) {
        const tail = run.unterminated > 0;
        const lastIsTail = tail && lastLine === run.lines;
        const state = (lastIsTail ? stateBeforeLast : undefined) ?? reader.state;
        o.onEnd({
          mark: { byte: run.size - run.unterminated, line: run.lines - (tail ? 1 : 0), state },
          resumable: reader.resumable(state),
          size: run.size,
          tailEntries: lastIsTail ? given - givenBeforeLast : 0,
        });
      }
      const ended = reader.end();
      if (ended !== undefined) invalid.push(ended);
      yield part();
    } finally {
      run.close();
    }
  })();
}

/** Whether a chunk written to the `usage()` stage is a whole file's usage (else it is a record). */
export function isFileUsage(chunk: unknown): chunk is FileUsage {
  return (chunk as Partial<FileUsage> | null)?.kind === 'file-usage';
}
