import type { HeldText } from '../../stream/held-text.js';

/**
 * A tool call as held until the end of input: its name and ordinal, and where its arguments and
 * clipped result are held as JSON text (`HeldText`, off V8's heap). `resultAt` is -1 until a
 * result comes.
 */
export interface Tool {
  readonly name: string;
  readonly ordinal: number;
  readonly argsAt: number;
  readonly argsBytes: number;
  resultAt: number;
  resultBytes: number;
}

/** A tool call's arguments as the record shows them. */
function argsOf(input: unknown): unknown {
  if (input === undefined) return null;
  if (input === null || typeof input === 'object' || typeof input === 'string') return input;
  return String(input);
}

/** Holds a tool call (its arguments as JSON text). */
export function holdCall(held: HeldText, name: string, input: unknown, ordinal: number): Tool {
  const args = held.put(JSON.stringify(argsOf(input)));
  return { name, ordinal, argsAt: args.at, argsBytes: args.bytes, resultAt: -1, resultBytes: 0 };
}

/** Holds a call's (clipped) result text; a later result for the same call replaces it. */
export function holdResult(held: HeldText, tool: Tool, result: string): void {
  const r = held.put(JSON.stringify(result));
  tool.resultAt = r.at;
  tool.resultBytes = r.bytes;
}

/** The arguments of a held call, parsed. */
export function toolArgs(held: HeldText, t: Tool): unknown {
  return JSON.parse(held.get(t.argsAt, t.argsBytes));
}

/** The result of a held call, parsed, or undefined. */
export function toolResult(held: HeldText, t: Tool): unknown {
  return t.resultAt < 0 ? undefined : JSON.parse(held.get(t.resultAt, t.resultBytes));
}

/**
 * A record's JSON as UTF-8 bytes: `head` and `tail` around the list of the held calls, written as
 * `JSON.stringify` writes a list of `{ name, args, ordinal, result? }` objects, from the held text
 * (`JSON.stringify`'s own) copied as bytes: it is never decoded or parsed again.
 */
export function recordBytes(
  held: HeldText,
  head: string,
  tools: readonly Tool[],
  tail: string,
): Buffer {
  const before: string[] = [];
  const after: string[] = [];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail) + 2;
  for (let i = 0; i < tools.length; i++) {
    const t = tools[i] as Tool;
    // JSON.stringify leaves out a key whose value is undefined.
    const name = t.name === undefined ? '' : `"name":${JSON.stringify(t.name)},`;
    const b = `${i > 0 ? ',' : ''}{${name}"args":`;
    const a = `,"ordinal":${t.ordinal}${t.resultAt >= 0 ? ',"result":' : ''}`;
    before.push(b);
    after.push(a);
    size += Buffer.byteLength(b) + t.argsBytes + a.length + 1;
    if (t.resultAt >= 0) size += t.resultBytes;
  }
  const out = Buffer.allocUnsafeSlow(size);
  let pos = out.write(head, 0);
  out[pos++] = 0x5b; // [
  for (let i = 0; i < tools.length; i++) {
    const t = tools[i] as Tool;
    pos += out.write(before[i] as string, pos);
    held.copy(t.argsAt, t.argsBytes, out, pos);
    pos += t.argsBytes;
    pos += out.write(after[i] as string, pos, 'latin1');
    if (t.resultAt >= 0) {
      held.copy(t.resultAt, t.resultBytes, out, pos);
      pos += t.resultBytes;
    }
    out[pos++] = 0x7d; // }
  }
  out[pos++] = 0x5d; // ]
  pos += out.write(tail, pos);
  return out;
}
