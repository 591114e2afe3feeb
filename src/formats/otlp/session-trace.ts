import type { Event, TokenCounts, ToolResultEvent } from '../../events/event.js';
import { isRecord } from '../../stream/is-record.js';
import { addTokens } from './usage-attributes.js';
import { unixNanos } from './unix-nanos.js';

/** One model call: a provider reply's events, and the input it answered. */
export interface ModelCall {
  /** The reply's id (`messageId`), else the line of its first event. */
  readonly key: string;
  readonly messageId?: string;
  model?: string;
  /** auto-swe's wire format (`meta.autoSwe.provider`), which names the provider. */
  wire?: string;
  /** The time of the input it answered (the last user or tool message before it), if known. */
  readonly askedAt?: bigint;
  /** Its own events' times: the first and the last. */
  first?: bigint;
  last?: bigint;
  /** The time of its usage event, used when it has no other. */
  usageAt?: bigint;
  tokens?: TokenCounts;
  hasUsage: boolean;
  readonly stopReasons: string[];
  /** The user and tool messages given since the call before it (content). */
  readonly inputs: readonly Event[];
  /** Its thinking, text and tool calls, in order (content). */
  readonly outputs: Event[];
}

/** One tool execution: a call and, when it came, its result. */
export interface ToolRun {
  readonly key: string;
  name?: string;
  callId?: string;
  /** How it failed, from its result: `tool_error` or `interrupted`. */
  failed?: 'tool_error' | 'interrupted';
  /** The call's input and the result's output, kept only for content. */
  readonly call?: { readonly input: unknown };
  result?: { readonly output: unknown };
  readonly start: bigint;
  end: bigint;
}

const USER_SIDE = new Set(['user_message', 'tool_result']);
const CALL_SIDE = new Set(['assistant_message', 'thinking', 'tool_call']);

/**
 * What a session's events say about its agent run, gathered in order: the run's bounds, its model
 * calls (a reply's events joined by their `messageId`; without one, the assistant events after
 * one input, and the usage event that follows them) and its tool runs (a call joined with its
 * result by `callId`). An event without a time takes the time of the one before it.
 */
export class SessionTrace {
  agent: string | undefined;
  parentSession: string | undefined;
  parentCallId: string | undefined;
  status: string | undefined;
  sessionTokens: TokenCounts | undefined;
  start: bigint | undefined;
  end: bigint | undefined;
  readonly calls: ModelCall[] = [];
  readonly tools: ToolRun[] = [];
  /** Every user prompt and assistant text, for the run's input and output (content). */
  readonly prompts: string[] = [];
  readonly answers: string[] = [];

  readonly #byMessage = new Map<string, ModelCall>();
  readonly #toolByCall = new Map<string, ToolRun>();
  #now: bigint | undefined;
  #open: ModelCall | undefined;
  #askedAt: bigint | undefined;
  #inputs: Event[] = [];

  /**
   * `content`: keep the texts, inputs and outputs the spans write with `--otlp-content`; without
   * it a session holds only ids, names, times and counts per call and tool run.
   */
  constructor(
    readonly session: string,
    readonly content = false,
  ) {}

  add(ev: Event): void {
    const t = unixNanos(ev.time);
    if (t !== undefined) {
      this.#now = t;
      if (this.start === undefined || t < this.start) this.start = t;
      if (this.end === undefined || t > this.end) this.end = t;
    }
    const at = this.#now;
    switch (ev.kind) {
      case 'session_start':
        this.agent ??= ev.agent;
        this.parentSession ??= ev.parentSession;
        this.parentCallId ??= ev.parentCallId;
        return;
      case 'session_end':
        this.status = ev.status;
        return;
      case 'usage':
        if (ev.purpose === 'session') this.sessionTokens = ev.tokens;
        else if (ev.purpose === undefined) this.#usage(ev.tokens, ev, at);
        return;
      default:
    }
    if (USER_SIDE.has(ev.kind)) {
      this.#open = undefined;
      this.#askedAt = at;
      if (this.content) {
        this.#inputs.push(ev);
        if (ev.kind === 'user_message' && ev.role !== 'meta') this.prompts.push(ev.text);
      }
      if (ev.kind === 'tool_result') this.#result(ev, at);
      return;
    }
    if (!CALL_SIDE.has(ev.kind)) return;
    const call = this.#callFor(ev, at);
    if (this.content) call.outputs.push(ev);
    if (at !== undefined) {
      call.first ??= at;
      call.last = at;
    }
    if ((ev.kind === 'assistant_message' || ev.kind === 'tool_call') && ev.stopReason) {
      if (!call.stopReasons.includes(ev.stopReason)) call.stopReasons.push(ev.stopReason);
    }
    if (ev.kind === 'assistant_message' && this.content) this.answers.push(ev.text);
    if (ev.kind === 'tool_call' && at !== undefined) {
      const run: ToolRun = {
        key: ev.callId ?? `line:${ev.origin.line}`,
        name: ev.name,
        callId: ev.callId,
        ...(this.content ? { call: { input: ev.input } } : {}),
        start: at,
        end: at,
      };
      this.tools.push(run);
      if (ev.callId !== undefined) this.#toolByCall.set(ev.callId, run);
    }
  }

  /** The call an assistant-side event belongs to, opened when it is the first of one. */
  #callFor(ev: Event, at: bigint | undefined, join = true): ModelCall {
    const id = ev.messageId;
    const known = id === undefined ? undefined : this.#byMessage.get(id);
    if (known) return known;
    const open = this.#open;
    if (join && open && id === undefined && open.messageId === undefined && !open.hasUsage) {
      return open;
    }
    const call: ModelCall = {
      key: id ?? `line:${ev.origin.line}`,
      messageId: id,
      model: ev.model,
      wire: wireOf(ev),
      askedAt: this.#askedAt ?? at,
      hasUsage: false,
      stopReasons: [],
      inputs: this.#inputs,
      outputs: [],
    };
    this.#inputs = [];
    this.calls.push(call);
    if (id !== undefined) this.#byMessage.set(id, call);
    this.#open = call;
    return call;
  }

  /**
   * A reply's usage: joins the call of its `messageId`; without one, the latest call that has no
   * usage yet (Codex reports a call's tokens after its tool outputs); else a call of its own.
   */
  #usage(tokens: TokenCounts, ev: Event & { stopReason?: string }, at: bigint | undefined): void {
    let call = ev.messageId === undefined ? undefined : this.#byMessage.get(ev.messageId);
    if (!call && ev.messageId === undefined) {
      for (let i = this.calls.length - 1; i >= 0 && !call; i--) {
        const c = this.calls[i]!;
        if (c.messageId === undefined && !c.hasUsage) call = c;
      }
    }
    call ??= this.#callFor(ev, at, false);
    call.tokens = addTokens(call.tokens, tokens);
    call.hasUsage = true;
    call.model ??= ev.model;
    call.wire ??= wireOf(ev);
    call.usageAt ??= at;
    if (ev.stopReason && !call.stopReasons.includes(ev.stopReason))
      call.stopReasons.push(ev.stopReason);
  }

  #result(ev: ToolResultEvent, at: bigint | undefined): void {
    const failed = ev.interrupted ? 'interrupted' : ev.isError ? 'tool_error' : undefined;
    const result = this.content ? { output: ev.output } : undefined;
    const run = ev.callId === undefined ? undefined : this.#toolByCall.get(ev.callId);
    if (run) {
      run.result = result;
      run.failed = failed;
      run.name ??= ev.name;
      if (at !== undefined && at > run.end) run.end = at;
      return;
    }
    if (at === undefined) return;
    const key = ev.callId ?? `line:${ev.origin.line}`;
    this.tools.push({ key, name: ev.name, callId: ev.callId, failed, result, start: at, end: at });
  }
}

function wireOf(ev: Event): string | undefined {
  const m = ev.meta?.autoSwe;
  return isRecord(m) && typeof m.provider === 'string' ? m.provider : undefined;
}
