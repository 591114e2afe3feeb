import { BoundedMap } from '../../events/bounded-map.js';
import type { Event, UsageEvent } from '../../events/event.js';
import { isPlaceholderModel, projectOf, replyKey, usageOf } from './derived.js';
import { badOption } from '../../stream/errors.js';
import type { Encoder } from '../adapter.js';
import type { LineGuard } from './guard.js';
import { flockdeckGuard } from './redact-guard.js';
import {
  FIELD_LIMIT,
  LineOutput,
  MESSAGE_LIMIT,
  type Draft,
  type Env,
  type Fields,
} from './line-output.js';
import { before, parseTime, stamp, type FlockTime } from './time.js';

export interface FlockdeckEncodeOptions {
  /**
   * The agent id written on every line. By default the session's own (`session_start.agent`,
   * with Claude Code's `claude-code` written as Flockdeck's `claude`), else `claude`.
   */
  readonly agent?: string;
  /** Entries larger than this (bytes, as the reader measured them) give no line, as in Flockdeck. */
  readonly maxEntryBytes?: number;
  /**
   * Redaction and clipping applied to every line: by default the redact and clip modules
   * (redact-guard.ts); `passGuard` for input that was redacted and clipped before.
   */
  readonly guard?: LineGuard;
  /** The size cap of one transcript in bytes (Flockdeck: 16 MiB). */
  readonly maxBytes?: number;
  /** Bound on lines held while a reply's usage or the project is not known yet. */
  readonly maxHeldLines?: number;
  /** Bound on call ids remembered (tool names, secret-file calls). */
  readonly maxCalls?: number;
}

export const flockdeckEncodeDefaults = Object.freeze({
  maxEntryBytes: 8 * 1024 * 1024,
  maxBytes: 16 * 1024 * 1024,
  maxHeldLines: 10_000,
  maxCalls: 100_000,
});

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
  let project: string | undefined;
  let projectKnown = false;
  let lastTime: FlockTime | undefined;
  let lastEnv: Env = {};
  let lastTitle: string | undefined;
  let held: Draft[] = [];
  let reply: Reply | undefined;
  let replyOpen = false;
  let pendingUsage: UsageEvent | undefined;
  const callNames = new BoundedMap<string, string>(o.maxCalls);
  const secretCalls = new BoundedMap<string, true>(o.maxCalls);

  const reset = (): void => {
    conversation = agent = name = project = lastTime = lastTitle = reply = pendingUsage = undefined;
    projectKnown = replyOpen = false;
    lines.reset();
    lastEnv = {};
    held = [];
    callNames.clear();
    secretCalls.clear();
  };

  const lines = new LineOutput(guard, o.maxBytes);
  const put = lines.put.bind(lines);
  const finalize = (d: Draft, out: unknown[]): void => {
    const id = {
      name: name!,
      project,
      agent: o.agent ?? agent ?? 'claude',
      conversation: conversation!,
    };
    lines.write(d, id, out);
  };

  const flush = (out: unknown[], force = false): void => {
    if (force || held.length > o.maxHeldLines) {
      projectKnown = true;
      replyOpen = false;
    }
    if (!projectKnown || replyOpen) return;
    for (const d of held) finalize(d, out);
    held = [];
  };

  const add = (d: Draft, out: unknown[]): void => {
    held.push(d);
    flush(out);
  };

  /** The time a line of this event gets (the monotonic rule), or undefined: no line. */
  const timeOf = (e: Event): FlockTime | undefined => {
    const t = parseTime(e.time);
    if (t && (!lastTime || !before(t, lastTime))) return t;
    return lastTime;
  };

  /** Makes an entry's line: time rule, envelope, `recording_started` before the first. */
  const line = (e: Event, fields: Fields, out: unknown[]): Draft | undefined => {
    const time = timeOf(e);
    if (!time) return undefined; // the first entry with no usable time is skipped
    const env: Env = { gitBranch: e.gitBranch, cwd: e.cwd, agentVersion: e.agentVersion };
    if (!name) {
      name = `${stamp(time)}-${conversation!.slice(0, 8)}`;
      add(
        { time, env, fields: { type: 'recording_started', text: 'start of the transcript' } },
        out,
      );
    }
    lastTime = time;
    lastEnv = env;
    const d: Draft = { time, env, fields, carried: e.meta };
    add(d, out);
    return d;
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
    if (first && pendingUsage && replyKey(pendingUsage) === key) {
      const usage = usageOf(pendingUsage.tokens);
      if (usage) fields.usage = usage;
      usageSet = true;
      if (nonEmpty(pendingUsage.stopReason)) {
        fields.stopReason = pendingUsage.stopReason;
        stopSet = true;
      }
    }
    if (first) pendingUsage = undefined;
    const stop = (e as { stopReason?: string }).stopReason;
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
    }
  };

  const usage = (u: UsageEvent, out: unknown[]): void => {
    const key = replyKey(u);
    if (reply && reply.key === key && !reply.usageSet) {
      const usage = usageOf(u.tokens);
      if (usage) reply.first.fields.usage = usage;
      reply.usageSet = true;
      if (!reply.stopSet && nonEmpty(u.stopReason)) {
        reply.first.fields.stopReason = u.stopReason;
        reply.stopSet = true;
      }
      endReply(out);
    } else if (!reply || reply.key !== key) {
      pendingUsage = u;
    }
  };

  const finish = (out: unknown[]): void => {
    if (conversation !== undefined && name && lastTime) {
      endReply(out);
      held.push({
        time: lastTime,
        env: lastEnv,
        fields: { type: 'recording_stopped', text: 'end of the transcript' },
      });
    }
    flush(out, true);
    reset();
  };

  const encode = (e: Event): unknown[] => {
    const out: unknown[] = [];
    if (e.sidechain) return out;
    if (conversation !== undefined && e.session !== conversation) finish(out);
    conversation ??= e.session;
    if (lines.truncated) return out;
    if (e.kind === 'session_start' && nonEmpty(e.agent)) {
      agent = e.agent === 'claude-code' ? 'claude' : e.agent;
    }
    const entryBytes = e.meta?.entryBytes;
    if (typeof entryBytes === 'number' && entryBytes > o.maxEntryBytes) return out; // stepped over
    if (!projectKnown && e.kind === 'session_start' && nonEmpty(e.project)) {
      project = e.project;
      projectKnown = true;
    }
    if (!projectKnown && nonEmpty(e.cwd)) {
      project = projectOf(e.cwd);
      projectKnown = true;
      flush(out);
    }
    switch (e.kind) {
      case 'user_message': {
        if ((e.role ?? 'prompt') !== 'prompt' || e.text === '') break;
        endReply(out);
        const f: Fields = { type: 'user_prompt' };
        put(f, 'text', e.text, MESSAGE_LIMIT);
        line(e, f, out);
        break;
      }
      case 'assistant_message': {
        if (e.text === '') break;
        const f: Fields = { type: 'assistant_message' };
        if (!isPlaceholderModel(e.model)) f.model = e.model;
        put(f, 'text', e.text, MESSAGE_LIMIT);
        replyLine(e, f, out);
        break;
      }
      case 'tool_call': {
        const f: Fields = { type: 'tool_call' };
        if (!isPlaceholderModel(e.model)) f.model = e.model;
        f.tool = e.name;
        const secret = e.input !== undefined && guard.secretCall(e.name, e.input);
        if (e.callId) {
          f.toolUseId = e.callId;
          callNames.set(e.callId, e.name);
          if (secret) secretCalls.set(e.callId, true);
        }
        if (e.input !== undefined) {
          const g = guard.input(e.name, e.input, FIELD_LIMIT, secret);
          f.input = g.value;
          if (g.redacted) f.redacted = true;
          if (g.clippedFrom !== undefined) f.clipped = { input: g.clippedFrom };
        }
        replyLine(e, f, out);
        break;
      }
      case 'tool_result': {
        const f: Fields = { type: 'tool_result' };
        const tool = (e.callId && callNames.get(e.callId)) || undefined;
        if (tool) f.tool = tool;
        if (e.callId) f.toolUseId = e.callId;
        if (nonEmpty(e.output)) {
          if (e.callId && secretCalls.has(e.callId)) {
            f.output = guard.withheld;
            f.redacted = true;
          } else put(f, 'output', e.output, FIELD_LIMIT);
        }
        f.isError = e.isError === true;
        f.interrupted = e.isError === true && e.interrupted === true;
        line(e, f, out);
        break;
      }
      case 'compaction': {
        endReply(out);
        line(
          e,
          {
            type: 'conversation_compacted',
            trigger: nonEmpty(e.trigger) ? e.trigger : undefined,
            tokensBefore: e.tokensBefore,
            tokensAfter: e.tokensAfter,
          },
          out,
        );
        break;
      }
      case 'title': {
        if (!lastTime || e.title === '' || e.title === lastTitle) break;
        lastTitle = e.title;
        const f: Fields = { type: 'conversation_title' };
        put(f, 'title', e.title, FIELD_LIMIT);
        add({ time: lastTime, env: lastEnv, fields: f, carried: e.meta }, out);
        break;
      }
      case 'usage':
        if (e.purpose === undefined) usage(e, out); // a run's total is not a reply's

        break;
      case 'session_end':
        finish(out);
        break;
      default:
        break;
    }
    return out;
  };

  return {
    encode,
    end(): unknown[] {
      const out: unknown[] = [];
      finish(out);
      return out;
    },
  };
}
