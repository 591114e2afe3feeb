import { autoSweRedaction } from '../../formats/auto-swe/redact.js';
import { awfRedaction } from './awf.js';
import { claudeCodeRedaction } from './claude-code.js';
import { flockdeckRedaction } from './flockdeck.js';
import { rupuRedaction } from './rupu.js';
import { txpipeRedaction } from './txpipe.js';
import type { FormatRedaction } from './withhold.js';

/** Where each format keeps tool calls and results, one line per format file. */
export const formatRedactions: readonly FormatRedaction[] = [
  claudeCodeRedaction,
  flockdeckRedaction,
  rupuRedaction,
  awfRedaction,
  txpipeRedaction,
  autoSweRedaction,
];

const byFormat = new Map(formatRedactions.flatMap((r) => r.formats.map((f) => [f, r] as const)));

/** The withholding rules for a format id, or undefined (the format has no tool calls). */
export function formatRedaction(formatId: string | undefined): FormatRedaction | undefined {
  return formatId === undefined ? undefined : byFormat.get(formatId);
}
