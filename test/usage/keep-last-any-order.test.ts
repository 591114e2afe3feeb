// Issue 24, item 14: `usage --keep last` (and `dedup-usage --keep last`) choose a reply's final
// report by its time and content (the latest timestamp, then the one with `stop_reason`, then the
// largest counts), not by its place in the file: the same totals whatever the order of the lines.
// ccusage 20.0.24 gives 49,473 output tokens and 16,872,067 in all on this session, forward and
// reversed (measured with scripts/ccusage.sh; docs/usage-evidence.md).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, txpipe } from '../cli/run.js';
import { fixture } from '../shared.js';

const session = fixture(
  'claude-code',
  'marot-spotter',
  'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl',
);
const CCUSAGE = { output: 49_473, total: 16_872_067 };

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-keep-order-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const lines = readFileSync(session, 'utf8')
  .split('\n')
  .filter((l) => l !== '');

/** The reply key of a line (message id and request id), or the line itself. */
function replyOf(line: string): string {
  const v = JSON.parse(line) as { requestId?: string; message?: { id?: string } };
  return v.message?.id !== undefined ? `${v.message.id}:${v.requestId}` : line;
}

/** The lines in runs of one reply each (a reply's entries stay together), each run reordered. */
function perReply(reorder: (run: string[]) => string[]): string[] {
  const runs: string[][] = [];
  for (const l of lines) {
    const last = runs[runs.length - 1];
    if (last && replyOf(last[0]!) === replyOf(l)) last.push(l);
    else runs.push([l]);
  }
  return runs.flatMap(reorder);
}

const orders: readonly [string, string[]][] = [
  ['as written', lines],
  ['reversed', [...lines].reverse()],
  ["each reply's entries reversed", perReply((r) => [...r].reverse())],
  ["each reply's entries rotated by one", perReply((r) => [...r.slice(1), ...r.slice(0, 1)])],
];

function totals(args: readonly string[], file: string): { output: number; total: number } {
  const r = txpipe([...args, file]);
  expect(r.code, r.stderr).toBe(0);
  const t = (JSON.parse(r.stdout) as { totals: { output: number; total: number } }).totals;
  return { output: t.output, total: t.total };
}

describe('--keep last: the same totals whatever the order of the lines', () => {
  it.each(orders)('%s: usage gives ccusage’s totals', (name, order) => {
    // The file keeps its session's name: the session is named by it, as ccusage names it.
    const dir = mkdtempSync(join(tmp, 'o-'));
    const file = join(dir, 'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl');
    writeFileSync(file, order.join('\n') + '\n');
    expect(totals(['usage', '--json', '--keep', 'last'], file), name).toEqual(CCUSAGE);
  });

  /** What `dedup-usage --keep last` leaves of `order`, summed (each report left counted once). */
  function dedupedTotals(order: readonly string[]): { output: number; total: number } {
    const dir = mkdtempSync(join(tmp, 'd-'));
    const file = join(dir, 'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl');
    writeFileSync(file, order.join('\n') + '\n');
    const deduped = txpipe(['dedup-usage', '--keep', 'last', file]);
    expect(deduped.code).toBe(0);
    const out = join(dir, 'deduped.jsonl');
    writeFileSync(out, deduped.stdout);
    return totals(['usage', '--json', '--keep', 'first'], out);
  }

  // dedup-usage also strips the subagent copies in `progress` lines (6 output tokens here).
  it.each(orders)('%s: dedup-usage keeps the same reports', (name, order) => {
    expect(dedupedTotals(order), name).toEqual({ output: 49_467, total: 16_840_458 });
  });
});
