import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { copyFixtures, fixture } from '../shared.js';

/**
 * shared/fixtures/claude-code laid out as a Claude config directory, in a new temporary folder:
 * `<tmp>/projects/<fixture dir>/<id>.jsonl` with `<id>/subagents/` (only .jsonl files copied).
 */
export function claudeConfigDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'txpipe-claude-'));
  const src = fixture('claude-code');
  for (const dir of readdirSync(src)) {
    if (!statSync(join(src, dir)).isDirectory()) continue;
    mkdirSync(join(root, 'projects', dir), { recursive: true });
    copyFixtures(
      join(src, dir),
      join(root, 'projects', dir),
      (p) => statSync(p).isDirectory() || p.endsWith('.jsonl'),
    );
  }
  return root;
}

/** The files of each session of a projects tree (a subagent file belongs to its parent's id). */
export function sessionFiles(projects: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (dir: string, session?: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p, name === 'subagents' ? session : name);
      else if (name.endsWith('.jsonl')) {
        const id = dir.endsWith('subagents') ? (session as string) : basename(name, '.jsonl');
        out.set(id, [...(out.get(id) ?? []), p]);
      }
    }
  };
  for (const project of readdirSync(projects)) walk(join(projects, project));
  return out;
}

/**
 * Replies known only from `agent_progress` lines (no assistant entry of the files has their
 * `message.id:requestId`): their last report, summed.
 */
export function progressOnlyReplies(files: readonly string[]) {
  const own = new Set<string>();
  const copies = new Map<string, Record<string, number>>();
  for (const f of files) {
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const v = JSON.parse(line);
      if (v.type === 'assistant' && v.message?.usage) own.add(`${v.message.id}:${v.requestId}`);
      const m =
        v.type === 'progress' && v.data?.type === 'agent_progress' ? v.data.message : undefined;
      if (m?.message?.usage) copies.set(`${m.message.id}:${m.requestId}`, m.message.usage);
    }
  }
  const t = { input: 0, output: 0, cacheWrite: 0, cacheRead: 0 };
  for (const [k, u] of copies) {
    if (own.has(k)) continue;
    t.input += u.input_tokens ?? 0;
    t.output += u.output_tokens ?? 0;
    t.cacheWrite += u.cache_creation_input_tokens ?? 0;
    t.cacheRead += u.cache_read_input_tokens ?? 0;
  }
  return t;
}
