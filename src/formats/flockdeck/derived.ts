import type { Event, TokenCounts } from '../../events/event.js';

/** What the Flockdeck writer works out from events rather than copies (the reference, s6). */

/**
 * The last element of a directory, as Flockdeck names a project: Go's `filepath.Base` as it runs
 * on Linux and macOS, where only `/` separates (so `C:\work\shop` is one element); trailing
 * slashes dropped, and `/` for a path of slashes only.
 */
export function projectOf(cwd: string): string | undefined {
  if (cwd === '') return undefined;
  const trimmed = cwd.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/**
 * Token counts under Flockdeck's usage keys, each only where the stored reply gives it (the spec:
 * "a missing key means the count is unknown, never 0"); undefined for none.
 */
export function usageOf(t: TokenCounts): Record<string, number> | undefined {
  const u: Record<string, number> = {};
  if (t.input !== undefined) u.inputTokens = t.input;
  if (t.output !== undefined) u.outputTokens = t.output;
  if (t.cacheWrite !== undefined) u.cacheCreationInputTokens = t.cacheWrite;
  if (t.cacheRead !== undefined) u.cacheReadInputTokens = t.cacheRead;
  return Object.keys(u).length > 0 ? u : undefined;
}

/** Go's `int(max(f, 0))` of a float64 on amd64: the fraction dropped, past 2^63 the minimum int. */
export function goIntOf(f: number | undefined): number | undefined {
  if (f === undefined || !(f > 0)) return undefined;
  if (f >= 2 ** 63) return -(2 ** 63);
  const n = Math.trunc(f);
  return n === 0 ? undefined : n;
}

/** `s` cut to 256 bytes on a character boundary (Flockdeck's cut for ids, tools, versions). */
export function cutId(s: string): string {
  if (s.length <= 85) return s;
  const b = Buffer.from(s, 'utf8');
  if (b.length <= 256) return s;
  let end = 256;
  while (end > 0 && (b[end]! & 0xc0) === 0x80) end--;
  return b.subarray(0, end).toString('utf8');
}

/** The part of a conversation id a transcript's name ends with: `[A-Za-z0-9._-]`, first 8. */
export const shortConversation = (id: string): string =>
  id.replace(/[^A-Za-z0-9._-]+/g, '').slice(0, 8);

/** Which reply an event belongs to: its message id, or for a reply with none, its entry's line. */
export const replyKey = (e: Event): string => e.messageId ?? `line:${e.origin.line}`;
/** `<synthetic>` and the like: what Claude Code stamps on a notice it wrote itself, not a model. */
export const isPlaceholderModel = (m: string | undefined): boolean =>
  !m || (m.startsWith('<') && m.endsWith('>'));
