import { awfTreeCommand } from './commands/awf-tree.js';
import { catCommand } from './commands/cat.js';
import { clipCommand } from './commands/clip.js';
import { convertCommand } from './commands/convert.js';
import { dedupUsageCommand } from './commands/dedup-usage.js';
import { detectCommand } from './commands/detect.js';
import { redactCommand } from './commands/redact.js';
import { normalizeCommand } from './commands/normalize.js';
import { otlpSendCommand } from './commands/otlp-send.js';
import { replayCommand } from './commands/replay.js';
import { runCommandSpec } from './commands/run.js';
import { workerCommand } from './commands/worker.js';
import type { CommandSpec } from './spec.js';
import { usageCommand } from './commands/usage.js';
import { verifyCommand } from './commands/verify.js';

/**
 * Every command, one line each; the CLI and its --help are generated from this list. Each entry
 * is cheap to import: a command's module with its stages is loaded by `load()` when it runs.
 */
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
  runCommandSpec,
  workerCommand,
  verifyCommand,
  otlpSendCommand,
];

/** The command of a name, or undefined. */
export function getCommand(name: string): CommandSpec | undefined {
  return commands.find((c) => c.name === name);
}
