import { isRecord } from '../adapter.js';
import { WITHHELD } from '../../redact/marks.js';
import { callInput, withholdFields, withKey, type FormatRedaction } from '../../redact/withhold.js';

/**
 * rupu transcripts (`{"type","data"}`): `tool_call` (`call_id`, `tool`, `input`), `tool_result`
 * (`call_id`, `output`, `structured`) paired by `call_id`, and `file_edit` (`path`, `diff`), whose
 * diff is withheld when the path is a secret file.
 */
export const rupuRedaction: FormatRedaction = {
  markers: ['"tool_call"', '"tool_result"', '"file_edit"'],
  withhold(value, ctx) {
    const data = value.data;
    if (!isRecord(data)) return value;
    let next = data;
    if (value.type === 'tool_call') {
      next = withKey(data, 'input', callInput(ctx, data.tool, data.call_id, data.input));
    } else if (value.type === 'tool_result' && ctx.calls.take(data.call_id)) {
      next = withholdFields(ctx, data, ['output', 'structured']);
    } else if (
      value.type === 'file_edit' &&
      typeof data.path === 'string' &&
      ctx.redactor.isSecretPath(data.path) &&
      typeof data.diff === 'string' &&
      data.diff !== WITHHELD
    ) {
      ctx.redactor.count('secret-file');
      next = withKey(data, 'diff', WITHHELD);
    }
    return withKey(value, 'data', next);
  },
};
