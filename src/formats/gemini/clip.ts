import { KIB, type ClipProfile, type ProfileRule } from '../../clip/profile.js';

/** Where a message stands: a line of its own, a legacy session's `messages`, a checkpoint's. */
const AT: readonly string[] = ['', 'messages.*.', '$set.messages.*.'];

const rules = (path: string, limit?: number): ProfileRule[] =>
  AT.map((at) => (limit === undefined ? { pattern: at + path } : { pattern: at + path, limit }));

/**
 * Gemini CLI sessions: message texts (`content`, its text parts, `displayContent`) and thoughts
 * 32 KiB, as other formats' prompts and messages; tool arguments, results and their display, and
 * the function responses a user turn repeats, at the base limit. The same rules for a message in a
 * legacy session's `messages` and a checkpoint's `$set.messages`. The `clipped` map is a top-level
 * object keyed by path (Gemini CLI keeps fields it does not know).
 */
export const geminiProfile: ClipProfile = {
  id: 'gemini',
  ruleSets: [
    [
      ...rules('toolCalls'),
      ...rules('content.*.functionResponse'),
      ...rules('content', 32 * KIB),
      ...rules('displayContent', 32 * KIB),
      ...rules('thoughts', 32 * KIB),
    ],
  ],
  map: 'paths',
};
