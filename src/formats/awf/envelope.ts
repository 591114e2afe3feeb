import { isRecord } from '../adapter.js';

/** One line of an AWF transcript (spec: "ExchangeEvent Envelope"). */
export interface ExchangeEvent {
  readonly seq: number;
  readonly run_id: string;
  readonly parent_run_id?: string;
  readonly child_run_id?: string;
  readonly type: string;
  readonly path: string;
  readonly iteration: number;
  readonly timestamp: string;
  readonly payload: unknown;
}

/** An envelope, or why a value is not one (a required field missing or of the wrong type). */
export function readEnvelope(value: unknown): ExchangeEvent | string {
  if (!isRecord(value)) return 'not a JSON object';
  const v = value;
  if (typeof v.seq !== 'number' || !Number.isInteger(v.seq) || v.seq < 0) {
    return 'seq is not an unsigned integer';
  }
  for (const k of ['run_id', 'type', 'path', 'timestamp'] as const) {
    if (typeof v[k] !== 'string') return `${k} is not a string`;
  }
  if (typeof v.iteration !== 'number' || !Number.isInteger(v.iteration)) {
    return 'iteration is not an integer';
  }
  for (const k of ['parent_run_id', 'child_run_id'] as const) {
    if (v[k] !== undefined && typeof v[k] !== 'string') return `${k} is not a string`;
  }
  if (!('payload' in v)) return 'payload is missing';
  return v as unknown as ExchangeEvent;
}

/** What a payload holds, chosen as the spec's "Payload Dispatch" says: by its shape. */
export type Dispatched =
  | { readonly kind: 'null' }
  | { readonly kind: 'blocks'; readonly blocks: readonly unknown[] }
  | { readonly kind: 'message'; readonly role: unknown; readonly blocks: readonly unknown[] }
  | { readonly kind: 'tool'; readonly tool: Readonly<Record<string, unknown>> }
  | { readonly kind: 'step'; readonly step: Readonly<Record<string, unknown>> }
  | { readonly kind: 'any'; readonly value: unknown };

/**
 * Payload dispatch: an array is content blocks; an object with `role` a message, else with
 * `call_id` a tool payload, else with `kind` a step payload; anything else is kept as it is.
 * `null` or absent is no payload. A message whose `blocks` is not an array has no blocks.
 */
export function dispatchPayload(payload: unknown): Dispatched {
  if (payload === null || payload === undefined) return { kind: 'null' };
  if (Array.isArray(payload)) return { kind: 'blocks', blocks: payload };
  if (isRecord(payload)) {
    if ('role' in payload) {
      const blocks = Array.isArray(payload.blocks) ? payload.blocks : [];
      return { kind: 'message', role: payload.role, blocks };
    }
    if ('call_id' in payload) return { kind: 'tool', tool: payload };
    if ('kind' in payload) return { kind: 'step', step: payload };
  }
  return { kind: 'any', value: payload };
}

/** The facts of an envelope a reader keeps in `meta.awf`, so that a writer can rebuild it. */
export interface AwfMeta {
  readonly seq: number;
  readonly type: string;
  readonly runId: string;
  readonly parentRunId?: string;
  readonly childRunId?: string;
  readonly path: string;
  readonly iteration: number;
  /** For events made from one of a message's blocks: its index, and how many blocks it had. */
  readonly block?: number;
  readonly blocks?: number;
  /** The message's role as written (for `message.*`). */
  readonly role?: unknown;
  readonly fidelity?: unknown;
  /** A block kept whole where the event does not hold all of it (`command`, `stream`). */
  readonly rawBlock?: unknown;
  /** Set on the usage event made from a message payload's `usage`. */
  readonly usage?: boolean;
  /** A step or run payload, or what a tool payload has that the event does not. */
  readonly payload?: unknown;
  readonly toolInput?: unknown;
  readonly toolError?: string;
  /** Set on the reader's own reports (a `seq` gap), which writers do not write. */
  readonly report?: string;
}

/** The `meta.awf` of an event read from AWF, if it has one. */
export function awfMeta(meta: Readonly<Record<string, unknown>> | undefined): AwfMeta | undefined {
  const a = meta?.awf;
  return isRecord(a) && typeof a.seq === 'number' && typeof a.type === 'string'
    ? (a as unknown as AwfMeta)
    : undefined;
}
