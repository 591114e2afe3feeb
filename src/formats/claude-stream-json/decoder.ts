import { BoundedMap } from '../../events/bounded-map.js';
import { EVENT_VERSION, type Event } from '../../events/event.js';
import type { Rec } from '../../stream/rec.js';
import { isRecord, type Decoder } from '../adapter.js';
import {
  assistantBlocks,
  userBlocks,
  type Base,
  type BlockState,
} from '../claude-code/content-blocks.js';
import { ReplyTracker, tokenCounts, type ReplyUsage } from '../claude-code/reply-usage.js';
import { sessionOfSource } from '../claude-code/subagent-link.js';

export interface StreamJsonDecodeOptions {
  readonly source?: string;
  readonly replyUsage?: ReplyUsage;
  readonly maxCalls?: number;
}

const FORMAT = 'claude-stream-json';
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * `claude -p --output-format stream-json` -> events (docs/formats/claude-stream-json.md). Messages
 * are read with the Claude Code reader's content rules; `system` `init` starts the session, the
 * `result` record gives the run's total usage (`purpose: "session"`) and ends it.
 */
export function streamJsonDecoder(options: StreamJsonDecodeOptions = {}): Decoder {
  const source = options.source ?? '-';
  const tracker = new ReplyTracker(options.replyUsage ?? 'last');
  const state: BlockState = {
    callNames: new BoundedMap(options.maxCalls ?? 100_000),
    callChildren: new BoundedMap(options.maxCalls ?? 100_000),
  };
  let session: string | undefined;
  let started = false;
  let ended = false;
  let line = 0;
  let model: string | undefined;
  let cwd: string | undefined;

  const baseOf = (r: Record<string, unknown>, at: number): Base => {
    const m = isRecord(r.message) ? r.message : {};
    const b: Record<string, unknown> = {
      v: EVENT_VERSION,
      session: session!,
      origin: { format: FORMAT, source, line: at },
    };
    if (str(m.id)) b.messageId = m.id;
    const mm = str(m.model) ?? model;
    if (mm && r.type === 'assistant') b.model = mm;
    if (cwd) b.cwd = cwd;
    if (str(r.parent_tool_use_id)) {
      b.sidechain = true;
      b.meta = { parentToolUseId: r.parent_tool_use_id };
    }
    return b as unknown as Base;
  };

  return {
    decode(rec: Rec): readonly Event[] {
      if (rec.invalid) return [];
      line = rec.line;
      const r = isRecord(rec.value) ? rec.value : { value: rec.value };
      const out: Event[] = [];
      if (!started) {
        started = true;
        session = str(r.session_id) ?? sessionOfSource(source) ?? '-';
        if (r.type === 'system' && r.subtype === 'init') {
          model = str(r.model);
          cwd = str(r.cwd);
        }
        out.push({
          ...baseOf(r, rec.line),
          kind: 'session_start',
          agent: 'claude-code',
          ...(model ? { model } : {}),
        });
        if (r.type === 'system' && r.subtype === 'init') return out;
      }
      const base = baseOf(r, rec.line);
      const message = isRecord(r.message) ? r.message : undefined;
      if (r.type === 'assistant' && message) {
        out.push(...tracker.entry(base, message, assistantBlocks(message.content, base, state)));
      } else if (r.type === 'user' && message) {
        const events = userBlocks(message.content, base, r, state);
        if (events.some((e) => e.kind === 'user_message' && e.role === 'prompt')) {
          out.push(...tracker.close());
        }
        out.push(...events);
      } else if (r.type === 'result') {
        out.push(...tracker.close());
        const tokens = tokenCounts(r.usage);
        if (tokens) out.push({ ...base, kind: 'usage', tokens, purpose: 'session' });
        const total = tokens
          ? (tokens.input ?? 0) +
            (tokens.output ?? 0) +
            (tokens.cacheWrite ?? 0) +
            (tokens.cacheRead ?? 0)
          : undefined;
        ended = true;
        out.push({
          ...base,
          kind: 'session_end',
          status:
            r.is_error === true || (str(r.subtype) ?? 'success') !== 'success' ? 'error' : 'ok',
          ...(typeof r.duration_ms === 'number' ? { durationMs: r.duration_ms } : {}),
          ...(total !== undefined ? { totalTokens: total } : {}),
          ...(typeof r.result === 'string' ? { text: r.result } : {}),
          meta: { subtype: r.subtype, numTurns: r.num_turns, totalCostUsd: r.total_cost_usd },
        });
      } else if (r.type === 'system') {
        out.push({ ...base, kind: 'notice', subtype: str(r.subtype) ?? 'system', text: '' });
      } else if (r.type === 'stream_event') {
        const ev = isRecord(r.event) ? str(r.event.type) : undefined;
        out.push({ ...base, kind: 'notice', subtype: 'stream_event', text: ev ?? '' });
      } else out.push({ ...base, kind: 'unknown', record: rec.value });
      return out;
    },
    end(): readonly Event[] {
      const out = tracker.close();
      if (started && !ended) {
        out.push({
          v: EVENT_VERSION,
          kind: 'session_end',
          session: session!,
          origin: { format: FORMAT, source, line },
          status: 'aborted',
        });
      }
      return out;
    },
  };
}
