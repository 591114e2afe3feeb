import { isRecord } from '../adapter.js';
import { geminiRecordKind, isGeminiMessage, messagesOf } from './record-kind.js';

type Obj = Record<string, unknown>;

/** One entry of a session's history: a message as last written, or where a checkpoint began. */
export type HistoryEntry =
  | { readonly kind: 'message'; readonly record: Obj; readonly line: number }
  | { readonly kind: 'checkpoint'; readonly line: number };

/** What the history gives out as it reads: entries pushed out by the bound. */
export interface Applied {
  /** The session's first metadata line names another session: the one read so far is over. */
  readonly newSession?: true;
  readonly overflow: readonly HistoryEntry[];
}

/**
 * A Gemini CLI session's history as Gemini CLI itself loads it (`loadConversationRecord` in
 * chatRecordingService.ts): messages by `id` in the order first written; a record written again
 * with the same `id` replaces the earlier one where it stood; `$rewindTo` removes that message
 * and every later one (all of them when the id is not held); a `$set` with `messages` (a
 * checkpoint: the history rebuilt, after compression) replaces them all; the other `$set` keys
 * and the metadata line are the session's metadata. Messages that left the history are
 * remembered (`dropped`), by id, for their usage.
 *
 * Bounded: past `maxHeld` entries the oldest is given out as it stands (a later record with its
 * id, or a rewind to it, can then no longer change it).
 */
export class GeminiHistory {
  readonly #entries = new Map<string, HistoryEntry>();
  readonly #dropped = new Map<string, HistoryEntry>();
  #checkpoints = 0;
  meta: Obj = {};

  constructor(private readonly maxHeld = 10_000) {}

  /** Reads one session line (`line`: its line number). */
  apply(v: unknown, line: number): Applied {
    const kind = geminiRecordKind(v);
    if (kind === undefined || !isRecord(v)) return { overflow: [] };
    switch (kind) {
      case 'rewind':
        this.#rewind(v.$rewindTo as string);
        break;
      case 'message':
        this.#put(v, line);
        break;
      case 'metadata':
        if (
          typeof this.meta.sessionId === 'string' &&
          this.meta.sessionId !== v.sessionId &&
          (this.#entries.size > 0 || this.#dropped.size > 0)
        ) {
          return { newSession: true, overflow: [] }; // read again once the caller has cleared
        }
        this.#merge(v, line, 'metadata');
        break;
      case 'set':
        this.#merge(v.$set as Obj, line, 'set');
        break;
    }
    return { overflow: this.#overflow() };
  }

  #merge(fields: Obj, line: number, kind: 'metadata' | 'set'): void {
    const messages = messagesOf(kind === 'set' ? { $set: fields } : fields, kind);
    const rest: Obj = {};
    for (const k in fields) if (k !== 'messages') rest[k] = fields[k];
    this.meta = { ...this.meta, ...rest };
    if (!messages) return;
    if (kind === 'set') {
      this.#dropAll();
      this.#entries.set(`\0checkpoint ${this.#checkpoints++}`, { kind: 'checkpoint', line });
    }
    for (const m of messages) if (isGeminiMessage(m)) this.#put(m, line);
  }

  #put(record: Obj, line: number): void {
    const id = record.id as string;
    this.#dropped.delete(id);
    this.#entries.set(id, { kind: 'message', record, line });
  }

  #rewind(id: string): void {
    if (!this.#entries.has(id)) return this.#dropAll();
    let found = false;
    for (const [key, entry] of this.#entries) {
      if (key === id) found = true;
      if (found) this.#drop(key, entry);
    }
  }

  #dropAll(): void {
    for (const [key, entry] of this.#entries) this.#drop(key, entry);
  }

  #drop(key: string, entry: HistoryEntry): void {
    this.#entries.delete(key);
    if (entry.kind !== 'message') return;
    this.#dropped.set(key, entry);
    if (this.#dropped.size > this.maxHeld) {
      this.#dropped.delete(this.#dropped.keys().next().value as string);
    }
  }

  #overflow(): HistoryEntry[] {
    const out: HistoryEntry[] = [];
    while (this.#entries.size > this.maxHeld) {
      const [key, entry] = this.#entries.entries().next().value as [string, HistoryEntry];
      this.#entries.delete(key);
      out.push(entry);
    }
    return out;
  }

  /** The history as it stands, in order. */
  entries(): HistoryEntry[] {
    return [...this.#entries.values()];
  }

  /** Messages that left the history (rewound, or not kept by a checkpoint), each once. */
  dropped(): HistoryEntry[] {
    return [...this.#dropped.values()];
  }

  /** Forgets everything (the next session of the same stream starts). */
  clear(): void {
    this.#entries.clear();
    this.#dropped.clear();
    this.meta = {};
  }
}
