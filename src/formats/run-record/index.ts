import { isRecord, type FormatAdapter } from '../adapter.js';

/** Portable Run Records: one object per run with the schema's required fields. */
export const runRecord: FormatAdapter = {
  id: 'run-record',
  summary: 'Portable Run Record, one JSON object per run',
  reference: 'shared/specs/run-record.schema.json',
  // The eval and run it records, and the tool invocation names.
  identity: [
    'eval_id',
    'run_id',
    'condition',
    'tool_invocations.*.name',
    'conversation.events.*.type',
    'conversation.events.*.name',
  ],
  detect(value) {
    return (
      isRecord(value) &&
      typeof value.eval_id === 'string' &&
      typeof value.prompt === 'string' &&
      typeof value.final_message === 'string' &&
      Array.isArray(value.tool_invocations)
    );
  },
  writable: true,
  load: async () => {
    const [{ runRecordDecoder }, { runRecordEncoder }] = await Promise.all([
      import('./decoder.js'),
      import('./encoder.js'),
    ]);
    return { decoder: runRecordDecoder, encoder: runRecordEncoder };
  },
  facets: {
    clip: async () => (await import('./clip.js')).runRecordProfile,
    redaction: async () => (await import('./redact.js')).runRecordRedaction,
  },
  options: {
    evalId: { type: 'string', describe: 'run-record: eval_id (default: the session id)' },
    prompt: {
      type: 'string',
      describe: 'run-record: prompt as dispatched (default: the first user prompt)',
    },
    condition: {
      type: 'string',
      describe: 'run-record: condition (default: with_skill if --skill-path, else without_skill)',
    },
    skillPath: { type: 'string', describe: 'run-record: skill_path (default: null)' },
    fixtureFiles: {
      // One path per flag (repeat it for more): an array option would take the input files after
      // it as paths too.
      type: 'string',
      describe: 'run-record: files, a fixture path the run had; repeat for more (default: none)',
      repeatable: true,
      coerce: (v: string | string[]) => [v].flat(),
    },
    runIndex: { type: 'number', describe: 'run-record: run_index, 1-based (default: absent)' },
    conversation: {
      type: 'boolean',
      describe: 'run-record: include the conversation (events with rounds)',
    },
    timing: {
      type: 'string',
      describe: 'run-record: write {total_tokens, duration_ms, source} to FILE',
    },
    conversationFile: {
      type: 'string',
      describe: "run-record: the eval runner's conversation.json: messages and tools from it",
    },
    rounds: {
      type: 'boolean',
      describe: 'run-record: every input file is one round of one run (summed)',
    },
  },
};
