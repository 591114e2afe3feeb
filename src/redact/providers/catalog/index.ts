import type { ProviderFormat } from '../provider-format.js';
import { APPS_AND_AI } from './apps-and-ai.js';
import { CORE } from './core.js';
import { researchAAC } from './research-a-ac.js';
import { researchADG } from './research-a-dg.js';
import { researchAGitLab } from './research-a-gitlab.js';
import { researchAHL } from './research-a-hl.js';
import { RESEARCH_B_M_O } from './research-b-m-o.js';
import { RESEARCH_B_P_R } from './research-b-p-r.js';
import { RESEARCH_B_S } from './research-b-s.js';
import { RESEARCH_B_T_Z } from './research-b-t-z.js';
import { SECRETS_AND_INFRA } from './secrets-and-infra.js';

/**
 * Every provider token format `redact` removes: the catalog files of this folder, concatenated.
 * Adding a group of providers is one file here and one line below; adding a provider is one
 * object in a file (docs/commands/redact.md, "Token formats").
 */
export const CATALOG: readonly ProviderFormat[] = [
  ...CORE,
  ...SECRETS_AND_INFRA,
  ...APPS_AND_AI,
  ...researchAAC,
  ...researchADG,
  ...researchAGitLab,
  ...researchAHL,
  ...RESEARCH_B_M_O,
  ...RESEARCH_B_P_R,
  ...RESEARCH_B_S,
  ...RESEARCH_B_T_Z,
];
