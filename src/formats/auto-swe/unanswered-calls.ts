import { BoundedMap } from '../../events/bounded-map.js';

/**
 * The tool calls of one conversation that came without an id of their own (Gemini's
 * `functionCall` has none unless the API set one), by name, oldest first, so that a result
 * without an id (Gemini's `functionResponse`) is paired with the oldest unanswered call of its
 * name. The caller gives such a call a deterministic id (docs/formats/auto-swe.md); a result
 * that carries an id keeps it and takes no call from here. Bounded: at most `maxNames` names
 * (the least recently added forgotten) and `maxPerName` unanswered calls per name (the oldest
 * forgotten), so a conversation whose calls are never answered holds no memory without end.
 */
export class UnansweredCalls {
  private readonly byName: BoundedMap<string, string[]>;

  constructor(
    maxNames = 10_000,
    private readonly maxPerName = 10_000,
  ) {
    this.byName = new BoundedMap(maxNames);
  }

  /** A call of `name` given the id `callId` by the reader: waits for its result. */
  called(name: string, callId: string): void {
    const queue = this.byName.get(name) ?? [];
    queue.push(callId);
    if (queue.length > this.maxPerName) queue.shift();
    this.byName.set(name, queue);
  }

  /** A result of `name` without an id: the id of the oldest unanswered call of that name. */
  answer(name: string): string | undefined {
    return this.byName.get(name)?.shift();
  }
}
