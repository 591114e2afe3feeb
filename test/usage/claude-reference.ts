import { readFileSync } from 'node:fs';

/**
 * The reference the tests hold txpipe to, written as plainly as possible and independently of
 * src/usage: every `assistant` entry with `message.usage` of the files, grouped by
 * `message.id:requestId` over the whole input, the group's LAST report counted once; entries
 * without an id counted each.
 */
export function lastPerReply(files: readonly string[]): {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
  replies: number;
} {
  const groups = new Map<string, Record<string, number>>();
  let n = 0;
  for (const f of files) {
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const v = JSON.parse(line) as {
        type?: string;
        requestId?: string;
        message?: { id?: string; usage?: Record<string, number> };
      };
      if (v.type !== 'assistant' || !v.message?.usage) continue;
      const key = v.message.id ? `${v.message.id}:${v.requestId ?? ''}` : `#${n++}`;
      groups.set(key, v.message.usage);
    }
  }
  const t = { input: 0, output: 0, cacheWrite: 0, cacheRead: 0, replies: groups.size };
  for (const u of groups.values()) {
    t.input += u.input_tokens ?? 0;
    t.output += u.output_tokens ?? 0;
    t.cacheWrite += u.cache_creation_input_tokens ?? 0;
    t.cacheRead += u.cache_read_input_tokens ?? 0;
  }
  return t;
}
