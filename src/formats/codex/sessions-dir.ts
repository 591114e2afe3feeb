import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the Codex CLI keeps its rollouts: `$CODEX_HOME/sessions`, else `~/.codex/sessions`
 * (the Codex CLI's `CODEX_HOME`; ccusage's Codex reader looks in the same place).
 */
export function codexSessionsDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.CODEX_HOME;
  return join(home !== undefined && home !== '' ? home : join(homedir(), '.codex'), 'sessions');
}
