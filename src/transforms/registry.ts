import { catCommand } from './cat.js';
import { clipCommand } from './clip.js';
import { convertCommand } from './convert.js';
import { detectCommand } from './detect.js';
import { redactCommand } from './redact.js';
import { replayCommand } from './replay.js';
import type { CommandSpec } from './spec.js';

/** Every command, one line each; the CLI and its --help are generated from this list. */
export const commands: readonly CommandSpec[] = [
  catCommand,
  detectCommand,
  convertCommand,
  redactCommand,
  clipCommand,
  replayCommand,
];

/** The command of a name, or undefined. */
export function getCommand(name: string): CommandSpec | undefined {
  return commands.find((c) => c.name === name);
}
