import { isRecord, type FormatAdapter } from './adapter.js';

/** Portable Run Records: one object per run with the schema's required fields. */
export const runRecord: FormatAdapter = {
  id: 'run-record',
  summary: 'Portable Run Record, one JSON object per run',
  reference: 'shared/specs/run-record.schema.json',
  detect(value) {
    return (
      isRecord(value) &&
      typeof value.eval_id === 'string' &&
      typeof value.prompt === 'string' &&
      typeof value.final_message === 'string' &&
      Array.isArray(value.tool_invocations)
    );
  },
};
