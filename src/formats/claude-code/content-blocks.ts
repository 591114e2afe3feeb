import type { BoundedMap } from '../../events/bounded-map.js';
import type { Event, EventBase, ImageRef } from '../../events/event.js';
import { isRecord } from '../adapter.js';
import { eventOf } from './event-of.js';
import { entryFlags, interruptedByUser, userRole } from './user-role.js';

/** A text block with nothing but white space (as Go's `strings.TrimSpace` sees it) says nothing. */
const BLANK = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** The fields an entry gives every event made from it. */
export type Base = Omit<EventBase, 'v'> & { readonly v: 1 };

/** Cross-entry facts a reader keeps (bounded): call ids to tool names, subagents to calls. */
export interface BlockState {
  readonly callNames: BoundedMap<string, string>;
  /** Call id -> the sessions (subagents) it started, learned from `agent_progress` entries. */
  readonly callChildren: BoundedMap<string, string>;
}

/** An image block as an ImageRef; the data is kept (the writer decides what to drop). */
function image(block: Record<string, unknown>): ImageRef {
  const src = isRecord(block.source) ? block.source : {};
  const data = typeof src.data === 'string' ? src.data : undefined;
  return {
    ...(typeof src.media_type === 'string' ? { mediaType: src.media_type } : {}),
    ...(data !== undefined ? { data, bytes: Math.floor((data.length * 3) / 4) } : {}),
  };
}

/**
 * A tool result's content as the text the model was shown: a string as it is, text blocks joined
 * with a line break; images are returned apart.
 */
export function resultText(content: unknown): { text?: string; images: ImageRef[] } {
  if (typeof content === 'string') return { text: content, images: [] };
  const texts: string[] = [];
  const images: ImageRef[] = [];
  if (Array.isArray(content)) {
    for (const b of content) {
      if (!isRecord(b)) continue;
      if (b.type === 'text' && typeof b.text === 'string') texts.push(b.text);
      else if (b.type === 'image') images.push(image(b));
    }
  }
  return { ...(texts.length > 0 ? { text: texts.join('\n') } : {}), images };
}

/** Events for the content of an assistant entry, in block order. */
export function assistantBlocks(content: unknown, base: Base, state: BlockState): Event[] {
  if (typeof content === 'string')
    return [eventOf(base, { kind: 'assistant_message', text: content })];
  if (!Array.isArray(content)) return [];
  const out: Event[] = [];
  for (const b of content) {
    if (!isRecord(b)) continue;
    switch (b.type) {
      case 'text':
        out.push(eventOf(base, { kind: 'assistant_message', text: String(b.text ?? '') }));
        break;
      case 'thinking':
        out.push(
          eventOf(base, {
            kind: 'thinking',
            text: String(b.thinking ?? b.text ?? ''),
            ...(typeof b.signature === 'string' ? { signature: b.signature } : {}),
          }),
        );
        break;
      case 'redacted_thinking':
        out.push(eventOf(base, { kind: 'thinking', text: '', redacted: true }));
        break;
      case 'tool_use':
      case 'server_tool_use': {
        const name = typeof b.name === 'string' ? b.name : '';
        const callId = typeof b.id === 'string' ? b.id : undefined;
        if (callId) state.callNames.set(callId, name);
        // A server tool's call is marked: it ran at the provider, not in the session.
        const server = b.type === 'server_tool_use' ? { meta: { block: b.type } } : {};
        out.push(
          eventOf(
            base,
            callId
              ? { kind: 'tool_call', callId, name, input: b.input, ...server }
              : { kind: 'tool_call', name, input: b.input, ...server },
          ),
        );
        break;
      }
      default:
        out.push(eventOf(base, { kind: 'unknown', record: b, meta: { block: true } }));
    }
  }
  return out;
}

/** The subagent sessions a Task/Agent result names (`toolUseResult.agentId`) or progress linked. */
function children(callId: string | undefined, entry: Record<string, unknown>, state: BlockState) {
  const tur = entry.toolUseResult;
  if (isRecord(tur) && typeof tur.agentId === 'string') return [`agent-${tur.agentId}`];
  const linked = callId ? state.callChildren.get(callId) : undefined;
  return linked ? [linked] : undefined;
}

/**
 * Events for the content of a user entry: its text (and images) as one user message, classified
 * (`prompt`, `command`, `meta`, `interrupt`), and each tool result with its tool's name looked up.
 * Only a single tool result gets the entry's `toolUseResult` links.
 */
export function userBlocks(
  content: unknown,
  base: Base,
  entry: Record<string, unknown>,
  state: BlockState,
): Event[] {
  const flags = entryFlags(entry);
  const meta = flags ? { meta: { ...base.meta, claudeCode: flags } } : {};
  if (typeof content === 'string') {
    return [
      eventOf(base, {
        kind: 'user_message',
        text: content,
        role: userRole(content, entry),
        ...meta,
      }),
    ];
  }
  if (!Array.isArray(content)) return [];
  const out: Event[] = [];
  let texts: string[] = [];
  let images: ImageRef[] = [];
  const flushText = (): void => {
    if (texts.length === 0 && images.length === 0) return;
    const text = texts.join('\n');
    out.push(
      eventOf(base, {
        kind: 'user_message',
        text,
        ...(images.length > 0 ? { images } : {}),
        role: userRole(text, entry),
        ...meta,
      }),
    );
    texts = [];
    images = [];
  };
  for (const b of content) {
    if (!isRecord(b)) continue;
    if (b.type === 'text') {
      const t = String(b.text ?? '');
      if (!BLANK.test(t)) texts.push(t);
    } else if (b.type === 'image') images.push(image(b));
    else if (b.type === 'tool_result') {
      flushText();
      const callId = typeof b.tool_use_id === 'string' ? b.tool_use_id : undefined;
      const name = callId ? state.callNames.get(callId) : undefined;
      const { text, images: imgs } = resultText(b.content);
      const isError = b.is_error === true;
      const kids = children(callId, entry, state);
      out.push(
        eventOf(base, {
          kind: 'tool_result',
          ...(callId ? { callId } : {}),
          ...(name !== undefined ? { name } : {}),
          output: text ?? (Array.isArray(b.content) ? b.content : (b.content ?? '')),
          isError,
          interrupted: interruptedByUser(isError, text),
          ...(imgs.length > 0 ? { images: imgs } : {}),
          ...(kids ? { children: kids } : {}),
        }),
      );
    } else out.push(eventOf(base, { kind: 'unknown', record: b, meta: { block: true } }));
  }
  flushText();
  return out;
}
