import type { Event } from '../events/event.js';
import type { Decoder } from '../events/codec.js';
import type { Rec } from '../stream/rec.js';
import {
  pushAssistant,
  type Block,
  type Message,
  type Replayed,
  type Replayer,
} from './replayer.js';
import { HeldMessages, type MessageList } from './held-messages.js';

/** Holds the assistant message `blocks` make, if any (as `pushAssistant` would add it). */
function assistant(held: HeldMessages, list: MessageList, blocks: Block[]): void {
  const made: Message[] = [];
  pushAssistant(made, blocks, false);
  for (const m of made) held.push(list, m);
}

/**
 * The conversation rebuilt from canonical events, for formats with no replay rules of their own
 * (Claude Code): user prompts as user messages; thinking, text and tool calls between two user
 * turns as one assistant message; consecutive tool results as one user message; a compaction
 * starts over (from its summary, where it has one; Claude Code writes the summary as the next
 * user entry); subagent (sidechain) events are another
 * conversation and are left out. A session with no message is not written.
 */
export function eventsReplayer(decoder: Decoder, format: string, source: string): Replayer {
  const held = new HeldMessages();
  const sessions = new Map<string, { messages: MessageList; blocks: Block[]; results: Block[] }>();
  const add = (ev: Event): void => {
    if (ev.sidechain) return;
    let s = sessions.get(ev.session);
    if (!s) sessions.set(ev.session, (s = { messages: held.list(), blocks: [], results: [] }));
    const flushAssistant = (): void => {
      assistant(held, s!.messages, s!.blocks);
      s!.blocks = [];
    };
    const flushResults = (): void => {
      if (s!.results.length) held.push(s!.messages, { role: 'user', content: s!.results });
      s!.results = [];
    };
    switch (ev.kind) {
      case 'user_message':
        flushAssistant();
        flushResults();
        held.push(s.messages, { role: 'user', content: ev.text });
        break;
      case 'thinking':
      case 'assistant_message':
      case 'tool_call':
        flushResults();
        s.blocks.push(
          ev.kind === 'thinking'
            ? ev.redacted
              ? { type: 'redacted_thinking', data: ev.signature ?? '' }
              : {
                  type: 'thinking',
                  thinking: ev.text,
                  ...(ev.signature ? { signature: ev.signature } : {}),
                }
            : ev.kind === 'assistant_message'
              ? { type: 'text', text: ev.text }
              : { type: 'tool_use', id: ev.callId, name: ev.name, input: ev.input },
        );
        break;
      case 'tool_result':
        flushAssistant();
        s.results.push({
          type: 'tool_result',
          tool_use_id: ev.callId,
          content: ev.output,
          ...(ev.isError ? { is_error: true } : {}),
        });
        break;
      case 'compaction':
        // The provider sees nothing from before; Claude Code then writes the summary as a user
        // entry of its own, which follows as a user message.
        s.blocks = [];
        s.results = [];
        s.messages = held.list();
        if (ev.summary !== undefined) held.push(s.messages, { role: 'user', content: ev.summary });
        break;
      default:
        break;
    }
  };
  return {
    add(rec: Rec) {
      if (rec.value === undefined) return;
      for (const ev of decoder.decode(rec)) add(ev);
    },
    *end(): Generator<Replayed> {
      for (const ev of decoder.end()) add(ev);
      // One session at a time, each let go as it is given: the records need not all exist at once.
      try {
        for (const [session, s] of sessions) {
          sessions.delete(session);
          assistant(held, s.messages, s.blocks);
          if (s.results.length) held.push(s.messages, { role: 'user', content: s.results });
          // A session with no conversation (a file's stray snapshot entries) is not written.
          if (s.messages.at.length > 0) {
            yield { session, source, format, messages: held.take(s.messages) };
          }
        }
      } finally {
        held.close();
      }
    },
  };
}
