import { contentBlock, type ContentBlock } from '../content-block.js';
import type { AgentNormalizer } from './agent-normalizer.js';
import { arr, map, obj, str } from './shape.js';

/**
 * Gemini CLI stream-json: only `message` lines with role `assistant` count. A non-empty `content`
 * gives a `text` block, then each of `toolCalls` a `tool_use` block (`name`, `arguments` as the
 * input; Gemini gives no call id here).
 */
export const geminiNormalizer: AgentNormalizer = {
  id: 'gemini',
  aliases: [],
  summary: 'Gemini CLI stream-json output (assistant messages and tool calls)',
  blocks(line) {
    const o = obj(line, 'line');
    if (!o) return [];
    if (str(o.type, 'type') !== 'message' || str(o.role, 'role') !== 'assistant') return [];
    const content = str(o.content, 'content');
    const calls = arr(o.toolCalls, 'toolCalls').map((c, i) => {
      const call = obj(c, `toolCalls[${i}]`) ?? {};
      return { name: str(call.name, 'name'), args: map(call.arguments, 'arguments') };
    });
    const out: ContentBlock[] = [];
    if (content !== '') out.push(contentBlock({ type: 'text', text: content }));
    for (const c of calls)
      out.push(contentBlock({ type: 'tool_use', tool_name: c.name, tool_input: c.args }));
    return out;
  },
};
