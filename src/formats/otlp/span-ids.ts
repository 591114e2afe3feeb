import { createHash } from 'node:crypto';

/**
 * Trace and span ids derived from the session and the source's own ids (a SHA-256 of them), so
 * converting the same transcript twice gives the same ids, and a subagent's trace can link to
 * its parent's span without the two being written together. Hex, as OTLP/JSON writes them.
 */
function digest(bytes: number, parts: readonly string[]): string {
  const hex = createHash('sha256')
    .update(parts.join('\u0000'))
    .digest('hex')
    .slice(0, bytes * 2);
  // An all-zero id is invalid in OTLP; a hash that begins with that many zeros is not used as is.
  return /^0+$/.test(hex) ? `${'0'.repeat(bytes * 2 - 1)}1` : hex;
}

/** The trace of a session: 16 bytes. */
export function traceIdOf(session: string): string {
  return digest(16, ['txpipe', 'trace', session]);
}

/** A span of a session: 8 bytes, from what it stands for (`agent`, `chat`, `tool`) and its key. */
export function spanIdOf(session: string, what: string, key: string): string {
  return digest(8, ['txpipe', 'span', session, what, key]);
}
