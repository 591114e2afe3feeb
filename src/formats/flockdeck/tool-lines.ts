import { BoundedMap } from '../../events/bounded-map.js';
import type { Event } from '../../events/event.js';
import { isPlaceholderModel } from './derived.js';
import { goTrim } from './entry-rules.js';
import type { LineGuard } from './guard.js';
import { FIELD_LIMIT, type Fields, type LineOutput } from './line-output.js';
import { SecretCalls } from './secret-calls.js';

/**
 * The fields of `tool_call` and `tool_result` lines (Flockdeck's rules): a call's input guarded
 * (redacted, clipped, a secret file's strings withheld), a result named by its call's tool and
 * withheld when that call named a secret file. Remembers the calls of one transcript.
 */
export class ToolLines {
  /** Tool names by call id as read: Flockdeck's map, where an empty or missing id is "". */
  readonly #names: BoundedMap<string, string>;
  readonly #secret: SecretCalls;

  constructor(
    private readonly guard: LineGuard,
    private readonly lines: LineOutput,
    maxCalls: number,
  ) {
    this.#names = new BoundedMap(maxCalls);
    this.#secret = new SecretCalls(maxCalls);
  }

  /** Forgets the calls (a new transcript). */
  clear(): void {
    this.#names.clear();
    this.#secret.clear();
  }

  call(e: Extract<Event, { kind: 'tool_call' }>): Fields {
    const f: Fields = { type: 'tool_call' };
    const model = goTrim(e.model ?? '');
    if (!isPlaceholderModel(model)) f.model = model;
    if (e.name !== '') f.tool = e.name;
    // A call with no input is written with an empty one, as Flockdeck's reader makes it.
    const input = e.input === undefined ? '' : e.input;
    const secret = this.#secret.call(e.callId, input);
    if (e.callId) f.toolUseId = e.callId;
    this.#names.set(e.callId ?? '', e.name);
    if (input !== null) {
      const g = this.guard.input(e.name, input, FIELD_LIMIT, secret);
      f.input = g.value;
      if (g.redacted) f.redacted = true;
      if (g.clippedFrom !== undefined) f.clipped = { input: g.clippedFrom };
    } else if (secret) f.redacted = true;
    return f;
  }

  result(e: Extract<Event, { kind: 'tool_result' }>): Fields {
    const f: Fields = { type: 'tool_result' };
    const tool = this.#names.get(e.callId ?? '') || undefined;
    if (tool) f.tool = tool;
    if (e.callId) f.toolUseId = e.callId;
    const secret = this.#secret.result(e.callId);
    if (typeof e.output === 'string' && e.output !== '') {
      if (secret) {
        f.output = this.guard.withheld;
        f.redacted = true;
      } else this.lines.put(f, 'output', e.output, FIELD_LIMIT);
    }
    f.isError = e.isError === true;
    f.interrupted = e.isError === true && e.interrupted === true;
    return f;
  }
}
