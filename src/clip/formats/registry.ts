import { claudeCodeProfile } from '../../formats/claude-code/clip.js';
import { flockdeckProfile } from '../../formats/flockdeck/clip.js';
import type { ClipProfile } from '../profile.js';
import { runRecordProfile } from '../../formats/run-record/clip.js';

/**
 * Every format without a profile of its own (rupu, AWF, auto-swe, claude stream-json, txpipe
 * events, records no detector claims): the base limit everywhere and a top-level `clipped` map
 * keyed by path, which their specs allow (readers ignore unknown fields).
 */
export const genericProfile: ClipProfile = { id: 'generic', ruleSets: [[]], map: 'paths' };

/** Format-aware clipping profiles, one line each, by format id. */
export const clipProfiles: readonly ClipProfile[] = [
  flockdeckProfile,
  claudeCodeProfile,
  runRecordProfile,
  genericProfile,
];

const byId = new Map(clipProfiles.map((p) => [p.id, p]));

/** The profile for a format id; the generic one for a format without its own. */
export function clipProfileFor(formatId: string | undefined): ClipProfile {
  return (formatId !== undefined ? byId.get(formatId) : undefined) ?? genericProfile;
}
