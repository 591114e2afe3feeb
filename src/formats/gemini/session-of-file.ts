import { basename } from 'node:path';

/**
 * The session a file names before its metadata line says: `session-<time>-<id8>.jsonl` (a main
 * session: the first 8 characters of its id) or `<id>.jsonl` (a subagent's), as the file's name
 * without its extension; `gemini` for standard input.
 */
export function sessionOfFile(source: string): string {
  if (source === '-') return 'gemini';
  return basename(source).replace(/\.(jsonl?|ndjson)(\.gz)?$/, '');
}
