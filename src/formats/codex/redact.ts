import { isRecord } from '../adapter.js';
import { WITHHELD } from '../../redact/marks.js';
import {
  resultOutput,
  withholdInput,
  withKey,
  type FormatRedaction,
  type WithholdContext,
} from '../../redact/withhold.js';

type Obj = Record<string, unknown>;

/** A call's input as the secret-file check reads it: an argv `command` as one command line. */
function probe(input: Obj): Obj {
  return Array.isArray(input.command) ? { ...input, command: input.command.join(' ') } : input;
}

/** Whether a call names a secret file; if so its id is remembered for its output. */
function namesSecret(ctx: WithholdContext, name: unknown, id: unknown, input: Obj): boolean {
  if (
    ctx.redactor.secretFileOfCall(typeof name === 'string' ? name : '', probe(input)) === undefined
  ) {
    return false;
  }
  ctx.calls.add(id);
  return true;
}

/** A call's input object with every string but its path and command withheld, counted. */
function withheldInput(ctx: WithholdContext, input: Obj): unknown {
  const out = withholdInput(input);
  if (out !== input) ctx.redactor.count('secret-file');
  return out;
}

function withholdItem(p: Obj, ctx: WithholdContext): Obj {
  switch (p.type) {
    case 'function_call': {
      // `arguments` is a JSON string (`{"command": ["bash","-lc","cat .env"], "workdir": …}`).
      let args: unknown;
      try {
        args = typeof p.arguments === 'string' ? JSON.parse(p.arguments) : p.arguments;
      } catch {
        args = { command: p.arguments };
      }
      if (!isRecord(args) || !namesSecret(ctx, p.name, p.call_id, args)) return p;
      const out = withheldInput(ctx, args);
      return out === args ? p : withKey(p, 'arguments', JSON.stringify(out));
    }
    case 'local_shell_call': {
      const action = p.action;
      if (!isRecord(action) || !namesSecret(ctx, 'local_shell', p.call_id ?? p.id, action))
        return p;
      return withKey(p, 'action', withheldInput(ctx, action));
    }
    case 'custom_tool_call': {
      // A free-form input (apply_patch's patch names its files on `*** Update File: PATH` lines).
      if (typeof p.input !== 'string' || p.input === WITHHELD) return p;
      if (!namesSecret(ctx, p.name, p.call_id, { command: p.input })) return p;
      ctx.redactor.count('secret-file');
      return withKey(p, 'input', WITHHELD);
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
      return withKey(p, 'output', resultOutput(ctx, p.call_id, p.output));
    default:
      return p;
  }
}

/**
 * Codex rollouts: calls are `response_item`s (`function_call` with JSON `arguments`,
 * `local_shell_call` with an argv `action.command`, `custom_tool_call` with a free-form `input`),
 * results `function_call_output` / `custom_tool_call_output`, paired by `call_id`. A call naming
 * a secret file has its input's other strings withheld, and its result's output withheld.
 */
export const codexRedaction: FormatRedaction = {
  markers: ['"function_call', '"custom_tool_call', '"local_shell_call"'],
  withhold(value, ctx) {
    if (value.type !== 'response_item' || !isRecord(value.payload)) return value;
    return withKey(value, 'payload', withholdItem(value.payload, ctx));
  },
};
