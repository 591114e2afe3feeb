import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { fixture } from '../shared.js';

/** Every Claude Code session file of the fixtures (subagent files included), in name order. */
function sessionFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sessionFiles(path);
      return name.endsWith('.jsonl') ? [path] : [];
    });
}

/** A line's session: its `sessionId`, else the session of the file it is in. */
function sessionOf(line: string, fileSession: string): string {
  try {
    const v = JSON.parse(line) as { sessionId?: unknown };
    return typeof v.sessionId === 'string' ? v.sessionId : fileSession;
  } catch {
    return fileSession;
  }
}

/**
 * What a batch engine does before piping partitions through a process (Spark's
 * `repartitionAndSortWithinPartitions` then `RDD.pipe`, Hadoop Streaming's partitioner and sort):
 * each line goes to the partition of a hash of its session, a session's lines keep their order,
 * and a partition holds its sessions one after another.
 */
function partitionBySession(files: readonly string[], partitions: number): string[] {
  const bySession = new Map<string, string[]>();
  for (const file of files) {
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const fileSession = lines.map((l) => sessionOf(l, '')).find((s) => s !== '') ?? file;
    for (const line of lines) {
      const s = sessionOf(line, fileSession);
      bySession.set(s, [...(bySession.get(s) ?? []), line]);
    }
  }
  const parts: string[][] = Array.from({ length: partitions }, () => []);
  for (const session of [...bySession.keys()].sort()) {
    const h = createHash('sha1').update(session).digest().readUInt32BE(0) % partitions;
    parts[h]?.push(...(bySession.get(session) as string[]));
  }
  return parts.map((lines) => lines.map((l) => `${l}\n`).join(''));
}

/** Token totals summed over every usage left in the records (one per reply after dedup-usage). */
function summedUsage(jsonl: string): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const line of jsonl.split('\n')) {
    if (line === '') continue;
    const usage = (JSON.parse(line) as { message?: { usage?: Record<string, unknown> } }).message
      ?.usage;
    for (const [k, v] of Object.entries(usage ?? {})) {
      if (typeof v === 'number') sum[k] = (sum[k] ?? 0) + v;
    }
  }
  return sum;
}

const sortedLines = (jsonl: string): string[] =>
  jsonl
    .split('\n')
    .filter((l) => l !== '')
    .sort();

beforeAll(ensureBuilt);

describe('partitioned by session, stateful stages give what one process gives', () => {
  const files = sessionFiles(fixture('claude-code'));
  const all = files.map((f) => readFileSync(f, 'utf8')).join('');
  const pipeline = 'redact | dedup-usage';

  it.each([2, 3])('%i partitions: the same records and the same usage totals', (n) => {
    const one = txpipe(['run', pipeline], { input: all });
    expect(one.code, one.stderr).toBe(0);
    const parts = partitionBySession(files, n);
    expect(parts.filter((p) => p !== '').length).toBeGreaterThan(1); // really split
    const outs = parts.map((input) => {
      const r = txpipe(['run', pipeline], { input });
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    });
    const joined = outs.join('');
    expect(sortedLines(joined)).toEqual(sortedLines(one.stdout));
    expect(summedUsage(joined)).toEqual(summedUsage(one.stdout));
    const totals = (jsonl: string): unknown => {
      const r = txpipe(['usage', '--json', '-'], { input: jsonl });
      const report = JSON.parse(r.stdout) as { totals: unknown; models: unknown };
      return { totals: report.totals, models: report.models };
    };
    expect(totals(joined)).toEqual(totals(one.stdout));
  });

  it('split without regard to session, dedup-usage can count a reply twice (why partitioning matters)', () => {
    // Cut every session in the middle of its lines: two halves, as a round-robin split would.
    const lines = all.split('\n').filter((l) => l !== '');
    const usageTotal = (jsonl: string): number => summedUsage(jsonl).output_tokens ?? 0;
    const one = usageTotal(txpipe(['run', pipeline], { input: all }).stdout);
    let worst = one;
    for (let cut = 1; cut < lines.length; cut += 7) {
      const halves = [lines.slice(0, cut), lines.slice(cut)].map((h) =>
        h.map((l) => `${l}\n`).join(''),
      );
      const split = halves.map((input) => usageTotal(txpipe(['run', pipeline], { input }).stdout));
      worst = Math.max(worst, (split[0] ?? 0) + (split[1] ?? 0));
      if (worst !== one) break;
    }
    expect(worst).not.toBe(one);
  });
});
