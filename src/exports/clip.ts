// txpipe/clip: the clip stage and its engine (strings, values, records, lines, limits, profiles).
// Listed in docs/api.md; the root entry exports it too.
export { clip, clipDefaults, clipProfileFor, type ClipOptions } from '../transforms/clip.js';
export {
  clipMarker,
  clipString,
  findMarker,
  utf8Prefix,
  type Clipped,
  type FoundMarker,
} from '../clip/clip-string.js';
export { clipValue, type Cut, type ValueLimits } from '../clip/clip-value.js';
export { recordClipper, type RecordClipper, type ProfileClipper } from '../clip/clip-record.js';
export { fitLine, type Fit } from '../clip/fit-line.js';
export { omitBinary, type OmittedImage, type OmittedVector } from '../clip/omit-binary.js';
export {
  makeLimits,
  parseSize,
  type LimitRule,
  type Limits,
  type PathSegment,
} from '../clip/limits.js';
export { genericProfile } from '../clip/generic-profile.js';
export type { ClipProfile, ClippedMapKind, ProfileRule } from '../clip/profile.js';
