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

/**
 * The conversation rebuilt from canonical events, for formats with no replay rules of their own
 * (Claude Code): user prompts as user messages; thinking, text and tool calls between two user
 * turns as one assistant message; consecutive tool results as one user message; a compaction
 * starts over (from its summary, where it has one; Claude Code writes the summary as the next
 * user entry); subagent (sidechain) events are another
 * conversation and are left out. A session with no message is not written.
 */
export function eventsReplayer(decoder: Decoder, format: string, source: string): Replayer {
  const sessions = new Map<string, { messages: Message[]; blocks: Block[]; results: Block[] }>();
  const add = (ev: Event): void => {
    if (ev.sidechain) return;
    let s = sessions.get(ev.session);
    if (!s) sessions.set(ev.session, (s = { messages: [], blocks: [], results: [] }));
    const flushAssistant = (): void => {
      pushAssistant(s!.messages, s!.blocks, false);
      s!.blocks = [];
    };
    const flushResults = (): void => {
      if (s!.results.length) s!.messages.push({ role: 'user', content: s!.results });
      s!.results = [];
    };
    switch (ev.kind) {
      case 'user_message':
        flushAssistant();
        flushResults();
        s.messages.push({ role: 'user', content: ev.text });
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
        s.messages = ev.summary !== undefined ? [{ role: 'user', content: ev.summary }] : [];
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
    end(): Replayed[] {
      for (const ev of decoder.end()) add(ev);
      const out: Replayed[] = [];
      for (const [session, s] of sessions) {
        pushAssistant(s.messages, s.blocks, false);
        if (s.results.length) s.messages.push({ role: 'user', content: s.results });
        // A session with no conversation (a file's stray snapshot entries) is not written.
        if (s.messages.length > 0) out.push({ session, source, format, messages: s.messages });
      }
      return out;
    },
  };
}
