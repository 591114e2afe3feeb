import { KIB, type ClipProfile } from '../../clip/profile.js';

/**
 * Codex rollouts: message texts (`response_item` content, reasoning summaries, the `event_msg`
 * mirrors' `message`, a compaction's summary) 32 KiB, as other formats' prompts and messages;
 * tool arguments, inputs and outputs at the base limit. A reasoning item's `encrypted_content`
 * is never cut: it is an opaque blob the API takes back whole or not at all. The `clipped` map
 * is a top-level object keyed by path (Codex's reader ignores fields it does not know).
 */
export const codexProfile: ClipProfile = {
  id: 'codex',
  ruleSets: [
    [
      { pattern: 'payload.encrypted_content', limit: Infinity },
      { pattern: 'payload.content.*.text', limit: 32 * KIB },
      { pattern: 'payload.summary.*.text', limit: 32 * KIB },
      { pattern: 'payload.message', limit: 32 * KIB },
      { pattern: 'payload.text', limit: 32 * KIB },
    ],
  ],
  map: 'paths',
};
