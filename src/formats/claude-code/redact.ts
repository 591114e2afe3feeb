import { isRecord } from '../adapter.js';
import { callInput, withholdFields, withKey, type FormatRedaction } from '../../redact/withhold.js';

const RESULT_COPIES = ['toolUseResult', 'tool_use_result'];

/** A path a tool result names itself (`toolUseResult.filePath`, `.file.filePath`). */
function ownPath(copy: unknown): string | undefined {
  if (!isRecord(copy)) return undefined;
  if (typeof copy.filePath === 'string') return copy.filePath;
  if (isRecord(copy.file) && typeof copy.file.filePath === 'string') return copy.file.filePath;
  return undefined;
}

/**
 * Claude Code session entries (and `claude -p` stream-json, which has the same message shape):
 * calls are `message.content[]` blocks of type `tool_use` (`id`, `name`, `input`), results are
 * `tool_result` blocks (`tool_use_id`, `content`), and the entry repeats the result in
 * `toolUseResult` (an Edit's `originalFile`, a Read's `file.content`): every copy is withheld.
 */
export const claudeCodeRedaction: FormatRedaction = {
  markers: ['"tool_use"', '"tool_result"', 'toolUseResult', 'tool_use_result'],
  withhold(value, ctx) {
    const message = value.message;
    const ownSecret = RESULT_COPIES.some((k) => ctx.redactor.isSecretPath(ownPath(value[k]) ?? ''));
    let withheld = ownSecret;
    let out = value;
    if (isRecord(message) && Array.isArray(message.content)) {
      const blocks: readonly unknown[] = message.content;
      let content: unknown[] | undefined;
      blocks.forEach((block, i) => {
        if (!isRecord(block)) return;
        let next = block;
        if (block.type === 'tool_use') {
          next = withKey(block, 'input', callInput(ctx, block.name, block.id, block.input));
        } else if (
          block.type === 'tool_result' &&
          (ctx.calls.take(block.tool_use_id) || ownSecret)
        ) {
          withheld = true;
          next = withholdFields(ctx, block, ['content']);
        }
        if (next !== block) (content ??= blocks.slice())[i] = next;
      });
      if (content) out = withKey(out, 'message', { ...message, content });
    }
    return withheld ? withholdFields(ctx, out, RESULT_COPIES) : out;
  },
};
