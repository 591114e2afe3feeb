import { isRecord } from '../adapter.js';
import {
  withholdInput,
  withholdStrings,
  withKey,
  type FormatRedaction,
} from '../../redact/withhold.js';

/**
 * Run records: a call and its result are one entry of `tool_invocations` (`name`, `args`,
 * `result`). An entry whose `args` name a secret file (its path fields, or a word of its command;
 * `args` as a string is the command) has its other args and its result withheld.
 */
export const runRecordRedaction: FormatRedaction = {
  markers: ['"tool_invocations"'],
  withhold(value, ctx) {
    const calls = value.tool_invocations;
    if (!Array.isArray(calls)) return value;
    let out: unknown[] | undefined;
    calls.forEach((call: unknown, i) => {
      if (!isRecord(call)) return;
      const args = typeof call.args === 'string' ? { command: call.args } : call.args;
      const name = typeof call.name === 'string' ? call.name : '';
      if (ctx.redactor.secretFileOfCall(name, args) === undefined) return;
      const kept = typeof call.args === 'string' ? call.args : withholdInput(call.args);
      const next = withKey(withKey(call, 'args', kept), 'result', withholdStrings(call.result));
      if (next === call) return;
      ctx.redactor.count('secret-file');
      (out ??= calls.slice())[i] = next;
    });
    return out ? withKey(value, 'tool_invocations', out) : value;
  },
};
