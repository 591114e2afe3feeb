import { STORED_MANIFEST } from './index.js';
import { readManifest, readPart, transcriptHash, type PartFailure } from './stored-transcript.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** What `verify` found in one input. */
export interface Verification {
  readonly kind: 'auto-swe-verification';
  readonly source: string;
  /** Each part: ok, or why it failed. */
  readonly parts: readonly { readonly file: string; readonly result: 'ok' | PartFailure }[];
  /** The transcript hash recomputed from the manifest's part hashes, and whether it matches. */
  readonly transcriptHash?: { readonly expected: string; readonly actual: string };
  /** The first failure, in words; undefined when the transcript verified. */
  readonly failure?: string;
}

/**
 * Verifies a stored transcript folder (docs/formats/auto-swe.md, Stored transcripts): every part
 * re-hashed (sha256 of its gzipped bytes) and gunzipped within 64 MiB, and the transcript hash
 * recomputed over the manifest's part hashes. Every part is checked; the first failure is named.
 */
export function verifyStored(dir: string): Verification {
  const base = { kind: 'auto-swe-verification' as const, source: dir };
  if (!existsSync(join(dir, STORED_MANIFEST))) {
    return { ...base, parts: [], failure: `not a stored transcript (no ${STORED_MANIFEST})` };
  }
  let manifest;
  try {
    manifest = readManifest(dir);
  } catch (err) {
    return { ...base, parts: [], failure: (err as Error).message };
  }
  const parts = manifest.parts.map((p) => {
    const r = readPart(dir, p);
    return { file: p.file, result: r.ok ? ('ok' as const) : r.reason };
  });
  const bad = parts.findIndex((p) => p.result !== 'ok');
  let failure = bad >= 0 ? `part ${bad} (${parts[bad]!.file}): ${parts[bad]!.result}` : undefined;
  const actual = transcriptHash(manifest.parts.map((p) => p.sha256));
  const hash = manifest.sha256 ? { expected: manifest.sha256, actual } : undefined;
  if (failure === undefined && hash && hash.expected !== hash.actual) {
    failure = 'transcript sha256 does not match its part hashes';
  }
  return {
    ...base,
    parts,
    ...(hash ? { transcriptHash: hash } : {}),
    ...(failure ? { failure } : {}),
  };
}

export const isVerification = (v: unknown): v is Verification =>
  (v as Partial<Verification> | null)?.kind === 'auto-swe-verification';

/** The text report of one verification: a line per part, then the verdict. */
export function renderVerification(v: Verification): string {
  const lines = v.parts.map((p, i) => `${v.source}\tpart ${i}\t${p.file}\t${p.result}`);
  if (v.transcriptHash) {
    const ok = v.transcriptHash.expected === v.transcriptHash.actual;
    lines.push(
      `${v.source}\ttranscript sha256\t${ok ? 'ok' : `mismatch (${v.transcriptHash.actual})`}`,
    );
  }
  lines.push(`${v.source}\t${v.failure === undefined ? 'verified' : `FAILED: ${v.failure}`}`);
  return lines.join('\n') + '\n';
}
