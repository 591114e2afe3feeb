import { basename, dirname, sep } from 'node:path';

/**
 * The project an input belongs to: for a Claude Code session file
 * (`.../projects/<project>/<id>.jsonl`, subagents below `<id>/subagents/`), the folder right
 * below the last `projects` folder of its path (ccusage's project); for any other file, the name
 * of its folder (of its session's folder, for a file in a `subagents` folder); `-` for standard
 * input.
 */
export function projectOf(source: string): string {
  if (source === '-') return '-';
  const parts = source.split(sep);
  const at = parts.lastIndexOf('projects');
  if (at >= 0 && at < parts.length - 2) return parts[at + 1]!;
  // A subagent's file (`<project>/<id>/subagents/<agent>.jsonl`) is its parent session's.
  const dir = dirname(source);
  const folder = basename(dir) === 'subagents' ? dirname(dirname(dir)) : dir;
  return basename(folder) || '.';
}
