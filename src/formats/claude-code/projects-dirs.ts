import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { TxpipeError } from '../../stream/errors.js';

/** Where Claude Code's folders were looked for, for a message that names them. */
export interface ClaudeProjectsDirs {
  /** The `projects` folders found, each once. */
  readonly found: readonly string[];
  /** The `projects` folders looked for. */
  readonly looked: readonly string[];
}

const isDir = (p: string): boolean =>
  statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;

/** `~` and `~/...` as the home folder. */
function expandHome(p: string): string {
  if (p === '~') return homedir();
  return p.startsWith('~/') ? join(homedir(), p.slice(2)) : p;
}

/**
 * Claude Code's `projects` folders, found as ccusage finds them: `CLAUDE_CONFIG_DIR` (one or
 * more config folders, comma-separated; a path that names the `projects` folder itself is taken
 * as its parent) when it is set and not empty, and then it is an error when none holds a
 * `projects` folder; else `$XDG_CONFIG_HOME/claude` (`~/.config/claude`) and `~/.claude`, those
 * that hold one. Each folder once, in that order.
 */
export function claudeProjectsDirs(env: NodeJS.ProcessEnv = process.env): ClaudeProjectsDirs {
  const listed = (env.CLAUDE_CONFIG_DIR ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const fromEnv = listed.length > 0;
  const configs = fromEnv
    ? listed.map((raw) => {
        const p = expandHome(raw);
        return basename(p) === 'projects' && isDir(p) ? dirname(p) : p;
      })
    : [
        join(env.XDG_CONFIG_HOME ? env.XDG_CONFIG_HOME : join(homedir(), '.config'), 'claude'),
        join(homedir(), '.claude'),
      ];
  const looked = [...new Set(configs.map((c) => join(c, 'projects')))];
  const found = looked.filter(isDir);
  if (fromEnv && found.length === 0) {
    throw new TxpipeError(
      'ERR_TXPIPE_INPUT',
      `no Claude Code projects folder in CLAUDE_CONFIG_DIR (${env.CLAUDE_CONFIG_DIR}): each of its paths must be a Claude config folder that holds projects/, or that projects/ folder`,
    );
  }
  return { found, looked };
}
