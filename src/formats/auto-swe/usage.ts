import { claudeEntry } from '../claude-code/usage.js';
import { isObj, NONE, str, type UsageEntry, type UsageExtractor } from '../../usage/extractor.js';

/** auto-swe keys session-file usage by message id alone (the last report per message id). */
const byMessageId = (m: Readonly<Record<string, unknown>>): string | undefined => str(m.id);

/**
 * auto-swe transcripts: a `harness_session_file` record holds what a Claude Code turn added to its
 * session file (`lines`, each parsed). Its usage is that of the assistant lines, the last report
 * per message id, sidechain lines included (shared/specs/auto-swe-agent-transcripts.md, Normalized
 * view). Deltas of one session continue each other, so a reply cut across two deltas is one key.
 * The fields may sit on the record or under `data`. Other record kinds are not counted here.
 */
export const autoSweUsage: UsageExtractor = {
  format: 'auto-swe',
  needles: ['usage"'],
  reader() {
    return (v) => {
      if (!isObj(v) || v.kind !== 'harness_session_file') return NONE;
      const body = isObj(v.data) ? v.data : v;
      if (!Array.isArray(body.lines)) return NONE;
      const session = str(body.sessionId);
      const out: UsageEntry[] = [];
      for (const line of body.lines) {
        const e = claudeEntry(line, session, byMessageId);
        if (e) out.push(e.key === undefined ? e : { ...e, key: `${e.session}/${e.key}` });
      }
      return out;
    };
  },
};
