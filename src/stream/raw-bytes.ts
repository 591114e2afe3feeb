import type { Rec } from './rec.js';

/**
 * The input bytes of records as read (the line without its break), so that `stringify` writes an
 * untouched record by copying its bytes instead of encoding its text again. Kept beside the record,
 * keyed by its identity: a stage that changes a record makes a new object (`withValue`,
 * `withRaw`, a spread), which has no entry, so only a record passed on as the same object is
 * written from these bytes. Entries go with their records (a WeakMap holds no record alive).
 */
const bytesOf = new WeakMap<Rec, Buffer>();

/** Records `bytes` as the exact bytes of `rec.raw` (UTF-8). */
export function keepRawBytes(rec: Rec, bytes: Buffer): void {
  bytesOf.set(rec, bytes);
}

/** The bytes of an unchanged record's `raw` as read, when the reader kept them. */
export function rawBytes(rec: Rec): Buffer | undefined {
  return rec.changed ? undefined : bytesOf.get(rec);
}

/** The bytes of records whose line was not valid UTF-8 (see `Line.invalidUtf8`), by identity. */
const invalidOf = new WeakMap<Rec, Buffer>();

/** Records the bytes of `rec`'s line, which are not valid UTF-8. */
export function keepInvalidUtf8(rec: Rec, bytes: Buffer): void {
  invalidOf.set(rec, bytes);
}

/** The bytes of an unchanged record's line when they were not valid UTF-8, else undefined. */
export function invalidUtf8Bytes(rec: Rec): Buffer | undefined {
  return rec.changed ? undefined : invalidOf.get(rec);
}

/** Gives `to` (a copy of `from` with only its place changed) the bytes kept for `from`. */
export function carryRawBytes(from: Rec, to: Rec): void {
  const bytes = bytesOf.get(from);
  if (bytes !== undefined) bytesOf.set(to, bytes);
  const invalid = invalidOf.get(from);
  if (invalid !== undefined) invalidOf.set(to, invalid);
}
