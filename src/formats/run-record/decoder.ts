import { EVENT_VERSION, type Event } from '../../events/event.js';
import type { Rec } from '../../stream/rec.js';
import { isRecord, type Decoder } from '../adapter.js';

/**
 * A Portable Run Record -> canonical events, so run records can be read back (and so the
 * reader x writer matrix can check what a record keeps). A record holds no timestamps and no
 * per-reply usage: its totals come back on the `session_end`. With a `conversation`, its events
 * give the order; without one: prompt, tool calls with their results, final message.
 */
export function runRecordDecoder(): Decoder {
  return {
    decode(rec: Rec) {
      const r = rec.value;
      if (!isRecord(r)) return [];
      const session = typeof r.eval_id === 'string' ? r.eval_id : 'run';
      const base = {
        v: EVENT_VERSION,
        session,
        origin: { format: 'run-record', source: rec.source, line: rec.line },
      } as const;
      const out: Event[] = [
        {
          ...base,
          kind: 'session_start',
          meta: {
            runRecord: {
              condition: r.condition,
              skill_path: r.skill_path,
              files: r.files,
              ...(r.run_index !== undefined ? { run_index: r.run_index } : {}),
            },
          },
        },
      ];
      let n = 0;
      const tool = (t: Record<string, unknown>): void => {
        const callId = `call_${n++}`;
        const name = typeof t.name === 'string' ? t.name : '';
        out.push({ ...base, kind: 'tool_call', callId, name, input: t.args ?? null });
        if (t.result !== undefined && t.result !== null) {
          out.push({ ...base, kind: 'tool_result', callId, name, output: t.result });
        }
      };
      const conv =
        isRecord(r.conversation) && Array.isArray(r.conversation.events)
          ? r.conversation.events
          : undefined;
      if (conv) {
        for (const e of conv) {
          if (!isRecord(e)) continue;
          if (e.type === 'user_message')
            out.push({ ...base, kind: 'user_message', text: String(e.text ?? ''), role: 'prompt' });
          else if (e.type === 'assistant_message')
            out.push({ ...base, kind: 'assistant_message', text: String(e.text ?? '') });
          else if (e.type === 'tool_invocation') tool(e);
        }
      } else {
        if (typeof r.prompt === 'string' && r.prompt !== '') {
          out.push({ ...base, kind: 'user_message', text: r.prompt, role: 'prompt' });
        }
        for (const t of Array.isArray(r.tool_invocations) ? r.tool_invocations : [])
          if (isRecord(t)) tool(t);
        if (typeof r.final_message === 'string' && r.final_message !== '') {
          out.push({ ...base, kind: 'assistant_message', text: r.final_message });
        }
      }
      out.push({
        ...base,
        kind: 'session_end',
        ...(typeof r.total_tokens === 'number' ? { totalTokens: r.total_tokens } : {}),
        ...(typeof r.duration_ms === 'number' ? { durationMs: r.duration_ms } : {}),
      });
      return out;
    },
    end: () => [],
  };
}
