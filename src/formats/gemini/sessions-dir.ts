import { readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where Gemini CLI keeps its sessions: `~/.gemini/tmp`, the home being `$GEMINI_CLI_HOME` when it
 * is set (Gemini CLI's `homedir()`, packages/core/src/utils/paths.ts).
 */
export function geminiTmpDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.GEMINI_CLI_HOME;
  return join(home !== undefined && home !== '' ? home : homedir(), '.gemini', 'tmp');
}

const SESSION_FILE = /\.jsonl?$/;

function filesBelow(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    const path = join(dir, e.name);
    const kind = e.isSymbolicLink() ? statSync(path) : e;
    if (kind.isFile() && SESSION_FILE.test(e.name)) out.push(path);
    else if (kind.isDirectory()) filesBelow(path, out);
  }
}

/**
 * Gemini CLI's session files: `<tmp>/<project>/chats/` and its subagent folders
 * (`chats/<parent session id>/`), `.jsonl` and legacy `.json` files, in name order. `<project>` is
 * the project's hash (older versions) or its short name. A directory walk of txpipe reads only
 * `.jsonl`, so the files are listed here. Without any, the `tmp` folder itself: reading it then
 * fails naming it when it is missing, and gives nothing when it holds no session.
 */
export function geminiSessionFiles(env: NodeJS.ProcessEnv = process.env): string[] {
  const tmp = geminiTmpDir(env);
  let projects: string[];
  try {
    projects = readdirSync(tmp).sort();
  } catch {
    return [tmp];
  }
  const out: string[] = [];
  for (const p of projects) {
    const chats = join(tmp, p, 'chats');
    let isDir = false;
    try {
      isDir = statSync(chats).isDirectory();
    } catch {
      continue;
    }
    if (isDir) filesBelow(chats, out);
  }
  // None yet: the folder itself, whose walk finds nothing, so that standard input is not read.
  return out.length > 0 ? out : [tmp];
}
