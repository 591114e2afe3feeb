import { anthropicTokens, totalTokens } from '../../usage/tokens.js';
import { isObj, NONE, str, type UsageEntry, type UsageExtractor } from '../../usage/extractor.js';
import type { UsageDedup } from '../../usage/usage-dedup.js';
import { stripUsage, usageSite } from './usage-site.js';

/**
 * The session a Claude Code file belongs to, from its path as ccusage reads it:
 * `<dir>/<id>.jsonl` is session `<id>`; `<dir>/<id>/subagents/agent-x.jsonl` belongs to `<id>`.
 * Standard input has no path: the entry's own `sessionId` is used then.
 */
export function claudeSessionOf(source: string): string | undefined {
  if (source === '-') return undefined;
  const parts = source.split(/[\\/]/);
  const sub = parts.lastIndexOf('subagents');
  if (sub > 0) return parts[sub - 1];
  return parts.at(-1)?.replace(/\.(jsonl|ndjson)(\.gz)?$/, '');
}

/**
 * The dedup key of a Claude Code entry: `message.id` and `requestId` together (what every entry
 * of one reply repeats), `message.id` alone when there is no `requestId`, none without an id.
 */
export function claudeKey(
  message: Readonly<Record<string, unknown>>,
  requestId: unknown,
): string | undefined {
  const id = str(message.id);
  if (id === undefined) return undefined;
  const req = str(requestId);
  return req === undefined ? id : `${id}:${req}`;
}

/** The usage entry of one Claude Code value (an `assistant` entry with `message.usage`), if any. */
export function claudeEntry(
  v: unknown,
  session: string | undefined,
  keyOf = claudeKey,
): UsageEntry | undefined {
  if (!isObj(v) || v.type !== 'assistant' || !isObj(v.message)) return undefined;
  const m = v.message;
  if (!isObj(m.usage)) return undefined;
  const e: UsageEntry = {
    key: keyOf(m, v.requestId),
    session: session ?? str(v.sessionId) ?? 'unknown',
    model: str(m.model) ?? 'unknown',
    time: str(v.timestamp),
    tokens: anthropicTokens(m.usage),
  };
  return str(m.stop_reason) === undefined ? e : { ...e, stopped: true };
}

/** The subagent reply inside a `progress` line of type `agent_progress`, if it has usage. */
function progressEntry(
  v: Record<string, unknown>,
  session: string | undefined,
): UsageEntry | undefined {
  if (!isObj(v.data) || v.data.type !== 'agent_progress') return undefined;
  const e = claudeEntry(v.data.message, session ?? str(v.sessionId));
  return e && e.key !== undefined ? { ...e, copy: true } : undefined;
}

/** Claude Code repeats a reply's usage on each of its entries: how `dedup-usage` keeps one. */
const claudeDedup: UsageDedup = {
  site: usageSite,
  key: (v) => claudeKey(v.message as Record<string, unknown>, v.requestId),
  report(v) {
    const m = v.message as { usage: unknown; stop_reason?: unknown };
    const t = isObj(m.usage) ? anthropicTokens(m.usage) : undefined;
    return {
      time: str(v.timestamp),
      ...(str(m.stop_reason) !== undefined ? { stopped: true } : {}),
      output: t?.output ?? 0,
      total: t ? totalTokens(t) : 0,
    };
  },
  strip: stripUsage,
};

/**
 * Claude Code session files: the usage of `assistant` entries, keyed by reply. `progress` lines
 * (`agent_progress`) carry copies of a subagent's replies that its `subagents/*.jsonl` file holds
 * too: they are read as copies, counted only for replies no subagent file gives (see
 * docs/usage-evidence.md).
 */
export const claudeCodeUsage: UsageExtractor = {
  format: 'claude-code',
  needles: ['usage"'],
  resumable: true,
  reader(source) {
    const session = claudeSessionOf(source);
    return (v) => {
      if (!isObj(v)) return NONE;
      const e = v.type === 'progress' ? progressEntry(v, session) : claudeEntry(v, session);
      return e ? [e] : NONE;
    };
  },
  dedup: claudeDedup,
};
