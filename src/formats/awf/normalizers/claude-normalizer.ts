import { contentBlock, type ContentBlock } from '../content-block.js';
import type { AgentNormalizer } from './agent-normalizer.js';
import { arr, map, obj, str } from './shape.js';

/**
 * Claude `--output-format stream-json`: only `assistant` lines count. Their `message.content`
 * elements become `text` (an empty text is dropped), `thinking` (kept even when empty) and
 * `tool_use` blocks (`id`, `name`, `input`; an absent input is written `null`, as AWF does).
 * Other elements (`tool_result`, `image`, ...) and other lines (`user`, `system`, `result`) give none.
 */
export const claudeNormalizer: AgentNormalizer = {
  id: 'claude',
  aliases: ['claude-code', 'claude-stream-json'],
  summary: 'Claude Code stream-json output (assistant message content)',
  blocks(line) {
    const o = obj(line, 'line');
    if (!o) return [];
    if (str(o.type, 'type') !== 'assistant') return [];
    const message = obj(o.message, 'message');
    if (!message) return [];
    const content = arr(message.content, 'message.content');
    // Every element is decoded before any is used, so one bad element spoils the line, as in AWF.
    const els = content.map((e, i) => {
      const el = obj(e, `content[${i}]`) ?? {};
      return {
        type: str(el.type, 'type'),
        text: str(el.text, 'text'),
        thinking: str(el.thinking, 'thinking'),
        id: str(el.id, 'id'),
        name: str(el.name, 'name'),
        input: map(el.input, 'input'),
      };
    });
    const out: ContentBlock[] = [];
    for (const el of els) {
      if (el.type === 'text' && el.text !== '')
        out.push(contentBlock({ type: 'text', text: el.text }));
      else if (el.type === 'thinking')
        out.push(contentBlock({ type: 'thinking', thinking: el.thinking }));
      else if (el.type === 'tool_use') {
        out.push(
          contentBlock({
            type: 'tool_use',
            tool_name: el.name,
            tool_id: el.id,
            tool_input: el.input,
          }),
        );
      }
    }
    return out;
  },
};
