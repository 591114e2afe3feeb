import { basename } from 'node:path';
import type { Rec } from '../../stream/rec.js';
import { pushAssistant, type Block, type Message, type Replayer } from '../../replay/replayer.js';
import { isRecord } from '../adapter.js';
import { rupuEnvelope } from './decoder.js';

/** A provider message as the transcript wrote it (seed and compaction `messages`). */
function asMessages(v: unknown): Message[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter(isRecord).map((m) => ({
    role: m.role === 'assistant' ? 'assistant' : 'user',
    content:
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? [...(m.content as Block[])]
          : '',
  }));
}

/** The reasoning block the provider sent, kept as it was (`thinking.raw`). */
function reasoningBlock(data: Record<string, unknown>): Block {
  const raw = data.raw;
  if (isRecord(raw)) return raw;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isRecord(parsed)) return parsed;
    } catch {
      // not JSON text: fall back to the readable content below
    }
  }
  return {
    type: 'thinking',
    thinking: typeof data.content === 'string' ? data.content : '',
    ...(typeof data.signature === 'string' ? { signature: data.signature } : {}),
  };
}

/**
 * The conversation a rupu transcript's provider saw, by the spec's replay rules (section
 * "Replay"): seed, user_message, per turn one assistant message (thinking raw blocks,
 * assistant_message, tool_call and assistant_block in file order, abandoned blocks skipped) and
 * its tool results as the next user message; a turn without turn_end or with a discarded one is
 * dropped; recovery merge_into_previous joins the next reply onto the previous assistant message;
 * an `injected` with cadence once is a user message where it stands; a compaction replaces
 * everything so far with its messages. Version 1 has no reasoning blocks.
 */
export function rupuReplayer(source: string): Replayer {
  let session = source === '-' ? 'rupu' : basename(source).replace(/\.jsonl?$/, '');
  let version = 1;
  let messages: Message[] = [];
  const notes: string[] = [];
  let turn: { blocks: Block[]; results: Block[] } | undefined;
  let mergeNext = false;

  return {
    add(rec: Rec) {
      if (rec.value === undefined) return;
      const { type, data } = rupuEnvelope(rec);
      const abandoned = data.abandoned === true;
      switch (type) {
        case 'run_start':
          if (typeof data.run_id === 'string') session = data.run_id;
          version = typeof data.schema === 'number' ? data.schema : 1;
          break;
        case 'seed': {
          const seeded = asMessages(data.messages);
          if (seeded) messages = seeded;
          else if (data.source_transcript !== undefined) {
            notes.push(
              `seed names transcript ${String(data.source_transcript)}: rebuild it first and prepend it`,
            );
          }
          break;
        }
        case 'user_message':
          messages.push({
            role: 'user',
            content: typeof data.content === 'string' ? data.content : '',
          });
          break;
        case 'injected':
          if (data.cadence === 'once' && typeof data.content === 'string') {
            messages.push({ role: 'user', content: data.content });
          }
          break;
        case 'turn_start':
          turn = { blocks: [], results: [] }; // an open turn before this one had no turn_end: dropped
          break;
        case 'thinking':
          if (turn && !abandoned && version >= 2) turn.blocks.push(reasoningBlock(data));
          break;
        case 'assistant_message':
          if (turn && !abandoned)
            turn.blocks.push({ type: 'text', text: String(data.content ?? '') });
          break;
        case 'tool_call':
          if (turn && !abandoned) {
            turn.blocks.push({
              type: 'tool_use',
              id: data.call_id,
              name: data.tool,
              input: data.input ?? {},
            });
          }
          break;
        case 'assistant_block': {
          const block = data.block ?? data.raw;
          if (turn && !abandoned && isRecord(block)) turn.blocks.push(block);
          break;
        }
        case 'tool_result':
          if (turn) {
            turn.results.push({
              type: 'tool_result',
              tool_use_id: data.call_id,
              content: data.output ?? '',
              ...(data.error !== undefined ? { is_error: true } : {}),
            });
          }
          break;
        case 'turn_end':
          if (turn && data.discarded !== true) {
            pushAssistant(messages, turn.blocks, mergeNext);
            if (turn.results.length > 0) messages.push({ role: 'user', content: turn.results });
            mergeNext = false;
          }
          turn = undefined;
          break;
        case 'recovery':
          if (data.merge_into_previous === true) mergeNext = true;
          break;
        case 'compaction': {
          const kept = asMessages(data.messages);
          if (kept) messages = kept;
          else if (typeof data.summary === 'string')
            messages = [{ role: 'user', content: data.summary }];
          break;
        }
        default:
          break; // deltas, usage, notices, audits, net_flow, unknown events: not in the conversation
      }
    },
    end() {
      return [{ session, source, format: 'rupu', messages, ...(notes.length ? { notes } : {}) }];
    },
  };
}
