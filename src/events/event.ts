/**
 * txpipe's canonical, format-neutral event (DESIGN §1). Every reader produces these and every
 * writer consumes them, so N formats need N adapters. The shape is versioned by `v`; within one
 * version fields may be added, never renamed or given another meaning. `schemas/event.schema.json`
 * is its JSON Schema, and `--to txpipe` writes it as JSON Lines.
 */
export const EVENT_VERSION = 1;

/** Where an event came from. */
export interface Origin {
  /** The format id of the record it was read from. */
  readonly format: string;
  /** The file (or `-`). */
  readonly source: string;
  /** The record's line number in that file. */
  readonly line: number;
}

/** Token counts of one provider reply. A missing count is unknown, not zero. */
export interface TokenCounts {
  readonly input?: number;
  readonly output?: number;
  /** Tokens written to the prompt cache (Anthropic `cache_creation_input_tokens`). */
  readonly cacheWrite?: number;
  /** Tokens read from the prompt cache (Anthropic `cache_read_input_tokens`). */
  readonly cacheRead?: number;
}

/** An image in a message or a tool result. `data` is absent when it was omitted. */
export interface ImageRef {
  readonly mediaType?: string;
  readonly data?: string;
  readonly bytes?: number;
}

/** Fields every event carries. */
export interface EventBase {
  readonly v: typeof EVENT_VERSION;
  /** The session (conversation, run) this event belongs to, as its source names it. */
  readonly session: string;
  /** When it happened: RFC 3339 / ISO 8601, as the source recorded it. */
  readonly time?: string;
  readonly origin: Origin;
  /** The source's own id for the entry (Claude Code `uuid`, AWF `seq`, ...). */
  readonly id?: string;
  /** The id of the entry this one follows or answers, where the source records one. */
  readonly parentId?: string;
  /** The provider's id of the reply the event is part of (Claude `message.id`). */
  readonly messageId?: string;
  /** The request id, where the source records one (Claude Code `requestId`). */
  readonly requestId?: string;
  /** The model that produced it (assistant-side events). */
  readonly model?: string;
  /** Set on events of a subagent (Claude Code sidechain), with its id when known. */
  readonly sidechain?: boolean;
  readonly agentId?: string;
  /** The agent's working directory, git branch and version, where recorded. */
  readonly cwd?: string;
  readonly gitBranch?: string;
  readonly agentVersion?: string;
  /** Format-specific facts a reader keeps that no field above holds. */
  readonly meta?: Readonly<Record<string, unknown>>;
}

export interface SessionStartEvent extends EventBase {
  readonly kind: 'session_start';
  /** The agent or runner (`claude-code`, `rupu`, `awf`, ...). */
  readonly agent?: string;
  readonly project?: string;
  /** The session this one continues (a resumed session, a child run's parent). */
  readonly parentSession?: string;
  /** The parent's tool call that started this session (a subagent's Task/Agent call id). */
  readonly parentCallId?: string;
}

export interface SessionEndEvent extends EventBase {
  readonly kind: 'session_end';
  /** How it ended: `ok`, `error`, `aborted` (no end record), ... */
  readonly status?: string;
  readonly durationMs?: number;
  readonly totalTokens?: number;
  /** The final text, where the source records one (stream-json `result`). */
  readonly text?: string;
}

export interface UserMessageEvent extends EventBase {
  readonly kind: 'user_message';
  readonly text: string;
  readonly images?: readonly ImageRef[];
  /**
   * What kind of user entry it is: `prompt` (typed by a person), `command` (a slash command or its
   * output), `meta` (written by the agent for itself: reminders, notifications, continuation notes),
   * `interrupt` ("Request interrupted by user").
   */
  readonly role?: 'prompt' | 'command' | 'meta' | 'interrupt';
}

export interface AssistantMessageEvent extends EventBase {
  readonly kind: 'assistant_message';
  readonly text: string;
  readonly stopReason?: string;
}

export interface ThinkingEvent extends EventBase {
  readonly kind: 'thinking';
  readonly text: string;
  /** Provider signature, kept byte-exact where the source has one. */
  readonly signature?: string;
  /** True for a redacted thinking block (its text is not readable). */
  readonly redacted?: boolean;
}

export interface ToolCallEvent extends EventBase {
  readonly kind: 'tool_call';
  readonly callId?: string;
  readonly name: string;
  readonly input: unknown;
  /** The reply's stop reason, where a reader puts it on the line (see `UsageEvent.stopReason`). */
  readonly stopReason?: string;
}

export interface ToolResultEvent extends EventBase {
  readonly kind: 'tool_result';
  readonly callId?: string;
  /** The tool's name, looked up from its call where the result does not say. */
  readonly name?: string;
  /** The output as text where it is text; structured output as the source has it. */
  readonly output: unknown;
  readonly isError?: boolean;
  /** True when the user interrupted the tool. */
  readonly interrupted?: boolean;
  readonly images?: readonly ImageRef[];
  /** Sessions attached to this call (a subagent started by it), as event streams of their own. */
  readonly children?: readonly string[];
}

export interface UsageEvent extends EventBase {
  readonly kind: 'usage';
  readonly tokens: TokenCounts;
  /** What the usage belongs to: a provider reply (default) or something else (`compaction`). */
  readonly purpose?: string;
  /** Why the reply ended (`end_turn`, `tool_use`, ...), where the source records it. */
  readonly stopReason?: string;
}

export interface CompactionEvent extends EventBase {
  readonly kind: 'compaction';
  /** `manual` or `auto`. */
  readonly trigger?: string;
  readonly tokensBefore?: number;
  readonly tokensAfter?: number;
  /** The summary text the compaction wrote, where kept. */
  readonly summary?: string;
}

export interface TitleEvent extends EventBase {
  readonly kind: 'title';
  readonly title: string;
}

export interface NoticeEvent extends EventBase {
  readonly kind: 'notice';
  readonly text: string;
  /** The source's kind of notice (`api_error`, `local_command`, `model_limits`, ...). */
  readonly subtype?: string;
  readonly level?: 'info' | 'warning' | 'error';
}

export interface UnknownEvent extends EventBase {
  readonly kind: 'unknown';
  /** The source record, kept whole so a writer of the same format can write it back. */
  readonly record: unknown;
}

/** The canonical event. */
export type Event =
  | SessionStartEvent
  | SessionEndEvent
  | UserMessageEvent
  | AssistantMessageEvent
  | ThinkingEvent
  | ToolCallEvent
  | ToolResultEvent
  | UsageEvent
  | CompactionEvent
  | TitleEvent
  | NoticeEvent
  | UnknownEvent;

export type EventKind = Event['kind'];

/** Every kind, in documentation order. */
export const EVENT_KINDS: readonly EventKind[] = [
  'session_start',
  'session_end',
  'user_message',
  'assistant_message',
  'thinking',
  'tool_call',
  'tool_result',
  'usage',
  'compaction',
  'title',
  'notice',
  'unknown',
];
