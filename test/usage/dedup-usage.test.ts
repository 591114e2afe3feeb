import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dedupUsage } from '../../src/transforms/dedup-usage.js';
import type { Rec } from '../../src/stream/rec.js';
import { bin, ensureBuilt, fixture } from '../shared.js';
import { lastPerReply } from './claude-reference.js';
import { entry, outputSum, recsFrom, recsOf, through, usageOf } from './records.js';

function jsonlBelow(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...jsonlBelow(p));
    else if (name.endsWith('.jsonl')) out.push(p);
  }
  return out;
}

const realFiles = jsonlBelow(fixture('claude-code'));

function withoutUsage(v: unknown): unknown {
  const o = structuredClone(v) as {
    type?: string;
    message?: { usage?: unknown };
    data?: { message?: { message?: { usage?: unknown } } };
  };
  if (o.type === 'assistant') delete o.message?.usage;
  else delete o.data?.message?.message?.usage;
  return o;
}

/** Every output record is its input object, or a copy that differs only by the usage removed. */
function expectOnlyUsageRemoved(input: readonly Rec[], output: readonly Rec[]): void {
  expect(output.map((r) => `${r.source}:${r.line}`)).toEqual(
    input.map((r) => `${r.source}:${r.line}`),
  );
  output.forEach((o, i) => {
    const orig = input[i] as Rec;
    if (o === orig) return;
    expect(o.changed).toBe(true);
    expect(o.value).toEqual(withoutUsage(orig.value));
  });
}

describe('dedupUsage on the real Claude Code sessions', () => {
  it.each(realFiles.map((f) => [f.slice(fixture('claude-code').length + 1), f]))(
    '%s: one usage per reply, the last, and nothing else changed',
    async (_name, file) => {
      const input = recsOf([file]);
      const output = await through(dedupUsage(), input);
      expectOnlyUsageRemoved(input, output);
      const ref = lastPerReply([file]);
      const kept = output.filter((r) => usageOf(r) !== undefined);
      expect(kept).toHaveLength(ref.replies);
      expect(outputSum(output)).toBe(ref.output);
      // A record that carried no usage is passed on as the same object (its bytes are kept).
      input.forEach((r, i) => {
        if (usageOf(r) === undefined && (r.value as { type?: string }).type !== 'progress') {
          expect(output[i]).toBe(r);
        }
      });
    },
  );

  it('strips agent_progress copies of subagent usage (the subagents/ files hold them)', async () => {
    const input = recsOf(jsonlBelow(fixture('claude-code', 'marot-spotter')));
    const output = await through(dedupUsage(), input);
    const nested = output.filter((r) => r.raw.includes('agent_progress') && r.changed !== true);
    for (const r of nested) {
      expect(
        (r.value as { data?: { message?: { message?: { usage?: unknown } } } }).data?.message
          ?.message?.usage,
      ).toBeUndefined();
    }
    const stripped = output.filter(
      (r) => (r.value as { type?: string }).type === 'progress' && r.changed,
    );
    expect(stripped.length).toBeGreaterThan(0);
    const kept = await through(dedupUsage({ progressUsage: 'keep' }), input);
    input.forEach((r, i) => {
      if ((r.value as { type?: string }).type === 'progress') expect(kept[i]).toBe(r);
    });
  });

  it('a resumed session that copies earlier history counts the history once', async () => {
    // Made from 1af7fc5e-…jsonl: a second file that starts with all of the first (as Claude Code
    // writes a resumed session) and goes on with one new reply.
    const first = fixture(
      'claude-code',
      'd-kimuson-claude-code-viewer',
      '1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl',
    );
    const a = recsOf([first]);
    const b = [
      ...a.map((r) => ({ ...r, source: 'resumed.jsonl' })),
      ...recsFrom([entry('msg_new', 42, { requestId: 'req_new' })], 'resumed.jsonl').map((r) => ({
        ...r,
        line: a.length + 1,
      })),
    ];
    const out = await through(dedupUsage(), [...a, ...b]);
    expect(outputSum(out)).toBe(lastPerReply([first]).output + 42);
  });
});

describe('dedupUsage keep-policies', () => {
  // flockdeck/claude_disagree is a real case of a reply whose entries disagree: msg_a reports 5,
  // 50 and 120 output tokens, msg_b 7 (and neither has a requestId: keyed by message.id alone).
  const disagree = jsonlBelow(fixture('flockdeck', 'claude_disagree'));
  it.each([
    ['first', 5 + 7],
    ['last', 120 + 7],
    ['max', 120 + 7],
  ] as const)('--keep %s on claude_disagree sums %i output tokens', async (keep, sum) => {
    const out = await through(dedupUsage({ keep }), recsOf(disagree));
    expect(outputSum(out)).toBe(sum);
    expect(out.filter((r) => usageOf(r)).length).toBe(2);
  });

  // `last` is the final report by time and content, not by place (issue 24): with times, the
  // latest; without, the one with the most output tokens.
  const at = (s: number) => ({ timestamp: `2025-09-03T00:00:0${s}.000Z` });
  it.each([
    ['first', 'timed', 5],
    ['last', 'timed', 120],
    ['max', 'timed', 200],
    ['first', 'untimed', 5],
    ['last', 'untimed', 200],
    ['max', 'untimed', 200],
  ] as const)(
    '--keep %s picks that report of a %s reply [5, 200, 120]',
    async (keep, timed, want) => {
      const t = (s: number) => (timed === 'timed' ? at(s) : {});
      const recs = recsFrom([
        entry('m', 5, t(1)),
        { type: 'user' },
        entry('m', 200, t(2)),
        entry('m', 120, t(3)),
      ]);
      const out = await through(dedupUsage({ keep }), recs);
      expect(outputSum(out)).toBe(want);
      expect(out[1]).toBe(recs[1]); // the line between the reply's entries is passed as is
    },
  );

  it('counts entries without message.id each, and passes them unchanged', async () => {
    const recs = recsFrom([
      entry(undefined, 3),
      entry(undefined, 4),
      entry('m', 1),
      entry(undefined, 5),
    ]);
    const out = await through(dedupUsage(), recs);
    expect(out).toEqual(recs);
    out.forEach((r, i) => expect(r).toBe(recs[i]));
  });

  it('keys by message.id and requestId: the same id in another request is another reply', async () => {
    const recs = recsFrom([entry('m', 3, { requestId: 'r1' }), entry('m', 4, { requestId: 'r2' })]);
    expect(outputSum(await through(dedupUsage(), recs))).toBe(7);
  });

  it('a reply ends with its input: the next file starts afresh', async () => {
    const recs = [...recsFrom([entry('m', 3)], 'a'), ...recsFrom([entry('n', 4)], 'b')];
    const out = await through(dedupUsage(), recs);
    out.forEach((r, i) => expect(r).toBe(recs[i]));
  });
});

describe('dedupUsage bounds', () => {
  it('maxHeldRecords closes a reply early: later entries of it lose their usage', async () => {
    const recs = recsFrom([entry('m', 5), { type: 'user' }, entry('m', 50), entry('m', 120)]);
    const out = await through(dedupUsage({ maxHeldRecords: 2 }), recs);
    expect(out.filter((r) => usageOf(r))).toHaveLength(1);
    expect(outputSum(out)).toBe(5);
  });

  it('maxHeldBytes closes a reply early too', async () => {
    const recs = recsFrom([entry('m', 5), entry('m', 50), entry('m', 120)]);
    const out = await through(dedupUsage({ maxHeldBytes: 1 }), recs);
    expect(outputSum(out)).toBe(5);
  });

  it('maxSeenKeys bounds the memory of counted replies (a copy after it is counted again)', async () => {
    const recs = recsFrom([entry('a', 1), entry('b', 2), entry('c', 4), entry('a', 1)]);
    expect(outputSum(await through(dedupUsage({ maxSeenKeys: 1 }), recs))).toBe(8);
    expect(outputSum(await through(dedupUsage({ maxSeenKeys: 3 }), recs))).toBe(7);
  });

  it.each([
    [{ keep: 'middle' }],
    [{ maxSeenKeys: 0 }],
    [{ maxHeldRecords: 1.5 }],
    [{ maxHeldBytes: -1 }],
    [{ progressUsage: 'count' }],
  ])('rejects bad options %j', (opts) => {
    expect(() => dedupUsage(opts as never)).toThrow(
      expect.objectContaining({ code: 'ERR_TXPIPE_BAD_OPTION' }),
    );
  });
});

describe('txpipe dedup-usage (the built CLI)', () => {
  beforeAll(ensureBuilt);

  it('writes unchanged lines byte for byte and one usage per reply', () => {
    const file = fixture(
      'claude-code',
      'marot-spotter',
      'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl',
    );
    const out = execFileSync(process.execPath, [bin, 'dedup-usage', file], { maxBuffer: 1 << 28 })
      .toString()
      .split('\n')
      .filter(Boolean);
    const inLines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(out).toHaveLength(inLines.length);
    const outRecs = out.map((raw, i) => ({
      raw,
      value: JSON.parse(raw),
      line: i + 1,
      source: file,
    }));
    expect(outputSum(outRecs)).toBe(lastPerReply([file]).output);
    out.forEach((line, i) => {
      if (!line.includes('"usage"') && !inLines[i]!.includes('"usage"'))
        expect(line).toBe(inLines[i]);
    });
    // Lines that kept their usage (the last entry of each reply) are the original bytes too.
    const keptUnchanged = out.filter((l, i) => l === inLines[i] && l.includes('"usage"'));
    expect(keptUnchanged.length).toBeGreaterThan(0);
  });
});
