import { awfTreeCommand } from './awf-tree.js';
import { catCommand } from './cat.js';
import { clipCommand } from './clip.js';
import { convertCommand } from './convert.js';
import { dedupUsageCommand } from './dedup-usage.js';
import { detectCommand } from './detect.js';
import { redactCommand } from './redact.js';
import { normalizeCommand } from './normalize.js';
import { replayCommand } from './replay.js';
import type { CommandSpec } from './spec.js';
import { usageCommand } from './usage.js';

/** Every command, one line each; the CLI and its --help are generated from this list. */
export const commands: readonly CommandSpec[] = [
  catCommand,
  detectCommand,
  convertCommand,
  redactCommand,
  clipCommand,
  normalizeCommand,
  awfTreeCommand,
  dedupUsageCommand,
  usageCommand,
  replayCommand,
];

/** The command of a name, or undefined. */
export function getCommand(name: string): CommandSpec | undefined {
  return commands.find((c) => c.name === name);
}
