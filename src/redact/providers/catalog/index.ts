import type { ProviderFormat } from '../provider-format.js';
import { RESEARCH_B_M_O } from './research-b-m-o.js';
import { RESEARCH_B_P_R } from './research-b-p-r.js';
import { RESEARCH_B_S } from './research-b-s.js';
import { RESEARCH_B_T_Z } from './research-b-t-z.js';

/** Every provider token format in the catalog, research files spread in order. */
export const CATALOG: readonly ProviderFormat[] = [
  ...RESEARCH_B_M_O,
  ...RESEARCH_B_P_R,
  ...RESEARCH_B_S,
  ...RESEARCH_B_T_Z,
];
