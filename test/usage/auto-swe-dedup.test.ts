import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../shared.js';
import { cliInProcess } from '../cli-in-process.js';

const file = (name: string): string => join(repoRoot, 'test', 'fixtures', 'auto-swe', name);

type Line = { type?: string; message?: { id?: string; usage?: { output_tokens: number } } };

/** [message id, output tokens or null] of every assistant line of the session-file records. */
function reports(jsonl: string): [string | undefined, number | null][] {
  const out: [string | undefined, number | null][] = [];
  for (const l of jsonl.trim().split('\n')) {
    const r = JSON.parse(l) as { kind?: string; lines?: unknown[] };
    if (r.kind !== 'harness_session_file') continue;
    for (const x of r.lines ?? []) {
      const e = x as Line;
      if (typeof x === 'object' && e.type === 'assistant') {
        out.push([e.message?.id, e.message?.usage?.output_tokens ?? null]);
      }
    }
  }
  return out;
}

/** Output tokens summed over every session-file line and http call, as a naive reader would. */
function naiveOutput(jsonl: string): number {
  return reports(jsonl).reduce((n, [, o]) => n + (o ?? 0), 0);
}

describe('dedup-usage on auto-swe transcripts', () => {
  it('keeps the last report per message id, across deltas, the sidechain apart', async () => {
    const r = await cliInProcess(['dedup-usage', file('harness.jsonl')]);
    expect(r.code).toBe(0);
    expect(reports(r.stdout)).toEqual([
      ['msg_h1', null],
      ['msg_h1', 85],
      ['msg_sc1', 12],
      ['msg_h2', null], // cut across two deltas: the next turn's report is the last
      ['msg_h2', 140],
      ['msg_h3', 9],
    ]);
    // every other record is written as it was read, in order
    const ins = readFileSync(file('harness.jsonl'), 'utf8').trim().split('\n');
    const outs = r.stdout.trim().split('\n');
    expect(outs.length).toBe(ins.length);
    ins.forEach((l, i) => {
      if (!l.includes('"harness_session_file"')) expect(outs[i]).toBe(l);
    });
  });

  it('--keep first keeps the first report', async () => {
    const r = await cliInProcess(['dedup-usage', '--keep', 'first', file('harness.jsonl')]);
    expect(reports(r.stdout).filter(([, o]) => o !== null)).toEqual([
      ['msg_h1', 3],
      ['msg_sc1', 12],
      ['msg_h2', 20],
      ['msg_h3', 9],
    ]);
  });

  it('after it, summing every line gives what usage counts', async () => {
    const before = readFileSync(file('harness.jsonl'), 'utf8');
    expect(naiveOutput(before)).toBe(3 + 85 + 12 + 20 + 140 + 9); // the overcount
    const r = await cliInProcess(['dedup-usage', file('harness.jsonl')]);
    const u = await cliInProcess(['usage', '--json', file('harness.jsonl')]);
    const totals = (JSON.parse(u.stdout) as { totals: { output: number } }).totals;
    expect(naiveOutput(r.stdout)).toBe(totals.output);
    expect(totals.output).toBe(85 + 12 + 140 + 9);
  });

  it('a delta read again (after a reset) counts no reply twice', async () => {
    const lines = readFileSync(file('harness.jsonl'), 'utf8').trim().split('\n');
    const first = lines.find((l) => l.includes('"harness_session_file"'))!;
    const again = JSON.stringify({ ...(JSON.parse(first) as object), reset: true, offset: 0 });
    const r = await cliInProcess(['dedup-usage'], { stdin: `${first}\n${again}\n` });
    // each reply keeps its usage once: msg_h1 and msg_h2 in the first delta, the subagent's
    // still-open reply on its last report (in the re-read)
    expect(reports(r.stdout).filter(([, o]) => o !== null)).toEqual([
      ['msg_h1', 85],
      ['msg_h2', 20],
      ['msg_sc1', 12],
    ]);
  });
});
