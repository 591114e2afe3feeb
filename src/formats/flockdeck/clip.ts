import { isRecord } from '../adapter.js';
import { KIB, type ClipProfile } from '../../clip/profile.js';

/** Line types whose `text` is a fixed text the schema pins (a `const`): never cut. */
const FIXED_TEXT_TYPES = new Set(['recording_started', 'recording_stopped']);
const TEXT: ReadonlySet<string> = new Set(['text']);

/** Line types whose `text` is a prompt or a message: cut at 32 KiB, not 8 (spec section 4). */
const MESSAGE_TYPES = new Set(['user_prompt', 'assistant_message']);

/**
 * Flockdeck v2 (shared/specs/flockdeck-recording-format.md, section 4): `text` of a prompt or a
 * message 32 KiB; `output`, `title`, `cwd`, `gitBranch`, other `text` and every string inside
 * `input` at the base limit (8 KiB). Nothing else is cut: the schema's `clipped` has only these
 * six keys, and never the fixed `text` of a recording_started / recording_stopped line (the
 * schema pins it). `clipped.input` is the input's length as JSON.
 */
export const flockdeckProfile: ClipProfile = {
  id: 'flockdeck',
  ruleSets: [[{ pattern: 'text', limit: 32 * KIB }], [{ pattern: 'text' }]],
  select: (value) => (isRecord(value) && MESSAGE_TYPES.has(value.type as string) ? 0 : 1),
  fields: new Set(['text', 'output', 'input', 'title', 'cwd', 'gitBranch']),
  map: 'fields',
  measuredAsJson: new Set(['input']),
  // Its writer records a field that already ends in a marker as the bytes before it + N.
  mapMarked: true,
  fixed: (value) => (FIXED_TEXT_TYPES.has(value.type as string) ? TEXT : undefined),
};
