import { HeldText } from '../stream/held-text.js';
import type { Message } from './replayer.js';

/** Bytes of messages held in memory by one replayer before the rest goes to a temporary file. */
const IN_MEMORY = 4 << 20;

/**
 * The finished messages of an input's sessions, held until the input ends as their JSON text off
 * V8's heap (`HeldText`: UTF-8 blocks, past 4 MiB in a temporary file), not as a graph of objects:
 * `replay` over the 200 MiB corpus held every conversation on the heap and peaked at 195-204 MiB
 * (issue 24). A message is final once pushed (the events replayer never merges blocks into a
 * message it holds). One store per replayer; `list()` makes a session's list, `take` gives its
 * messages back parsed (the same JSON), `close` lets the file go.
 */
export class HeldMessages {
  readonly #held = new HeldText(IN_MEMORY);

  /** A new, empty list of messages. */
  list(): MessageList {
    return { at: [], bytes: [] };
  }

  /** Holds a finished message at the end of `list`. */
  push(list: MessageList, message: Message): void {
    const { at, bytes } = this.#held.put(JSON.stringify(message));
    list.at.push(at);
    list.bytes.push(bytes);
  }

  /** The messages of `list`, parsed again. */
  take(list: MessageList): Message[] {
    return list.at.map((at, i) => JSON.parse(this.#held.get(at, list.bytes[i]!)) as Message);
  }

  /** Lets the held text (and its file) go. */
  close(): void {
    this.#held.close();
  }
}

/** Where a session's messages are held (see {@link HeldMessages}). */
export interface MessageList {
  readonly at: number[];
  readonly bytes: number[];
}
