import type { Event } from '../../events/event.js';
import { isRecord } from '../adapter.js';
import type { Base, BlockState } from './content-blocks.js';
import { eventOf } from './event-of.js';

type Entry = Record<string, unknown>;
/** Makes the events of one entry type that carries no conversation message. */
type Handler = (entry: Entry, base: Base, state: BlockState) => Event[];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** A token count: a positive number, its fraction dropped (Go's int conversion, which Flockdeck's reader makes). */
const count = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 1 ? Math.trunc(v) : undefined;
const level = (v: unknown): 'info' | 'warning' | 'error' | undefined =>
  v === 'info' || v === 'warning' || v === 'error' ? v : undefined;

/** A notice for bookkeeping entries: the entry type as subtype, a short text, a few facts. */
function note(base: Base, subtype: string, text: string, meta?: Record<string, unknown>): Event[] {
  return [
    eventOf(
      base,
      meta ? { kind: 'notice', subtype, text, meta } : { kind: 'notice', subtype, text },
    ),
  ];
}

function system(entry: Entry, base: Base): Event[] {
  const subtype = str(entry.subtype) ?? 'system';
  if (subtype === 'compact_boundary') {
    const m = isRecord(entry.compactMetadata) ? entry.compactMetadata : {};
    const before = count(m.preTokens);
    const after = count(m.postTokens);
    return [
      eventOf(base, {
        kind: 'compaction',
        ...(str(m.trigger) ? { trigger: str(m.trigger) } : {}),
        ...(before !== undefined ? { tokensBefore: before } : {}),
        ...(after !== undefined ? { tokensAfter: after } : {}),
      }),
    ];
  }
  const lv = level(entry.level);
  return [
    eventOf(base, {
      kind: 'notice',
      subtype,
      text: str(entry.content) ?? '',
      ...(lv ? { level: lv } : {}),
    }),
  ];
}

/**
 * `progress` entries: hook, bash and subagent progress. An `agent_progress` entry links a
 * subagent (`data.agentId`) to the call that started it (`parentToolUseID`); the reader keeps that
 * link for the call's result. The subagent's messages it repeats are not made events again (they
 * are in the subagent's own file; reading both would count its usage twice, DESIGN §5).
 */
function progress(entry: Entry, base: Base, state: BlockState): Event[] {
  const data = isRecord(entry.data) ? entry.data : {};
  const type = str(data.type) ?? 'progress';
  const agentId = str(data.agentId);
  const parent = str(entry.parentToolUseID);
  if (type === 'agent_progress' && agentId && parent) {
    state.callChildren.set(parent, `agent-${agentId}`);
  }
  const meta = {
    progress: type,
    agentId,
    parentToolUseID: parent,
    toolUseID: str(entry.toolUseID),
    hookName: str(data.hookName),
  }; // one shape for every progress entry; an absent id is undefined, which JSON leaves out
  return [eventOf(base, { kind: 'notice', subtype: 'progress', text: type, meta })];
}

/**
 * Every entry type besides `user` and `assistant` that Claude Code writes, seen in real sessions
 * (see docs/formats/claude-code.md). A type not here becomes an `unknown` event with the record.
 */
export const entryTypes: ReadonlyMap<string, Handler> = new Map<string, Handler>([
  ['system', system],
  ['progress', progress],
  [
    'ai-title',
    (e, base) => (str(e.aiTitle) ? [eventOf(base, { kind: 'title', title: str(e.aiTitle)! })] : []),
  ],
  [
    'custom-title',
    (e, base) =>
      str(e.customTitle)
        ? [eventOf(base, { kind: 'title', title: str(e.customTitle)!, meta: { custom: true } })]
        : [],
  ],
  ['summary', (e, base) => note(base, 'summary', str(e.summary) ?? '', { leafUuid: e.leafUuid })],
  [
    'file-history-snapshot',
    (e, base) =>
      note(base, 'file-history-snapshot', 'file history snapshot', {
        messageId: e.messageId,
        isSnapshotUpdate: e.isSnapshotUpdate,
      }),
  ],
  [
    'queue-operation',
    (e, base) =>
      note(base, 'queue-operation', [str(e.operation), str(e.content)].filter(Boolean).join(': ')),
  ],
  ['mode', (e, base) => note(base, 'mode', str(e.mode) ?? '')],
  [
    'permission-mode',
    (e, base) => note(base, 'permission-mode', str(e.permissionMode ?? e.mode) ?? ''),
  ],
  ['last-prompt', (e, base) => note(base, 'last-prompt', str(e.lastPrompt) ?? '')],
  [
    'attachment',
    (e, base) => {
      const a = isRecord(e.attachment) ? e.attachment : {};
      return note(base, 'attachment', str(a.type) ?? 'attachment', { attachment: a });
    },
  ],
]);
