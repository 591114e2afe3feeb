import { isRecord } from '../adapter.js';
import {
  withholdInput,
  withholdStrings,
  withKey,
  type FormatRedaction,
  type WithholdContext,
} from '../../redact/withhold.js';
import { geminiRecordKind } from './record-kind.js';

type Obj = Record<string, unknown>;

/** A call's arguments as the secret-file check reads them: read_file's older `absolute_path`. */
function probe(args: Obj): Obj {
  return typeof args.absolute_path === 'string' && args.path === undefined
    ? { ...args, path: args.absolute_path }
    : args;
}

/** Whether the call id was one that named a secret file (it stays so: copies come again). */
function pending(ctx: WithholdContext, id: unknown): boolean {
  if (!ctx.calls.take(id)) return false;
  ctx.calls.add(id);
  return true;
}

function withheld(ctx: WithholdContext, v: unknown): unknown {
  const out = withholdStrings(v);
  if (out !== v) ctx.redactor.count('secret-file');
  return out;
}

/** A `ToolCallRecord`: its args, result and display withheld when it names a secret file. */
function withholdCall(c: unknown, ctx: WithholdContext): unknown {
  if (!isRecord(c) || !isRecord(c.args)) return c;
  const name = typeof c.name === 'string' ? c.name : '';
  if (ctx.redactor.secretFileOfCall(name, probe(c.args)) === undefined) return c;
  ctx.calls.add(c.id);
  const input = withholdInput(c.args) as Obj;
  // The path is kept, as `file_path` is (the older name is not one the rule knows).
  const path = c.args.absolute_path;
  let out = withKey(
    c,
    'args',
    typeof path === 'string' ? withKey(input, 'absolute_path', path) : input,
  );
  if (out !== c) ctx.redactor.count('secret-file');
  if (c.result != null) {
    const result = Array.isArray(c.result)
      ? mapList(c.result, (p) => withheldPart(ctx, p))
      : withheldPart(ctx, c.result);
    out = withKey(out, 'result', result);
  }
  if (c.resultDisplay != null) out = withKey(out, 'resultDisplay', withheld(ctx, c.resultDisplay));
  return out;
}

/**
 * A part of a secret file's result withheld: a function response's `response` (its `id` and
 * `name` pair it with the call and stay), any other part's strings.
 */
function withheldPart(ctx: WithholdContext, p: unknown): unknown {
  if (!isRecord(p) || !isRecord(p.functionResponse)) return withheld(ctx, p);
  const f = p.functionResponse;
  return withKey(p, 'functionResponse', withKey(f, 'response', withheld(ctx, f.response)));
}

/** A user turn's part: a function response to a call that named a secret file, withheld. */
function withholdPart(p: unknown, ctx: WithholdContext): unknown {
  if (!isRecord(p) || !isRecord(p.functionResponse)) return p;
  return pending(ctx, p.functionResponse.id) ? withheldPart(ctx, p) : p;
}

function mapList(list: unknown, each: (v: unknown) => unknown): unknown {
  if (!Array.isArray(list)) return list;
  let out: unknown[] | undefined;
  list.forEach((v, i) => {
    const r = each(v);
    if (r !== v) (out ??= [...list])[i] = r;
  });
  return out ?? list;
}

function withholdMessage(m: unknown, ctx: WithholdContext): unknown {
  if (!isRecord(m)) return m;
  let out = m;
  if (Array.isArray(m.toolCalls))
    out = withKey(
      out,
      'toolCalls',
      mapList(m.toolCalls, (c) => withholdCall(c, ctx)),
    );
  if (Array.isArray(m.content))
    out = withKey(
      out,
      'content',
      mapList(m.content, (p) => withholdPart(p, ctx)),
    );
  return out;
}

/**
 * Gemini CLI sessions: a reply's calls are its `toolCalls` (`name`, `args`, and the call's
 * `result` and `resultDisplay` in the same record), and the results are written again as a user
 * turn's `functionResponse` parts, by call `id`. A call whose args name a secret file (`file_path`,
 * `absolute_path`, a shell `command`) has its args' other strings, its result and display
 * withheld, and so has every function response to it; in a message record, a legacy session's
 * `messages` and a checkpoint's `$set.messages` alike.
 */
export const geminiRedaction: FormatRedaction = {
  markers: ['"toolCalls"', '"functionResponse"'],
  withhold(value, ctx) {
    const kind = geminiRecordKind(value);
    if (kind === 'message') return withholdMessage(value, ctx) as Obj;
    if (kind === 'metadata' && Array.isArray(value.messages)) {
      return withKey(
        value,
        'messages',
        mapList(value.messages, (m) => withholdMessage(m, ctx)),
      );
    }
    if (kind === 'set' && isRecord(value.$set) && Array.isArray(value.$set.messages)) {
      const set = value.$set;
      const messages = mapList(set.messages, (m) => withholdMessage(m, ctx));
      return withKey(value, '$set', withKey(set, 'messages', messages));
    }
    return value;
  },
};
