import type { ProviderFormat } from '../provider-format.js';
import { APPS_AND_AI } from './apps-and-ai.js';
import { CORE } from './core.js';
import { researchAAC } from './research-a-ac.js';
import { researchADG } from './research-a-dg.js';
import { researchAGitLab } from './research-a-gitlab.js';
import { researchAHL } from './research-a-hl.js';
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
];
