import { existsSync } from 'node:fs';
import { codexSessionsDir } from '../../formats/codex/sessions-dir.js';
import { geminiSessionFiles } from '../../formats/gemini/sessions-dir.js';
import { badOption } from '../../stream/errors.js';

/**
 * The agents `usage --agent` knows and the places each keeps its sessions in, read in addition
 * to the paths given. `claude` adds none: `usage` reads the paths it is given (or standard input),
 * as it always has. `all` is every agent's places that exist (an agent never used on this machine
 * adds nothing); an agent named alone whose place is missing is an error naming it.
 */
const AGENT_PLACES: Readonly<Record<string, () => readonly string[]>> = {
  claude: () => [],
  codex: () => [codexSessionsDir()],
  gemini: () => geminiSessionFiles(),
};

export const USAGE_AGENTS: readonly string[] = [...Object.keys(AGENT_PLACES), 'all'];

/** The arguments with the agent's places added to `files` (none for the default, `claude`). */
export function withAgentPlaces(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const agent = typeof args.agent === 'string' ? args.agent : 'claude';
  if (agent !== 'all' && !Object.hasOwn(AGENT_PLACES, agent)) {
    badOption(`usage: --agent must be one of ${USAGE_AGENTS.join(', ')}`);
  }
  const places =
    agent === 'all'
      ? Object.values(AGENT_PLACES).flatMap((p) => p().filter((path) => existsSync(path)))
      : AGENT_PLACES[agent]!();
  if (places.length === 0) return { ...args };
  const files = (args.files as readonly string[] | undefined) ?? [];
  return { ...args, files: [...files, ...places] };
}
