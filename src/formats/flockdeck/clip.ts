import { isRecord } from '../adapter.js';
import { KIB, type ClipProfile } from '../../clip/profile.js';

/** Line types whose `text` is a prompt or a message: cut at 32 KiB, not 8 (spec section 4). */
const MESSAGE_TYPES = new Set(['user_prompt', 'assistant_message']);

/**
 * Flockdeck v2 (shared/specs/flockdeck-recording-format.md, section 4): `text` of a prompt or a
 * message 32 KiB; `output`, `title`, `cwd`, `gitBranch`, other `text` and every string inside
 * `input` at the base limit (8 KiB). Nothing else is cut: the schema's `clipped` has only these
 * six keys. `clipped.input` is the input's length as JSON.
 */
export const flockdeckProfile: ClipProfile = {
  id: 'flockdeck',
  ruleSets: [[{ pattern: 'text', limit: 32 * KIB }], [{ pattern: 'text' }]],
  select: (value) => (isRecord(value) && MESSAGE_TYPES.has(value.type as string) ? 0 : 1),
  fields: new Set(['text', 'output', 'input', 'title', 'cwd', 'gitBranch']),
  map: 'fields',
  measuredAsJson: new Set(['input']),
};
