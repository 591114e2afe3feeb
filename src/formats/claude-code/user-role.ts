/** What kind of user entry a text is (see `UserMessageEvent.role`). */
export type UserRole = 'prompt' | 'command' | 'meta' | 'interrupt';

/** Tags Claude Code wraps around a slash command, its output and `!` shell input. */
const COMMAND =
  /^\s*<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|bash-input|bash-stdout|bash-stderr)>/;
/** Tags of text Claude Code injects for the model, which no person typed. */
const META =
  /^\s*<(system-reminder|task-notification|local-command-caveat|user-prompt-submit-hook)>/;
const CONTINUED = 'This session is being continued from a previous conversation';
const INTERRUPT = /^\s*\[Request interrupted by user/;

/** The entry fields that say who wrote a user entry. */
export interface EntryMarks {
  readonly isMeta?: unknown;
  readonly isCompactSummary?: unknown;
  readonly isVisibleInTranscriptOnly?: unknown;
  readonly origin?: unknown;
}

/**
 * What a user entry's own fields say of it, or undefined when they say nothing: `notTyped` when
 * Claude Code marks it as its own (`isMeta`, `isCompactSummary`, `isVisibleInTranscriptOnly`),
 * `originKind` from `origin.kind` (a `human` origin is typed, however it starts).
 */
export function entryFlags(
  entry: EntryMarks,
): { notTyped?: true; originKind?: string } | undefined {
  const notTyped =
    entry.isMeta === true ||
    entry.isCompactSummary === true ||
    entry.isVisibleInTranscriptOnly === true;
  const o = entry.origin;
  const kind =
    typeof o === 'object' && o !== null && typeof (o as { kind?: unknown }).kind === 'string'
      ? ((o as { kind: string }).kind as string)
      : undefined;
  if (!notTyped && kind === undefined) return undefined;
  return {
    ...(notTyped ? { notTyped: true as const } : {}),
    ...(kind ? { originKind: kind } : {}),
  };
}

/**
 * Classifies a user entry's text. `isMeta` and compact summaries are `meta` whatever they say; a
 * prompt is what is left once commands, injected context and interruption notes are taken out
 * (the Flockdeck reference, `user_prompt`).
 */
export function userRole(text: string, entry: EntryMarks): UserRole {
  if (entryFlags(entry)?.notTyped) return 'meta';
  if (INTERRUPT.test(text)) return 'interrupt';
  if (COMMAND.test(text)) return 'command';
  if (META.test(text) || text.startsWith(CONTINUED)) return 'meta';
  return 'prompt';
}

/** Was a tool stopped by the user? Read from the words of its error (Claude Code stores no flag). */
export function interruptedByUser(isError: boolean, output: unknown): boolean {
  return isError && typeof output === 'string' && /interrupted by user/i.test(output);
}
