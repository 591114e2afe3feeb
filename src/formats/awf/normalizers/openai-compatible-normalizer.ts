import { contentBlock, type ContentBlock } from '../content-block.js';
import type { AgentNormalizer } from './agent-normalizer.js';
import { arr, obj, str } from './shape.js';

interface Part {
  readonly content: string;
  readonly calls: readonly { id: string; name: string; args: string }[];
}

function part(v: unknown, field: string): Part {
  const o = obj(v, field) ?? {};
  const calls = arr(o.tool_calls, `${field}.tool_calls`).map((c, i) => {
    const call = obj(c, `${field}.tool_calls[${i}]`) ?? {};
    const fn = obj(call.function, 'function') ?? {};
    return {
      id: str(call.id, 'id'),
      name: str(fn.name, 'name'),
      args: str(fn.arguments, 'arguments'),
    };
  });
  return { content: str(o.content, `${field}.content`), calls };
}

/**
 * OpenAI-compatible chat completions (streamed chunks or whole completions): a line without an
 * `object` or without choices gives nothing. Of the first choice, the `delta` is used, or the
 * `message` when the delta has neither content nor tool calls. Non-empty content gives a `text`
 * block, each tool call a `tool_use` block (`id`, `function.name`, and `function.arguments` as the
 * string it is, left out when empty). Each chunk gives its own blocks: deltas are not joined.
 */
export const openaiCompatibleNormalizer: AgentNormalizer = {
  id: 'openai-compatible',
  aliases: ['openai_compatible', 'openaicompatible'],
  summary: 'OpenAI-compatible chat completion output (chunks or completions)',
  blocks(line) {
    const o = obj(line, 'line');
    if (!o) return [];
    const object = str(o.object, 'object');
    const choices = arr(o.choices, 'choices').map((c, i) => {
      const ch = obj(c, `choices[${i}]`) ?? {};
      return { delta: part(ch.delta, 'delta'), message: part(ch.message, 'message') };
    });
    if (object === '' || choices.length === 0) return [];
    const first = choices[0]!;
    const src =
      first.delta.content === '' && first.delta.calls.length === 0 ? first.message : first.delta;
    const out: ContentBlock[] = [];
    if (src.content !== '') out.push(contentBlock({ type: 'text', text: src.content }));
    for (const c of src.calls) {
      out.push(
        contentBlock({
          type: 'tool_use',
          tool_name: c.name,
          tool_id: c.id,
          tool_input: c.args === '' ? undefined : c.args,
        }),
      );
    }
    return out;
  },
};
