import type { ClipProfile } from '../../../src/clip/profile.js';

/** What a parrot says is cut at 16 bytes; everything else at the base limit. */
export const parrotProfile: ClipProfile = {
  id: 'parrot',
  ruleSets: [[{ pattern: 'said', limit: 16 }]],
  map: 'paths',
};
