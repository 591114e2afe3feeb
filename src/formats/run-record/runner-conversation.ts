import { readFileSync } from 'node:fs';
import { describeIoError } from '../../stream/input.js';
import { badOption } from '../../stream/errors.js';
import { isRecord } from '../adapter.js';

/** What a run record takes from an eval runner's own conversation record (conversation.json). */
export interface RunnerConversation {
  /** The object itself, written as the record's `conversation`. */
  readonly conversation: Readonly<Record<string, unknown>>;
  /** Its first user message. */
  readonly prompt?: string;
  /** Its last assistant message. */
  readonly finalMessage?: string;
  /** Its tool_invocation events, as the record's `tool_invocations`. */
  readonly tools: readonly Record<string, unknown>[];
}

/**
 * Reads the conversation a multi-turn eval runner wrote (eval-magic's conversation.json: status,
 * delivered_followups, events with rounds). The runner owns what was said in each round (the
 * follow-ups are not in the agent's transcripts), so the record takes its messages and tool
 * invocations from it, as eval-magic's record-runs does; tokens and time still come from the
 * transcripts. Read once, when the writer is made; a file that is not such an object is a bad
 * option.
 */
export function readRunnerConversation(path: string): RunnerConversation {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    badOption(`${path}: ${describeIoError(err as NodeJS.ErrnoException)} (conversationFile)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    badOption(`${path}: not JSON (${(err as Error).message}) (conversationFile)`);
  }
  if (!isRecord(value) || !Array.isArray(value.events)) {
    badOption(`${path}: not a conversation, an object with an events array (conversationFile)`);
  }
  const events = value.events.filter(isRecord);
  let prompt: string | undefined;
  let finalMessage: string | undefined;
  const tools: Record<string, unknown>[] = [];
  for (const e of events) {
    if (e.type === 'user_message' && typeof e.text === 'string') prompt ??= e.text;
    else if (e.type === 'assistant_message' && typeof e.text === 'string') finalMessage = e.text;
    else if (e.type === 'tool_invocation') {
      tools.push({
        name: e.name,
        ...(e.args !== undefined ? { args: e.args } : {}),
        ordinal: tools.length,
        ...(e.result !== undefined ? { result: e.result } : {}),
      });
    }
  }
  return { conversation: value, prompt, finalMessage, tools };
}
