import type { Rec } from '../stream/rec.js';

/** One content block of a provider message (Anthropic Messages API shapes). */
export type Block = Readonly<Record<string, unknown>>;

/** One message of the conversation the provider saw. */
export interface Message {
  readonly role: 'user' | 'assistant';
  content: string | Block[];
}

/** The rebuilt conversation of one session. */
export interface Replayed {
  readonly session: string;
  readonly source: string;
  readonly format: string;
  readonly messages: readonly Message[];
  /** What the rebuild could not do (a seed that names another transcript, ...). */
  readonly notes?: readonly string[];
}

/** Rebuilds conversations from one input's records (stateful, one per input). */
export interface Replayer {
  add(rec: Rec): void;
  /** The conversations, in order; an iterable may make each only when it is asked for. */
  end(): Iterable<Replayed>;
}

/** Appends assistant blocks: onto the last assistant message when `merge`, else as a new one. */
export function pushAssistant(messages: Message[], blocks: Block[], merge: boolean): void {
  if (blocks.length === 0) return;
  if (merge) {
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i]!;
      if (m.role !== 'assistant') continue;
      m.content = [
        ...(typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content),
        ...blocks,
      ];
      return;
    }
  }
  messages.push({ role: 'assistant', content: blocks });
}
