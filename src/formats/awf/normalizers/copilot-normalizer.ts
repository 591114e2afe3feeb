import { contentBlock } from '../content-block.js';
import type { AgentNormalizer } from './agent-normalizer.js';
import { obj, str } from './shape.js';

/**
 * GitHub Copilot CLI JSON output: `assistant.message` gives a `text` block from `data.content`
 * (none when it is empty or not a string); `tool.execution_start` gives a `tool_use` block with
 * only `data.toolName` (Copilot reports no id or arguments there). Everything else gives none.
 */
export const copilotNormalizer: AgentNormalizer = {
  id: 'copilot',
  aliases: ['github_copilot', 'github-copilot'],
  summary: 'GitHub Copilot CLI JSON output (assistant messages, tool starts)',
  blocks(line) {
    const o = obj(line, 'line');
    if (!o) return [];
    const type = str(o.type, 'type');
    if (type !== 'assistant.message' && type !== 'tool.execution_start') return [];
    const data = obj(o.data, 'data') ?? {};
    // `data` is a map of any values: a field of another type reads as absent, not as an error.
    const field = (k: string): string => (typeof data[k] === 'string' ? (data[k] as string) : '');
    if (type === 'assistant.message') {
      const content = field('content');
      return content === '' ? [] : [contentBlock({ type: 'text', text: content })];
    }
    if (type === 'tool.execution_start') {
      return [contentBlock({ type: 'tool_use', tool_name: field('toolName') })];
    }
    return [];
  },
};
