import { contentBlock } from '../content-block.js';
import type { AgentNormalizer } from './agent-normalizer.js';
import { obj, str } from './shape.js';

/**
 * Codex `exec --json`: only `item.completed` lines count. The item's kind is `item_type` (or
 * `type` when that is empty): `assistant_message` / `agent_message` give a `text` block (kept
 * even when empty); `function_call` / `command_execution` give a `tool_use` block whose input is
 * the `arguments` string as written (not parsed) and which has no id. A raw NUL byte, which
 * Codex writes inside strings, is read as `\u0000` (AWF does the same before decoding).
 */
export const codexNormalizer: AgentNormalizer = {
  id: 'codex',
  aliases: [],
  summary: 'OpenAI Codex exec --json output (completed items)',
  repair: (raw) => raw.replaceAll('\u0000', '\\u0000'),
  blocks(line) {
    const o = obj(line, 'line');
    if (!o) return [];
    if (str(o.type, 'type') !== 'item.completed') return [];
    const it = obj(o.item, 'item');
    if (!it) return [];
    const item = {
      itemType: str(it.item_type, 'item.item_type'),
      kind: str(it.type, 'item.type'),
      text: str(it.text, 'item.text'),
      name: str(it.name, 'item.name'),
      args: str(it.arguments, 'item.arguments'),
    };
    const kind = item.itemType !== '' ? item.itemType : item.kind;
    if (kind === 'assistant_message' || kind === 'agent_message') {
      // An empty text is kept: Go's omitempty drops the field, not the block.
      return [contentBlock({ type: 'text', text: item.text })];
    }
    if (kind === 'function_call' || kind === 'command_execution') {
      return [contentBlock({ type: 'tool_use', tool_name: item.name, tool_input: item.args })];
    }
    return [];
  },
};
