import type { CompactionEvent, Event, ToolCallEvent } from '../../events/event.js';
import { goIntOf } from './derived.js';

/**
 * Which parts of one stored entry become Flockdeck lines (its Claude Code export's reading rules,
 * read for behaviour): the prompt of a user entry, and the messages and calls of an assistant
 * entry. The events of one entry arrive together (they share `origin`).
 */

/** The facts of a user entry that say no person typed it (the decoder's `meta.claudeCode`). */
export interface EntryFlags {
  readonly notTyped?: boolean;
  readonly originKind?: string;
}

export const flagsOf = (e: Event): EntryFlags =>
  ((e.meta as { claudeCode?: EntryFlags } | undefined)?.claudeCode ?? {}) as EntryFlags;

const INTERRUPTED = '[Request interrupted by user';
const SYNTHETIC = [
  '<command-name>',
  '<command-message>',
  '<local-command',
  '<system-reminder>',
  '<user-prompt-submit-hook>',
  // A background task's notice (the spec's prompts section): open, so `<task-notification id=..>`
  // is one too.
  '<task-notification',
  'Caveat:',
];
const OPEN = '<system-reminder>';
const CLOSE = '</system-reminder>';

/** Go's `strings.TrimSpace` (Unicode white space). */
export const goTrim = (s: string): string =>
  s.replace(
    /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g,
    '',
  );

/** Text with each `<system-reminder>...</system-reminder>` block taken out, trimmed. */
export function stripSystemReminders(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const i = text.indexOf(OPEN, at);
    if (i < 0) break;
    const j = text.indexOf(CLOSE, i + OPEN.length);
    if (j < 0) break;
    out += text.slice(at, i);
    at = j + CLOSE.length;
  }
  return goTrim(out + text.slice(at));
}

/** Was this text written by Claude Code rather than typed (by how it starts)? */
export const isSyntheticPrompt = (text: string): boolean => {
  const t = goTrim(text);
  return SYNTHETIC.some((p) => t.startsWith(p));
};

/**
 * The prompt a user entry gives, or undefined: its text blocks joined with a line break (the
 * decoder drops blank ones), reminders stripped; not an entry Claude Code marks as its own, an
 * interruption note, or (unless its origin is `human`) a synthetic prompt.
 */
export function promptOf(events: readonly Event[]): string | undefined {
  const texts: string[] = [];
  let flags: EntryFlags = {};
  for (const e of events) {
    if (e.kind !== 'user_message') continue;
    // Another source's reader says who wrote it by its role alone.
    if (!e.origin.format.startsWith('claude') && (e.role ?? 'prompt') !== 'prompt')
      return undefined;
    flags = flagsOf(e);
    texts.push(e.text);
  }
  if (texts.length === 0 || flags.notTyped) return undefined;
  const text = stripSystemReminders(texts.join('\n'));
  if (text === '' || text.startsWith(INTERRUPTED)) return undefined;
  if (flags.originKind !== 'human' && isSyntheticPrompt(text)) return undefined;
  return text;
}

/** One line an assistant entry gives: its words so far, or a call. */
export type AssistantPart =
  | { readonly kind: 'message'; readonly text: string; readonly stopReason?: string }
  | { readonly kind: 'call'; readonly call: ToolCallEvent };

/**
 * The lines of an assistant entry, in its order: the trimmed, non-blank text blocks before each
 * call joined by a blank line, then the call. Thinking is not recorded; a call is a `tool_use`
 * block only (a server tool's call is not one).
 */
export function assistantParts(events: readonly Event[]): AssistantPart[] {
  const out: AssistantPart[] = [];
  let said: string[] = [];
  let stop: string | undefined;
  const say = (): void => {
    if (said.length > 0) {
      out.push({ kind: 'message', text: said.join('\n\n'), ...(stop ? { stopReason: stop } : {}) });
    }
    said = [];
    stop = undefined;
  };
  for (const e of events) {
    if (e.kind === 'assistant_message') {
      const t = goTrim(e.text);
      if (t !== '') said.push(t);
      if (e.stopReason) stop ??= e.stopReason;
    } else if (e.kind === 'tool_call' && (e.meta as { block?: unknown })?.block === undefined) {
      say();
      out.push({ kind: 'call', call: e });
    }
  }
  say();
  return out;
}

/** A `conversation_compacted` line's fields: the trigger trimmed, the counts as Go's `int`. */
export function compactionFields(e: CompactionEvent): Record<string, unknown> {
  const trigger = goTrim(e.trigger ?? '');
  return {
    type: 'conversation_compacted',
    trigger: trigger !== '' ? trigger : undefined,
    tokensBefore: goIntOf(e.tokensBefore),
    tokensAfter: goIntOf(e.tokensAfter),
  };
}
