import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { isRecord } from '../adapter.js';

/** Where a subagent file sits: `<dir>/<session id>/subagents/agent-<agentId>.jsonl`. */
const SUBAGENT =
  /(?:^|[\\/])([^\\/]+)[\\/]subagents[\\/]agent-([^\\/]+?)\.(?:jsonl|ndjson)(?:\.gz)?$/;

/** A source's session id: its file name without `.jsonl`/`.ndjson`/`.gz` (Claude Code names files by id). */
export function sessionOfSource(source: string): string | undefined {
  if (source === '-' || source === '') return undefined;
  return basename(source).replace(/\.(jsonl|ndjson|json)(\.gz)?$/, '');
}

export interface SubagentPlace {
  /** The parent session's id (the folder the `subagents/` folder is in). */
  readonly parentSession: string;
  readonly agentId: string;
  /** Where its `.meta.json` would be. */
  readonly metaPath: string;
}

/** Is this source a subagent's file of a session? */
export function subagentOf(source: string): SubagentPlace | undefined {
  const m = SUBAGENT.exec(source);
  if (!m) return undefined;
  return {
    parentSession: m[1]!,
    agentId: m[2]!,
    metaPath: source.replace(/\.(jsonl|ndjson)(\.gz)?$/, '.meta.json'),
  };
}

/**
 * The call that started a subagent, from its `.meta.json` (`toolUseId`), or undefined when the
 * file is missing or says none. Small and read once per subagent file.
 */
export function readSubagentCall(place: SubagentPlace): string | undefined {
  try {
    const meta: unknown = JSON.parse(readFileSync(place.metaPath, 'utf8'));
    return isRecord(meta) && typeof meta.toolUseId === 'string' ? meta.toolUseId : undefined;
  } catch {
    return undefined; // no meta file: the link is looked for in the parent's progress entries
  }
}
