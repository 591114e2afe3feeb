import { KIB, type ClipProfile } from '../../clip/profile.js';

/**
 * Portable Run Records (shared/specs/run-record.schema.json): tool results about 2 KiB, as the
 * schema's description asks ("Truncate long outputs to ~2KB"); the prompt, the final message and
 * conversation texts 32 KiB. The schema has `additionalProperties: false` on the record, on each
 * tool invocation and on each conversation event, so no `clipped` map can be added anywhere that
 * stays valid: run records are clipped without one, and each marker's N is the only account.
 */
export const runRecordProfile: ClipProfile = {
  id: 'run-record',
  ruleSets: [
    [
      { pattern: 'tool_invocations.*.result', limit: 2 * KIB },
      { pattern: 'conversation.events.*.result', limit: 2 * KIB },
      { pattern: 'prompt', limit: 32 * KIB },
      { pattern: 'final_message', limit: 32 * KIB },
      { pattern: 'conversation.events.*.text', limit: 32 * KIB },
    ],
  ],
  map: 'none',
};
