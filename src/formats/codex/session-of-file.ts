import { basename } from 'node:path';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session a rollout file names before its `session_meta` says (`rollout-<time>-<uuid>.jsonl`:
 * the uuid), else the file's name; `codex` for standard input.
 */
export function sessionOfFile(source: string): string {
  if (source === '-') return 'codex';
  const name = basename(source).replace(/\.(jsonl|ndjson)(\.gz)?$/, '');
  return UUID.exec(name)?.[0] ?? name;
}
