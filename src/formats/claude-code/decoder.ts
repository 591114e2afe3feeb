import { BoundedMap } from '../../events/bounded-map.js';
import { EVENT_VERSION, type Event } from '../../events/event.js';
import { badOption } from '../../stream/errors.js';
import type { Rec } from '../../stream/rec.js';
import { mistypedField } from './entry-shape.js';
import { isRecord, type Decoder } from '../adapter.js';
import { assistantBlocks, userBlocks, type Base, type BlockState } from './content-blocks.js';
import { entryTypes } from './entry-types.js';
import { eventOf } from './event-of.js';
import { ReplyTracker, type ReplyUsage } from './reply-usage.js';
import { sessionOfSource, subagentOf } from './subagent-link.js';

export interface ClaudeCodeDecodeOptions {
  /** The input's name (a path or `-`); a file's name is the session id. */
  readonly source?: string;
  /** Which entry of a reply gives its usage: `last` (final counts, default) or `first` (Flockdeck). */
  readonly replyUsage?: ReplyUsage;
  /** For a subagent file: the parent's call that started it (convert finds it). */
  readonly parentCallId?: string;
  /** Bound on call ids remembered (tool names, subagent links). */
  readonly maxCalls?: number;
  /** The format id written in `origin` (claude-stream-json reuses this reader's pieces). */
  readonly format?: string;
}

export const claudeCodeDecodeDefaults = Object.freeze({
  replyUsage: 'last' as ReplyUsage,
  maxCalls: 100_000,
});

/** Characters past which an entry can be over 8 MiB of UTF-8 (at most 4 bytes a character). */
const BIG_ENTRY_CHARS = 2 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The fields every event of an entry shares. */
export function entryBase(
  e: Record<string, unknown>,
  session: string,
  origin: Base['origin'],
): Base {
  const m = isRecord(e.message) ? e.message : undefined;
  // Straight-line (no closure per entry), in the order the keys are written.
  const b: Record<string, unknown> = { v: EVENT_VERSION, session, origin };
  let v = str(e.timestamp);
  if (v !== undefined) b.time = v;
  if ((v = str(e.uuid)) !== undefined) b.id = v;
  if ((v = str(e.parentUuid)) !== undefined) b.parentId = v;
  if (m !== undefined && (v = str(m.id)) !== undefined) b.messageId = v;
  if ((v = str(e.requestId)) !== undefined) b.requestId = v;
  if (m !== undefined && (v = str(m.model)) !== undefined) b.model = v;
  if (e.isSidechain === true) b.sidechain = true;
  if ((v = str(e.agentId)) !== undefined) b.agentId = v;
  if ((v = str(e.cwd)) !== undefined) b.cwd = v;
  if ((v = str(e.gitBranch)) !== undefined) b.gitBranch = v;
  if ((v = str(e.version)) !== undefined) b.agentVersion = v;
  return b as unknown as Base;
}

/**
 * Claude Code session entries -> canonical events (docs/formats/claude-code.md). One decoder
 * reads one input: a `session_start` before each session's first event, a `session_end` after
 * its last.
 */
export function claudeCodeDecoder(options: ClaudeCodeDecodeOptions = {}): Decoder {
  const replyUsage = options.replyUsage ?? claudeCodeDecodeDefaults.replyUsage;
  if (replyUsage !== 'last' && replyUsage !== 'first') {
    badOption(`replyUsage must be last or first, not ${String(replyUsage)}`);
  }
  const maxCalls = options.maxCalls ?? claudeCodeDecodeDefaults.maxCalls;
  const format = options.format ?? 'claude-code';
  const source = options.source ?? '-';
  const place = subagentOf(source);
  const tracker = new ReplyTracker(replyUsage);
  const state: BlockState = {
    callNames: new BoundedMap(maxCalls),
    callChildren: new BoundedMap(maxCalls),
  };
  const stem = sessionOfSource(source);
  // A file Claude Code named (`<uuid>.jsonl`, a subagent's `agent-<id>.jsonl`) is one session,
  // named by the file; any other input (a concatenation, standard input) follows `sessionId`.
  const fixed = stem && (place || UUID.test(stem)) ? stem : undefined;
  let session: string | undefined;
  let started = false;
  let lastTime: string | undefined;
  let lastLine = 0;

  const start = (e: Record<string, unknown>, line: number, id: string): Event[] => {
    started = true;
    session = id;
    lastTime = undefined;
    const agentId = place?.agentId ?? str(e.agentId);
    return [
      {
        v: EVENT_VERSION,
        kind: 'session_start',
        session,
        origin: { format, source, line },
        ...(str(e.timestamp) ? { time: str(e.timestamp) } : {}),
        agent: 'claude-code',
        ...(place ? { parentSession: place.parentSession, sidechain: true } : {}),
        ...(options.parentCallId ? { parentCallId: options.parentCallId } : {}),
        ...(agentId ? { agentId } : {}),
      },
    ];
  };
  const stop = (): Event[] => {
    const out = tracker.close();
    if (!started) return out;
    started = false;
    out.push({
      v: EVENT_VERSION,
      kind: 'session_end',
      session: session!,
      origin: { format, source, line: lastLine },
      ...(lastTime ? { time: lastTime } : {}),
      ...(place ? { sidechain: true } : {}),
    });
    return out;
  };

  return {
    decode(rec: Rec): readonly Event[] {
      if (rec.invalid) return [];
      const e = isRecord(rec.value) ? rec.value : { value: rec.value };
      const id = fixed ?? str(e.sessionId) ?? session ?? stem ?? '-';
      const out: Event[] = started && id === session ? [] : [...stop(), ...start(e, rec.line, id)];
      lastLine = rec.line;
      let base = entryBase(e, session!, { format, source, line: rec.line });
      // A very large entry (a pasted screenshot) is marked with its size: Flockdeck steps over
      // entries over 8 MiB, and its writer must know. Measured only when it could be that large.
      if (rec.raw.length > BIG_ENTRY_CHARS) {
        base = { ...base, meta: { entryBytes: Buffer.byteLength(rec.raw) } };
      }
      // A field of another type than Claude Code writes: a typed reader (Flockdeck's) skips it.
      const mistyped = mistypedField(e);
      if (mistyped !== undefined) base = { ...base, meta: { ...base.meta, mistyped } };
      if (base.time) lastTime = base.time;
      const type = typeof e.type === 'string' ? e.type : undefined;
      const message = isRecord(e.message) ? e.message : undefined;
      if (type === 'assistant' && message) {
        out.push(...tracker.entry(base, message, assistantBlocks(message.content, base, state)));
        return out;
      }
      if (type === 'user' && message) {
        const events = userBlocks(message.content, base, e, state);
        if (events.some((ev) => ev.kind === 'user_message' && ev.role === 'prompt')) {
          out.push(...tracker.close());
        }
        out.push(...events);
        return out;
      }
      const handler = type !== undefined ? entryTypes.get(type) : undefined;
      if (handler) {
        const events = handler(e, base, state);
        if (events.some((ev) => ev.kind === 'compaction')) out.push(...tracker.close());
        out.push(...events);
        return out;
      }
      out.push(eventOf(base, { kind: 'unknown', record: rec.value }));
      return out;
    },
    end(): readonly Event[] {
      return stop();
    },
  };
}
