import { KIB, type ClipProfile } from '../../clip/profile.js';

/**
 * Claude Code session entries: the texts of messages (a prompt's string content, `text` and
 * `thinking` blocks) 32 KiB, as Flockdeck cuts prompts and messages; tool results (a
 * `tool_result` block's content), tool inputs and every `toolUseResult` string at the base limit.
 * A thinking block's `signature` is never cut: it is an opaque token that is worthless once
 * cut, and the API bounds its size. The first matching rule wins, so the narrower paths come first. The `clipped` map is a
 * top-level object keyed by path: Claude Code has no closed schema for its entries.
 */
export const claudeCodeProfile: ClipProfile = {
  id: 'claude-code',
  ruleSets: [
    [
      { pattern: 'message.content.*.signature', limit: Infinity },
      { pattern: 'message.content.*.content' },
      { pattern: 'message.content.*.text', limit: 32 * KIB },
      { pattern: 'message.content.*.thinking', limit: 32 * KIB },
      { pattern: 'message.content.*' },
      { pattern: 'message.content', limit: 32 * KIB },
      { pattern: 'toolUseResult' },
    ],
  ],
  map: 'paths',
};
