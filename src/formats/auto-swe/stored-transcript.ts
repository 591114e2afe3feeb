import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { TxpipeError } from '../../stream/errors.js';
import { REJECT_EVENT, type Rejection } from '../../stream/rejection.js';
import { isObj, str } from './call.js';
import { STORED_MANIFEST } from './index.js';

/** The spec's bound on one part's gunzipped bytes. */
export const PART_MAX_BYTES = 64 * 1024 * 1024;

/** Why a part failed, in the words of the content stream's `integrity_error` line. */
export type PartFailure = 'sha_mismatch' | 'too_large' | 'corrupt' | 'read_failed';

export interface StoredPart {
  /** The part's file, relative to the folder. */
  readonly file: string;
  /** The sha256 of its gzipped bytes, lowercase hex. */
  readonly sha256: string;
}

/** A stored transcript's manifest (`transcript.json`, docs/formats/auto-swe.md). */
export interface StoredManifest {
  readonly id?: string;
  /** The transcript hash: sha256 over the ordered part hashes. */
  readonly sha256?: string;
  readonly parts: readonly StoredPart[];
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * A regular file's bytes; throws (code `ENOTREG`) for anything else. A FIFO in the folder would
 * block the open (and the process, past SIGTERM) until a writer came, and a device such as
 * `/dev/zero` (through a symlink) would be read without end: the open does not wait
 * (`O_NONBLOCK`), and only a regular file is read.
 */
export function readRegularFile(path: string): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) {
      throw Object.assign(new Error(`${path}: not a regular file`), { code: 'ENOTREG' });
    }
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Reads and checks a folder's manifest; an error naming the folder when it is not one. */
export function readManifest(dir: string): StoredManifest {
  const path = join(dir, STORED_MANIFEST);
  const bad = (why: string): never => {
    throw new TxpipeError('ERR_TXPIPE_INPUT', `${path}: ${why}`);
  };
  let v: unknown;
  try {
    v = JSON.parse(readRegularFile(path).toString('utf8'));
  } catch (err) {
    return bad(err instanceof SyntaxError ? 'not JSON' : 'cannot be read');
  }
  if (!isObj(v) || !Array.isArray(v.parts)) return bad('no "parts" array');
  const parts: StoredPart[] = v.parts.map((p, i) => {
    if (!isObj(p) || typeof p.file !== 'string' || typeof p.sha256 !== 'string') {
      return bad(`part ${i} needs "file" and "sha256"`);
    }
    if (p.file.includes('/') || p.file.includes('\\') || p.file.startsWith('.')) {
      return bad(`part ${i}: "file" must be a file name in the folder`);
    }
    if (!HEX64.test(p.sha256)) return bad(`part ${i}: "sha256" must be 64 lowercase hex digits`);
    return { file: p.file, sha256: p.sha256 };
  });
  const sha = str(v.sha256);
  if (sha !== undefined && !HEX64.test(sha)) bad('"sha256" must be 64 lowercase hex digits');
  return { ...(str(v.id) ? { id: v.id as string } : {}), ...(sha ? { sha256: sha } : {}), parts };
}

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** The transcript hash: sha256 of the part hashes (hex) concatenated in part order. */
export function transcriptHash(partHashes: readonly string[]): string {
  return sha256(partHashes.join(''));
}

/** One part read and checked: its records' bytes, or why it failed. */
export function readPart(
  dir: string,
  part: StoredPart,
): { ok: true; data: Buffer } | { ok: false; reason: PartFailure; detail?: string } {
  let gz: Buffer;
  try {
    gz = readRegularFile(join(dir, part.file));
  } catch (err) {
    return { ok: false, reason: 'read_failed', detail: (err as NodeJS.ErrnoException).code };
  }
  if (sha256(gz) !== part.sha256) return { ok: false, reason: 'sha_mismatch' };
  try {
    return { ok: true, data: gunzipSync(gz, { maxOutputLength: PART_MAX_BYTES }) };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) {
      return { ok: false, reason: 'too_large' };
    }
    return { ok: false, reason: 'corrupt', detail: e.message };
  }
}

/** The number of lines a chunk of NDJSON bytes ends (its newlines). */
function newlines(data: Buffer): number {
  let n = 0;
  for (let i = data.indexOf(0x0a); i >= 0; i = data.indexOf(0x0a, i + 1)) n++;
  return n;
}

/**
 * A stored transcript read as the content stream gives it: each part's records in order, then
 * `{"kind":"eof","complete":true}`; a part that fails its check ends the stream with
 * `{"kind":"integrity_error","reason":...}` instead (the spec's "Stream integrity"), and so does
 * a transcript hash that does not match the part hashes (after the parts, each of which matched
 * its own). Parts are read one at a time (each at most 64 MiB once gunzipped). A failure is also
 * reported on the stream as a rejection (`REJECT_EVENT`) of the `integrity_error` line, naming
 * the part, so every command reading the folder says it (and `--strict` fails the run).
 */
export function storedTranscriptStream(dir: string): Readable {
  const manifest = readManifest(dir);
  let line = 0;
  const fail = (reason: PartFailure, why: string): Buffer => {
    const rejection: Rejection = {
      source: dir,
      line: line + 1,
      reason: 'format',
      message: `stored transcript: ${why}: ${reason} (the stream ends with integrity_error)`,
    };
    stream.emit(REJECT_EVENT, rejection);
    return Buffer.from(`${JSON.stringify({ kind: 'integrity_error', reason })}\n`);
  };
  async function* lines(): AsyncGenerator<Buffer> {
    for (const [i, part] of manifest.parts.entries()) {
      const r = readPart(dir, part);
      if (!r.ok) {
        yield fail(r.reason, `part ${i} (${part.file})`);
        return;
      }
      if (r.data.length === 0) continue;
      line += newlines(r.data);
      yield r.data;
      if (r.data[r.data.length - 1] !== 0x0a) {
        line++;
        yield Buffer.from('\n');
      }
    }
    const hashes = manifest.parts.map((p) => p.sha256);
    if (manifest.sha256 !== undefined && transcriptHash(hashes) !== manifest.sha256) {
      yield fail('sha_mismatch', 'the transcript sha256 does not match its parts');
      return;
    }
    yield Buffer.from('{"kind":"eof","complete":true}\n');
  }
  const stream = Readable.from(lines(), { objectMode: false });
  return stream;
}
