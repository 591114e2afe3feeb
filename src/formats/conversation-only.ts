import type { Event, SessionEndEvent } from '../events/event.js';
import type { Encoder } from './adapter.js';

/** Events that are not part of a conversation: they make no run on their own. */
const OUTSIDE: ReadonlySet<Event['kind']> = new Set([
  'session_start',
  'session_end',
  'notice',
  'title',
]);

/** Events held per session before its first conversation event; past this the run begins. */
export const MAX_HELD_BEFORE_CONVERSATION = 1024;

/** A session end that says how a run ended (a status, a final text, totals) ends a run. */
function endsARun(ev: SessionEndEvent): boolean {
  return (
    ev.status !== undefined ||
    ev.text !== undefined ||
    ev.totalTokens !== undefined ||
    ev.durationMs !== undefined
  );
}

interface SessionState {
  begun: boolean;
  held: Event[];
}

/**
 * A writer of runs that skips sessions with no conversation in them, as the run-record writer
 * does: a session's `session_start`, notices and title are held until its first event of another
 * kind (a message, thinking, a tool call or result, usage, a compaction, an unknown record), then
 * written before it; a session that ends with none, and whose end says nothing of a run (no
 * status, final text or totals: a Claude Code file's leading `file-history-snapshot` entry, read
 * under the file's own name), is not written at all, so no run is invented from it. Sessions may interleave; each is tracked by its id.
 */
export function conversationOnly(inner: Encoder): Encoder {
  const sessions = new Map<string, SessionState>();
  const begin = (state: SessionState, out: unknown[]): void => {
    state.begun = true;
    for (const h of state.held) out.push(...inner.encode(h));
    state.held = [];
  };
  return {
    encode(ev) {
      let state = sessions.get(ev.session);
      if (!state) sessions.set(ev.session, (state = { begun: false, held: [] }));
      if (ev.kind === 'session_end') sessions.delete(ev.session);
      if (state.begun) return inner.encode(ev);
      if (ev.kind === 'session_end' && !endsARun(ev)) return []; // nothing of a run: none written
      const out: unknown[] = [];
      if (OUTSIDE.has(ev.kind) && ev.kind !== 'session_end') {
        state.held.push(ev);
        if (state.held.length >= MAX_HELD_BEFORE_CONVERSATION) begin(state, out);
        return out;
      }
      begin(state, out);
      out.push(...inner.encode(ev));
      return out;
    },
    end: () => inner.end(),
  };
}
