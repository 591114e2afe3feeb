import type { ProviderFormat } from '../provider-format.js';
import { researchAAC } from './research-a-ac.js';
import { researchADG } from './research-a-dg.js';
import { researchAGitLab } from './research-a-gitlab.js';
import { researchAHL } from './research-a-hl.js';

/** Every provider token format in the catalog, one entry per documented format. */
export const CATALOG: readonly ProviderFormat[] = [
  ...researchAAC,
  ...researchADG,
  ...researchAGitLab,
  ...researchAHL,
];
