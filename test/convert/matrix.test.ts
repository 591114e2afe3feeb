import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Event } from '../../src/events/event.js';
import { clipString } from '../../src/clip/clip-string.js';
import { Totals } from '../../src/formats/run-record/totals.js';
import { resultText } from '../../src/formats/run-record/encoder.js';
import { formats } from '../../src/formats/registry.js';
import { codecOf } from '../../src/formats/codecs.js';
import { fixture, repoRoot } from '../shared.js';
import { parseLines, runConvert } from './run-convert.js';

/** Temporary folders the matrix writes, removed when the file's tests end. */
const made: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
import { formatSchemas, validator } from './schemas.js';

/**
 * Every reader against every writer (DESIGN §2: the registry is iterated, so formats that land
 * later join by themselves). For each reader's fixtures x and each writer W:
 * - the output of `convert --to W` validates against W's schema where it has one;
 * - where W can be read too, decode(encode(x)) keeps the messages, tool calls, tool results and
 *   usage of decode(x), compared as canonical projections.
 */

/** Fixtures per reader; a reader not listed is fed the Claude Code fixtures written in its format. */
const fixturesOf: Readonly<Record<string, readonly string[]>> = {
  'claude-code': [
    fixture('claude-code', 'marot-spotter', 'short.jsonl'),
    fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl'),
    fixture('slow-powers', 'record-runs', 'subagents', 'agent-a.jsonl'),
  ],
  'claude-stream-json': [fixture('eval-magic', 'claude-stream-json', 'claude-events.jsonl')],
  rupu: [
    fixture('rupu', 'run_smoke.jsonl'),
    fixture('rupu', 'transcript_events.json'),
    join(repoRoot, 'test', 'fixtures', 'rupu', 'run_v2_full.jsonl'),
  ],
  'run-record': [fixture('slow-powers', 'record-runs', 'expected', 'run.json')],
  'auto-swe': ['anthropic', 'openai-chat', 'openai-responses', 'google', 'harness'].map((f) =>
    join(repoRoot, 'test', 'fixtures', 'auto-swe', `${f}.jsonl`),
  ),
};

/**
 * What a writer cannot hold, left out of its comparison: a run record keeps a tool result only
 * on its invocation, so a result whose call is not in the transcript has nowhere to go.
 */
const cannotKeep: Readonly<Record<string, readonly string[]>> = {
  // The Flockdeck writer leaves out "[Request interrupted by user…]" entries (found by this
  // matrix; its reading rules, branch convert-core): interrupts are not compared for it.
  // It also redacts what it writes (its guard), so a result's text may differ: only whether each
  // call has a result is compared.
  // Subagents' (sidechain) usage is left out, as Flockdeck leaves subagents out (its spec, §5).
  flockdeck: ['interrupts', 'resultText', 'subagentTokens'],
  // A subagent's (sidechain) usage is written as the run's own: a run record has one total, and
  // the rupu and AWF readers mark no event as a subagent's. Compared as the total with it.
  'run-record': ['orphanResults', 'subagentUsage'],
  rupu: ['subagentUsage'],
  awf: ['subagentUsage'],
};

/**
 * Pairs known not to work yet, asserted to fail so that a fix shows (and this entry goes).
 * rupu lines and run records carry no timestamps, and the Flockdeck writer skips an entry with no
 * usable time (a v2 line needs one), so nothing is written.
 */
const knownGaps: Readonly<Record<string, string>> = {
  'rupu -> flockdeck': 'no timestamps on rupu events: the flockdeck writer writes no line',
  'run-record -> flockdeck': 'no timestamps in a run record: the flockdeck writer writes no line',
  'claude-stream-json -> flockdeck':
    'no timestamps in claude -p stream-json: the flockdeck writer writes no line',
  'run-record -> otlp':
    'no timestamps in a run record: a span needs one, the otlp writer writes none',
  'claude-stream-json -> otlp':
    'no timestamps in claude -p stream-json: a span needs one, the otlp writer writes none',
};

/** Writer options the matrix uses: run records with their conversation, so messages survive. */
const encodeOptions: Readonly<Record<string, Record<string, unknown>>> = {
  'run-record': { conversation: true },
};

const readers = formats.filter((f) => codecOf(f.id).decoder);
const writers = formats.filter((f) => codecOf(f.id).encoder);

async function eventsOf(file: string, from: string): Promise<Event[]> {
  return parseLines(await runConvert([file], { to: 'txpipe', from })) as unknown as Event[];
}

/**
 * What a conversion must keep, per session in the order sessions begin: user prompts and
 * assistant texts in order, tool calls in call order each with its result (results matched by
 * call id, since parallel calls may be answered in any order), and the session's total tokens.
 */
function projection(events: readonly Event[]) {
  interface S {
    messages: string[];
    interrupts: string[];
    calls: { call: string; result?: string }[];
    byId: Map<string, { call: string; result?: string }>;
    orphans: string[];
    totals: Totals;
    id: string;
  }
  const sessions = new Map<string, S>();
  const subagent = new Map<string, Totals>();
  for (const ev of events) {
    if (ev.sidechain) {
      if (ev.kind === 'usage') {
        const t = subagent.get(ev.session) ?? new Totals();
        subagent.set(ev.session, t);
        t.add({ ...ev, time: undefined } as Event);
      }
      continue;
    }
    let s = sessions.get(ev.session);
    if (!s) {
      s = {
        messages: [],
        interrupts: [],
        calls: [],
        byId: new Map(),
        orphans: [],
        totals: new Totals(),
        id: ev.session,
      };
      sessions.set(ev.session, s);
    }
    s.totals.add({ ...ev, time: undefined } as Event); // usage only: not every format keeps time
    switch (ev.kind) {
      case 'user_message':
        // An interrupt is the user's text (not every format can say it was an interrupt).
        if (ev.role === 'interrupt') s.interrupts.push(`user: ${ev.text}`);
        if (ev.role !== 'meta' && ev.role !== 'command') s.messages.push(`user: ${ev.text}`);
        break;
      case 'session_end':
        // a completion's final text (stream-json `result`) is the last assistant message
        if (ev.text !== undefined && s.messages.at(-1) !== `assistant: ${ev.text}`) {
          s.messages.push(`assistant: ${ev.text}`);
        }
        break;
      case 'assistant_message':
        // Blank text says nothing (the Flockdeck writer, as Flockdeck, drops it).
        if (ev.text.trim() !== '') s.messages.push(`assistant: ${ev.text}`);
        break;
      case 'tool_call': {
        // Keys sorted: the Flockdeck writer writes an input's keys in Go's (sorted) order.
        const c = { call: `${ev.name} ${sortedJson(ev.input ?? null)}` };
        s.calls.push(c);
        if (ev.callId !== undefined) s.byId.set(ev.callId, c);
        break;
      }
      case 'tool_result': {
        // as text, clipped as a run record keeps it (the rupu writer's own tests check full text)
        const text = clipString(resultText(ev.output), 2048).text;
        const c = ev.callId !== undefined ? s.byId.get(ev.callId) : undefined;
        if (c) c.result = text;
        else s.orphans.push(text);
        break;
      }
      default:
        break;
    }
  }
  // A session with nothing to keep (a file's stray snapshot entries) need not survive.
  const kept = [...sessions.values()].filter(
    (s) => s.messages.length + s.calls.length + s.orphans.length > 0 || s.totals.tokens !== null,
  );
  return kept.map((s) => ({
    messages: s.messages,
    interrupts: s.interrupts,
    calls: s.calls,
    orphanResults: s.orphans,
    tokens: s.totals.tokens,
    subagentTokens: subagent.get(s.id)?.tokens ?? null,
  }));
}

/** a + b where either is known. */
function sumOrNull(a: number | null, b: number | null): number | null {
  return a === null && b === null ? null : (a ?? 0) + (b ?? 0);
}

/** JSON with every object's keys sorted. */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

describe.each(readers.map((r) => [r.id]))('reader %s', (readerId) => {
  const own = fixturesOf[readerId];
  const writable = codecOf(readerId).encoder !== undefined;
  if (!own && !writable) {
    it.todo(`has no fixture and cannot be written from one: add it to fixturesOf`);
    return;
  }
  describe.each(writers.map((w) => [w.id]))('-> writer %s', (writerId) => {
    const check = formatSchemas[writerId] ? validator(formatSchemas[writerId]) : undefined;
    const readBack = codecOf(writerId).decoder !== undefined;

    const inputs = async (): Promise<string[]> => {
      if (own) return [...own];
      // Made here: the Claude Code fixtures written in this reader's format.
      const dir = tempDir(`txpipe-matrix-${readerId}-`);
      return Promise.all(
        fixturesOf['claude-code']!.map(async (f, i) => {
          const p = join(dir, `${i}.jsonl`);
          writeFileSync(p, await runConvert([f], { to: readerId }));
          return p;
        }),
      );
    };

    const gap = knownGaps[`${readerId} -> ${writerId}`];
    (gap ? it.fails : it)(
      `${gap ? `KNOWN GAP (${gap}): ` : ''}validates${check ? ' against its schema' : ''}${readBack ? ' and reads back with messages, tool calls, results and usage kept' : ''}`,
      async () => {
        for (const file of await inputs()) {
          const text = await runConvert([file], {
            to: writerId,
            from: readerId,
            encode: encodeOptions[writerId],
          });
          const out = parseLines(text);
          expect(out.length, file).toBeGreaterThan(0);
          if (check)
            for (const rec of out)
              expect(check(rec), `${file}: ${JSON.stringify(rec).slice(0, 200)}`).toEqual([]);
          if (!readBack) continue;
          const dir = tempDir('txpipe-matrix-');
          const written = join(dir, 'out.jsonl');
          writeFileSync(written, text);
          const drop = cannotKeep[writerId] ?? [];
          const keep = (p: ReturnType<typeof projection>) =>
            p.map(({ interrupts, subagentTokens, ...x }) => ({
              ...Object.fromEntries(Object.entries(x).filter(([k]) => !drop.includes(k))),
              ...(drop.includes('subagentUsage')
                ? { tokens: sumOrNull(x.tokens, subagentTokens) }
                : drop.includes('subagentTokens')
                  ? {}
                  : { subagentTokens }),
              messages: drop.includes('interrupts')
                ? x.messages.filter((m) => !interrupts.includes(m))
                : x.messages,
              ...(drop.includes('resultText')
                ? { calls: x.calls.map((c) => ({ call: c.call, result: c.result !== undefined })) }
                : {}),
            }));
          const before = keep(projection(await eventsOf(file, readerId)));
          const after = keep(projection(await eventsOf(written, writerId)));
          expect(after, `${readerId} -> ${writerId}: ${file}`).toEqual(before);
        }
      },
    );
  });
});
