import type { Span } from './spans.js';

/** The shortest opaque key. */
export const OPAQUE_MIN = 32;

/** A run of 32 to 128 lower-case letters and digits that is a whole word. */
const RUN = /(?<![A-Za-z0-9_])[a-z0-9]{32,128}(?![A-Za-z0-9_])/g;

/**
 * Is a run an opaque key: letters and digits mixed (six of each at least) and a letter past `f`?
 * Hex (commit hashes, digests) is not: it names content, it grants nothing.
 */
function isOpaque(run: string): boolean {
  let digits = 0;
  let nonHex = false;
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    if (c <= 57) digits++;
    else if (c > 102) nonHex = true;
  }
  return nonHex && digits >= 6 && run.length - digits >= 6;
}

/**
 * Opaque API keys: the many services whose keys are 32+ random lower-case letters and digits
 * with no prefix (trufflehog's keyword detectors: `todoist`, `sonarcloud`, `agora`, …), found
 * whatever surrounds them.
 */
export function findOpaqueKeys(s: string, spans: Span[]): void {
  RUN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = RUN.exec(s)) !== null)
    if (isOpaque(m[0]))
      spans.push({ start: m.index, end: m.index + m[0].length, kind: 'opaque-key' });
}

/** Could `s` hold an opaque key (the prescan's regex mode)? */
export function hasOpaqueKey(s: string): boolean {
  RUN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = RUN.exec(s)) !== null) if (isOpaque(m[0])) return true;
  return false;
}
