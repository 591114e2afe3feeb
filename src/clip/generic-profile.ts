import type { ClipProfile } from './profile.js';

/**
 * The profile of every format without one of its own (rupu, AWF, auto-swe, claude stream-json,
 * txpipe events, records no detector claims): the base limit everywhere and a top-level `clipped`
 * map keyed by path, which their specs allow (readers ignore unknown fields).
 */
export const genericProfile: ClipProfile = { id: 'generic', ruleSets: [[]], map: 'paths' };
