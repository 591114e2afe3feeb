import type { Event, UsageEvent } from '../../events/event.js';
import { isPlaceholderModel, replyKey, shortConversation, usageOf } from './derived.js';
import { ProjectFinder } from './project.js';
import { badOption } from '../../stream/errors.js';
import { UnwritableSession } from '../../events/unwritable-session.js';
import { assistantParts, compactionFields, goTrim, promptOf } from './entry-rules.js';
import { ToolLines } from './tool-lines.js';
import type { Encoder } from '../adapter.js';
import { flockdeckEncodeDefaults, type FlockdeckEncodeOptions } from './encode-options.js';
import { decodeUtf8Go } from './go-utf8.js';
import { flockdeckGuard } from './redact-guard.js';
import {
  FIELD_LIMIT,
  LineOutput,
  MESSAGE_LIMIT,
  type Draft,
  type Env,
  type Fields,
} from './line-output.js';
import { entryTime, parseTime, stamp, type FlockTime } from './time.js';

export { flockdeckEncodeDefaults, type FlockdeckEncodeOptions } from './encode-options.js';

interface Reply {
  readonly key: string;
  readonly first: Draft;
  usageSet: boolean;
  stopSet: boolean;
}

const nonEmpty = (s: unknown): s is string => typeof s === 'string' && s !== '';

/**
 * Canonical events -> Flockdeck v2 lines, following shared/specs/flockdeck-recording-format.md
 * (docs/formats/flockdeck.md says how each rule is met). One transcript per session; a subagent's
 * events (sidechain) are left out, as Flockdeck leaves them out.
 */
export function flockdeckEncoder(options: FlockdeckEncodeOptions = {}): Encoder {
  const o = { ...flockdeckEncodeDefaults, ...options };
  for (const k of ['maxBytes', 'maxHeldLines', 'maxCalls', 'maxEntryBytes'] as const) {
    if (!Number.isInteger(o[k]) || o[k] < 1) badOption(`${k} must be a positive integer`);
  }
  const guard = options.guard ?? flockdeckGuard();

  let conversation: string | undefined;
  let agent: string | undefined;
  let name: string | undefined;
  const project = new ProjectFinder();
  let lastTime: FlockTime | undefined;
  let lastEnv: Env = {};
  let lastTitle: string | undefined;
  let held: Draft[] = [];
  let reply: Reply | undefined;
  let replyOpen = false;
  let pendingUsage: UsageEvent | undefined;
  /** Where the last entry read came from (a usage after it is of a later entry). */
  let lastRead: Event['origin'] | undefined;
  /** The events of the entry being read (they share `origin`), handled together. */
  let entry: Event[] = [];
  /**
   * The time a source gives its run (a non-Claude session's start), for events with none; kept
   * past the end of the session's transcript, for events of it that come after that.
   */
  let start: { session: string; time: FlockTime } | undefined;
  /** Whether the session had an event that would give a line (for the no-time refusal). */
  let wanted = false;

  const reset = (): void => {
    conversation = agent = name = lastTime = lastTitle = reply = pendingUsage = undefined;
    project.reset();
    lastRead = undefined;
    written = undefined;
    replyOpen = wanted = false;
    entry = [];
    lines.reset();
    lastEnv = {};
    held = [];
    tools.clear();
  };

  const lines = new LineOutput(guard, o.maxBytes);
  const put = lines.put.bind(lines);
  const tools = new ToolLines(guard, lines, o.maxCalls);
  const finalize = (d: Draft, out: unknown[]): void =>
    lines.write(
      d,
      {
        name: name!,
        project: project.project,
        agent: o.agent ?? agent ?? 'claude',
        conversation: conversation!,
      },
      out,
    );

  const flush = (out: unknown[], force = false): void => {
    if (force || held.length > o.maxHeldLines) {
      project.settle();
      replyOpen = false;
    }
    if (!project.known || replyOpen) return;
    for (const d of held) finalize(d, out);
    held = [];
  };

  const add = (d: Draft, out: unknown[]): void => {
    held.push(d);
    flush(out);
  };

  /** Reads an entry: its time (time.ts, `entryTime`) and envelope become the previous entry's. */
  const read = (e: Event): FlockTime | undefined => {
    const fallback = start?.session === e.session ? start.time : undefined;
    const time = entryTime(parseTime(e.time), lastTime, fallback);
    if (!time) return undefined;
    lastTime = time;
    lastEnv = { gitBranch: e.gitBranch, cwd: e.cwd, agentVersion: e.agentVersion };
    return time;
  };

  /** The time and envelope of the last line written, which `recording_stopped` repeats. */
  let written: { time: FlockTime; env: Env } | undefined;

  /** Writes a line (through `held`), `recording_started` before the first. */
  type Write = (t: FlockTime, env: Env, f: Fields, carried: Event['meta'], out: unknown[]) => Draft;
  const write: Write = (time, env, fields, carried, out) => {
    if (!name) {
      name = `${stamp(time)}-${shortConversation(conversation!)}`;
      add(
        { time, env, fields: { type: 'recording_started', text: 'start of the transcript' } },
        out,
      );
    }
    const d: Draft = { time, env, fields, carried };
    written = { time, env };
    add(d, out);
    return d;
  };

  /** Makes an entry's line at the entry's time; none before the first usable time. */
  const line = (e: Event, fields: Fields, out: unknown[]): Draft | undefined => {
    wanted = true;
    if (!lastTime) return undefined;
    const env: Env = { gitBranch: e.gitBranch, cwd: e.cwd, agentVersion: e.agentVersion };
    return write(lastTime, env, fields, e.meta, out);
  };

  const endReply = (out: unknown[]): void => {
    reply = undefined;
    if (replyOpen) {
      replyOpen = false;
      flush(out);
    }
  };

  /** An assistant_message or tool_call line: the reply's usage and stop reason go on its first. */
  const replyLine = (e: Event, fields: Fields, out: unknown[]): void => {
    const key = replyKey(e);
    if (reply && reply.key !== key) endReply(out);
    const first = !reply;
    let usageSet = reply?.usageSet ?? false;
    let stopSet = reply?.stopSet ?? false;
    // The usage of the entry this line is of: the reply's first, or (the first gave none) a later.
    const applied = !usageSet && pendingUsage !== undefined && replyKey(pendingUsage) === key;
    if (applied) {
      const usage = usageOf(pendingUsage!.tokens);
      if (usage) fields.usage = usage;
      usageSet = true;
      const pendingStop = goTrim(pendingUsage!.stopReason ?? '');
      if (!stopSet && nonEmpty(pendingStop)) {
        fields.stopReason = pendingStop;
        stopSet = true;
      }
    }
    if (first || applied) pendingUsage = undefined;
    const stop = goTrim((e as { stopReason?: string }).stopReason ?? '');
    if (!stopSet && nonEmpty(stop)) {
      fields.stopReason = stop;
      stopSet = true;
    }
    // A reply whose usage is not known yet holds its first line (and all after it) until it is.
    const wasOpen = replyOpen;
    if (first && !usageSet) replyOpen = true;
    const d = line(e, fields, out);
    if (!d) {
      replyOpen = wasOpen;
      flush(out);
      return;
    }
    if (first) reply = { key, first: d, usageSet, stopSet };
    else {
      reply!.usageSet = usageSet;
      reply!.stopSet = stopSet;
      if (applied) {
        // The usage the reply's lines were held for is placed: they can go.
        replyOpen = false;
        flush(out);
      }
    }
  };

  const usage = (u: UsageEvent, out: unknown[]): void => {
    const key = replyKey(u);
    // With `--reply-usage first` the Claude Code reader gives a usage just before the entry that
    // gave it: when that is a later entry of the reply (its first gave none), the usage goes on
    // that entry's line, as Flockdeck puts it.
    const ahead =
      u.origin.format.startsWith('claude') &&
      lastRead !== undefined &&
      u.origin.source === lastRead.source &&
      u.origin.line > lastRead.line;
    if (reply && reply.key === key && !reply.usageSet && ahead) {
      pendingUsage = u;
    } else if (reply && reply.key === key && !reply.usageSet) {
      const usage = usageOf(u.tokens);
      if (usage) reply.first.fields.usage = usage;
      reply.usageSet = true;
      const stop = goTrim(u.stopReason ?? '');
      if (!reply.stopSet && nonEmpty(stop)) {
        reply.first.fields.stopReason = stop;
        reply.stopSet = true;
      }
      endReply(out);
    } else if (!reply || reply.key !== key) {
      pendingUsage = u;
    }
  };

  const finish = (out: unknown[]): void => {
    readEntry(out);
    if (conversation !== undefined && wanted && !name) {
      const session = conversation;
      reset();
      throw new UnwritableSession(
        session,
        `flockdeck: session ${session} has no time on any event, and every Flockdeck line needs one; nothing was written for it`,
      );
    }
    if (conversation !== undefined && name && written) {
      endReply(out);
      held.push({
        time: written.time,
        env: written.env,
        fields: { type: 'recording_stopped', text: 'end of the transcript' },
      });
    }
    flush(out, true);
    reset();
  };

  const toolCall = (e: Extract<Event, { kind: 'tool_call' }>, out: unknown[]): void =>
    replyLine(e, tools.call(e), out);
  const toolResult = (e: Extract<Event, { kind: 'tool_result' }>, out: unknown[]): void =>
    void line(e, tools.result(e), out);

  /** Handles the entry read so far: its time, then the lines Flockdeck makes of it. */
  const readEntry = (out: unknown[]): void => {
    if (entry.length === 0) return;
    const events = entry;
    entry = [];
    const first = events[0]!;
    lastRead = first.origin;
    if (!read(first)) {
      if (events.some((e) => e.kind !== 'thinking' && e.kind !== 'unknown')) wanted = true;
      return;
    }
    if (first.kind === 'compaction') {
      endReply(out);
      line(first, compactionFields(first), out);
      return;
    }
    if (events.some((e) => e.kind === 'user_message' || e.kind === 'tool_result')) {
      const prompt = promptOf(events);
      if (prompt !== undefined) {
        endReply(out);
        const f: Fields = { type: 'user_prompt' };
        put(f, 'text', prompt, MESSAGE_LIMIT);
        line(first, f, out);
        return;
      }
      for (const e of events) if (e.kind === 'tool_result') toolResult(e, out);
      return;
    }
    const model = goTrim(first.model ?? '');
    for (const part of assistantParts(events)) {
      if (part.kind === 'call') {
        toolCall(part.call, out);
        continue;
      }
      const f: Fields = { type: 'assistant_message' };
      if (!isPlaceholderModel(model)) f.model = model;
      put(f, 'text', part.text, MESSAGE_LIMIT);
      replyLine({ ...first, ...(part.stopReason ? { stopReason: part.stopReason } : {}) }, f, out);
    }
  };

  const encode = (e: Event): unknown[] => {
    const out: unknown[] = [];
    if (e.sidechain) return out;
    // A Claude Code entry's events share its line and are read together; another source's
    // record can hold a whole conversation, so each of its events is an entry of its own.
    const last = entry[entry.length - 1];
    if (
      last &&
      (last.origin.line !== e.origin.line ||
        last.origin.source !== e.origin.source ||
        !e.origin.format.startsWith('claude'))
    ) {
      readEntry(out);
    }
    if (conversation !== undefined && e.session !== conversation) finish(out);
    conversation ??= e.session;
    if (lines.truncated) return out;
    if (e.kind === 'session_start' && nonEmpty(e.agent)) {
      agent = e.agent === 'claude-code' ? 'claude' : e.agent;
    }
    const entryBytes = e.meta?.entryBytes;
    if (typeof entryBytes === 'number' && entryBytes > o.maxEntryBytes) return out; // stepped over
    // Flockdeck decodes an entry into a typed struct and steps over one that does not fit it.
    if (e.meta?.mistyped !== undefined) return out;
    if (project.see(e)) flush(out);
    switch (e.kind) {
      case 'user_message':
      case 'tool_result':
      case 'assistant_message':
      case 'thinking':
      case 'tool_call':
      case 'compaction':
        entry.push(e);
        break;
      case 'unknown':
        // A content block nobody knows is still part of its entry, which Flockdeck reads.
        if ((e.meta as { block?: unknown } | undefined)?.block) entry.push(e);
        break;
      case 'title': {
        readEntry(out);
        const title = goTrim(e.title);
        if ((e.meta as { custom?: unknown } | undefined)?.custom) break; // only ai-title
        if (!lastTime || title === '' || title === lastTitle) break;
        lastTitle = title;
        const f: Fields = { type: 'conversation_title' };
        put(f, 'title', title, FIELD_LIMIT);
        write(lastTime, lastEnv, f, e.meta, out);
        break;
      }
      case 'usage':
        readEntry(out);
        if (e.purpose === undefined) usage(e, out); // a run's total is not a reply's
        break;
      case 'session_start':
        readEntry(out);
        // Claude Code's entries each have a time; another source's start is a time its events,
        // which may have none of their own, are placed at.
        if (!e.origin.format.startsWith('claude')) {
          const time = parseTime(e.time);
          start = time ? { session: e.session, time } : undefined;
        }
        break;
      case 'session_end':
        finish(out);
        break;
      default:
        readEntry(out);
        break;
    }
    return out;
  };

  return {
    encode,
    // Flockdeck reads its input with Go: one U+FFFD per invalid byte, which its output then holds.
    readInvalidUtf8: (bytes: Buffer): unknown => JSON.parse(decodeUtf8Go(bytes)),
    end(): unknown[] {
      const out: unknown[] = [];
      finish(out);
      return out;
    },
  };
}
