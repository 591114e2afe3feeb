import { existsSync } from 'node:fs';
import { claudeProjectsDirs } from '../../formats/claude-code/projects-dirs.js';
import { codexSessionsDir } from '../../formats/codex/sessions-dir.js';
import { geminiSessionFiles } from '../../formats/gemini/sessions-dir.js';
import { badOption, TxpipeError } from '../../stream/errors.js';

/**
 * The agents `usage --agent` knows and the places each keeps its sessions in. `claude`: the
 * Claude Code `projects` folders that exist (as ccusage finds them, `claudeProjectsDirs`);
 * `codex`: its sessions folder (a missing one is an error naming it); `gemini`: its session
 * files (`geminiSessionFiles`). `all` is every agent's places that exist (an agent never used on
 * this machine adds nothing).
 */
const AGENT_PLACES: Readonly<Record<string, () => readonly string[]>> = {
  claude: () => claudeProjectsDirs().found,
  codex: () => [codexSessionsDir()],
  gemini: () => geminiSessionFiles(),
};

export const USAGE_AGENTS: readonly string[] = [...Object.keys(AGENT_PLACES), 'all'];

/** What `usage` says when it has nothing to read (instead of waiting on a terminal). */
function nothingToRead(): TxpipeError {
  const { looked } = claudeProjectsDirs();
  return new TxpipeError(
    'ERR_TXPIPE_BAD_OPTION',
    `usage: no path given and no Claude Code projects folder found (looked in ${looked.join(', ')}): give files or folders, - for standard input, or set CLAUDE_CONFIG_DIR`,
  );
}

/**
 * The arguments with the places to read in `files`. No path and no `--agent`: Claude Code's
 * folders (standard input is read only when `-` is given). `--agent X`: X's places added to the
 * paths given. Nothing to read at all is an error with a hint, never a wait on standard input.
 */
export function withAgentPlaces(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const files = (args.files as readonly string[] | undefined) ?? [];
  const given = typeof args.agent === 'string' ? args.agent : undefined;
  if (given !== undefined && given !== 'all' && !Object.hasOwn(AGENT_PLACES, given)) {
    badOption(`usage: --agent must be one of ${USAGE_AGENTS.join(', ')}`);
  }
  const agent = given ?? (files.length === 0 ? 'claude' : undefined);
  if (agent === undefined) return { ...args };
  const places =
    agent === 'all'
      ? Object.values(AGENT_PLACES).flatMap((p) => p().filter((path) => existsSync(path)))
      : AGENT_PLACES[agent]!();
  if (files.length === 0 && places.length === 0) throw nothingToRead();
  return { ...args, files: [...files, ...places] };
}
