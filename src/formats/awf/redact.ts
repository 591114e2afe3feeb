import { isRecord } from '../adapter.js';
import {
  callInput,
  resultOutput,
  withKey,
  type FormatRedaction,
  type WithholdContext,
} from '../../redact/withhold.js';

/**
 * AWF exchange transcripts: `tool.call` / `tool.result` lines whose `payload` has `call_id`, and
 * the `tool_use` blocks of a message's `payload.blocks` (`tool_name`, `tool_id`, `tool_input`),
 * which is where a call of an agent's reply is (and where txpipe's AWF writer puts it).
 */
export const awfRedaction: FormatRedaction = {
  markers: ['"tool.call"', '"tool.result"', '"tool_use"'],
  withhold(value, ctx) {
    const p = value.payload;
    if (!isRecord(p)) return value;
    let next = p;
    if (value.type === 'tool.call')
      next = withKey(p, 'input', callInput(ctx, p.name, p.call_id, p.input));
    else if (Array.isArray(p.blocks)) next = withKey(p, 'blocks', blockCalls(p.blocks, ctx));
    else if (value.type === 'tool.result')
      next = withKey(p, 'output', resultOutput(ctx, p.call_id, p.output));
    return withKey(value, 'payload', next);
  },
};

/** A message's blocks with the input of each `tool_use` block naming a secret file withheld. */
function blockCalls(blocks: unknown[], ctx: WithholdContext): unknown[] {
  let out: unknown[] | undefined;
  blocks.forEach((b, i) => {
    if (!isRecord(b) || b.type !== 'tool_use') return;
    const next = withKey(b, 'tool_input', callInput(ctx, b.tool_name, b.tool_id, b.tool_input));
    if (next !== b) (out ??= blocks.slice())[i] = next;
  });
  return out ?? blocks;
}
