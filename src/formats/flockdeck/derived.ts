import type { Event, TokenCounts } from '../../events/event.js';

/** What the Flockdeck writer works out from events rather than copies (the reference, s6). */

/** The last element of a directory, as Flockdeck names a project. */
export function projectOf(cwd: string): string | undefined {
  const parts = cwd.split(/[\\/]+/).filter((p) => p !== '');
  return parts.length > 0 ? parts[parts.length - 1] : undefined;
}

/** Token counts under Flockdeck's usage keys; undefined when none is known. */
export function usageOf(t: TokenCounts): Record<string, number> | undefined {
  const u: Record<string, number> = {};
  if (t.input !== undefined) u.inputTokens = t.input;
  if (t.output !== undefined) u.outputTokens = t.output;
  if (t.cacheWrite !== undefined) u.cacheCreationInputTokens = t.cacheWrite;
  if (t.cacheRead !== undefined) u.cacheReadInputTokens = t.cacheRead;
  return Object.keys(u).length > 0 ? u : undefined;
}

/** Which reply an event belongs to: its message id, or for a reply with none, its entry's line. */
export const replyKey = (e: Event): string => e.messageId ?? `line:${e.origin.line}`;
/** `<synthetic>` and the like: what Claude Code stamps on a notice it wrote itself, not a model. */
export const isPlaceholderModel = (m: string | undefined): boolean => !m || /^<.*>$/.test(m);
