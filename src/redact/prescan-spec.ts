import { compilePrescan } from './prescan.js';
import { prescanFlockdeck } from './flockdeck/prescan-flockdeck.js';

/**
 * What a redactor's prescan is made of, as data another thread can rebuild it from (structured-
 * clonable): the rule set, and for `txpipe` the config's names and patterns.
 */
export type PrescanSpec =
  | { readonly rules: 'flockdeck' }
  | {
      readonly rules: 'txpipe';
      readonly names: readonly string[];
      readonly patterns: readonly { readonly source: string; readonly flags: string }[];
    };

/** The prescan `spec` describes: the same function as the redactor's (`createRedactor`). */
export function prescanOfSpec(spec: PrescanSpec): (s: string) => number {
  if (spec.rules === 'flockdeck') return prescanFlockdeck;
  return compilePrescan(
    spec.names,
    spec.patterns.map((p) => new RegExp(p.source, p.flags)),
  );
}

/** The module of the worker that runs a prescan ahead of `redact` (prescan-worker.ts). */
export const PRESCAN_WORKER = new URL('./prescan-worker.js', import.meta.url);
