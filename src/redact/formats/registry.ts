import { awfRedaction } from '../../formats/awf/redact.js';
import { claudeCodeRedaction } from '../../formats/claude-code/redact.js';
import { flockdeckRedaction } from '../../formats/flockdeck/redact.js';
import { rupuRedaction } from '../../formats/rupu/redact.js';
import { txpipeRedaction } from '../../formats/txpipe/redact.js';
import type { FormatRedaction } from '../withhold.js';

/** Where each format keeps tool calls and results, one line per format file. */
export const formatRedactions: readonly FormatRedaction[] = [
  claudeCodeRedaction,
  flockdeckRedaction,
  rupuRedaction,
  awfRedaction,
  txpipeRedaction,
];

const byFormat = new Map(formatRedactions.flatMap((r) => r.formats.map((f) => [f, r] as const)));

/** The withholding rules for a format id, or undefined (the format has no tool calls). */
export function formatRedaction(formatId: string | undefined): FormatRedaction | undefined {
  return formatId === undefined ? undefined : byFormat.get(formatId);
}
