import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formats } from '../../src/formats/registry.js';
import { detectValue, tally, winner } from '../../src/formats/detect.js';
import { openInput } from '../../src/stream/input.js';
import { readRecords } from '../../src/stream/read-records.js';
import type { Rec } from '../../src/stream/rec.js';
import { collect } from '../helpers.js';
import { ensureBuilt } from '../cli/run.js';
import { bin, repoRoot, sharedDir } from '../shared.js';

/** Every file below a folder, as paths relative to it, sorted. */
function walk(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p, base));
    else out.push(relative(base, p));
  }
  return out.sort();
}

/**
 * What every file in shared/fixtures IS. `unknown` is a file that is not a transcript in a format
 * txpipe reads, with the reason; the test fails when a fixture is added that this table does not
 * name, so nothing is skipped silently.
 */
const CC = 'claude-code';
const SJ = 'claude-stream-json';
const expected: Record<string, { format: string; why: string }> = {
  'README.md': { format: 'unknown', why: 'documentation' },
  'awf/claude/input.jsonl': { format: SJ, why: 'Claude stream-json stdout that AWF reads' },
  'awf/codex/input.jsonl': {
    format: 'unknown',
    why: 'Codex stdout (AWF input), not read by txpipe',
  },
  'awf/copilot/input.jsonl': { format: 'unknown', why: 'Copilot stdout (AWF input)' },
  'awf/gemini/input.jsonl': { format: 'unknown', why: 'Gemini stdout (AWF input)' },
  'awf/openaicompatible/input.jsonl': { format: 'unknown', why: 'OpenAI-compatible stdout' },
  'awf/golden/claude.json': {
    format: 'unknown',
    why: 'AWF content-block array, not ExchangeEvents',
  },
  'awf/golden/codex.json': { format: 'unknown', why: 'AWF content-block array' },
  'awf/golden/copilot.json': { format: 'unknown', why: 'AWF content-block array' },
  'awf/golden/gemini.json': { format: 'unknown', why: 'AWF content-block array' },
  'awf/golden/openaicompatible.json': { format: 'unknown', why: 'AWF content-block array' },
  'claude-code/PROVENANCE.md': { format: 'unknown', why: 'documentation' },
  'claude-code/marot-spotter/README.md': { format: 'unknown', why: 'documentation' },
  'eval-magic/README.txt': { format: 'unknown', why: 'documentation' },
  'eval-magic/claude-stream-json/expected-summary.json': {
    format: 'unknown',
    why: 'an expected TranscriptSummary, test output',
  },
  'eval-magic/conversation.schema.json': { format: 'unknown', why: 'a JSON Schema' },
  'eval-magic/grading.schema.json': { format: 'unknown', why: 'a JSON Schema' },
  'eval-magic/run-record.schema.json': { format: 'unknown', why: 'a JSON Schema' },
  'eval-magic/multi-turn/conversation.json': {
    format: 'unknown',
    why: 'an eval-magic conversation object (not a DESIGN §2 format)',
  },
  'eval-magic/multi-turn/expected-timing.json': { format: 'unknown', why: 'expected timing' },
  'flockdeck/redact_vectors.json': { format: 'unknown', why: 'redaction test vectors' },
  'rupu/run_smoke.jsonl': { format: 'rupu', why: 'rupu v1 transcript' },
  'rupu/transcript_events.json': { format: 'rupu', why: 'rupu v1 events as one JSON array' },
  'slow-powers/record-runs/README.txt': { format: 'unknown', why: 'documentation' },
  'slow-powers/record-runs/dispatch.json': { format: 'unknown', why: 'dispatch metadata' },
  'slow-powers/record-runs/expected/run.json': {
    format: 'run-record',
    why: 'a Portable Run Record',
  },
  'slow-powers/record-runs/expected/timing.json': { format: 'unknown', why: 'expected timing' },
  'slow-powers/record-runs/subagents/agent-a.jsonl': { format: CC, why: 'a subagent transcript' },
  'slow-powers/record-runs/subagents/agent-a.meta.json': {
    format: 'unknown',
    why: 'subagent metadata',
  },
};
/** Whole folders of one kind, matched by a pattern over the relative path. */
const byPattern: readonly [RegExp, string, string][] = [
  [/^claude-code\/.*\.jsonl$/, CC, 'Claude Code session files'],
  [/^flockdeck\/claude_[a-z]+\/.*\.jsonl$/, CC, "Flockdeck's test conversations (Claude Code)"],
  [/^flockdeck\/claude_[a-z]+\/.*\.meta\.json$/, 'unknown', 'subagent metadata'],
  [/^eval-magic\/.*claude-events\.jsonl$/, SJ, 'claude -p stream-json capture'],
];

/** Transcripts built in test/fixtures/formats from the specs (see the README there). */
const own: Record<string, string> = {
  'flockdeck-v2.jsonl': 'flockdeck',
  'awf-exchange.jsonl': 'awf',
  'auto-swe.jsonl': 'auto-swe',
  'txpipe-events.jsonl': 'txpipe',
  'otlp-traces.jsonl': 'otlp',
};

function expectationOf(rel: string): { format: string; why: string } {
  if (expected[rel]) return expected[rel];
  for (const [re, format, why] of byPattern) if (re.test(rel)) return { format, why };
  throw new Error(`shared fixture ${rel} is not in the detection table: say what it is`);
}

const fixturesDir = join(sharedDir, 'fixtures');
const ownDir = join(repoRoot, 'test', 'fixtures', 'formats');
/** Codex CLI rollouts built from Codex's source (test/fixtures/codex/README.md). */
const codexDir = join(repoRoot, 'test', 'fixtures', 'codex', 'sessions');
/** Gemini CLI sessions built from Gemini CLI's source (test/fixtures/gemini/README.md). */
const geminiDir = join(repoRoot, 'test', 'fixtures', 'gemini', 'tmp');
const rows = [
  ...walk(fixturesDir).map((rel) => ({ path: join(fixturesDir, rel), rel, ...expectationOf(rel) })),
  ...Object.entries(own).map(([rel, format]) => ({
    path: join(ownDir, rel),
    rel: `test/fixtures/formats/${rel}`,
    format,
    why: 'built from the spec',
  })),
  ...walk(codexDir).map((rel) => ({
    path: join(codexDir, rel),
    rel: `test/fixtures/codex/sessions/${rel}`,
    format: 'codex',
    why: "built from Codex's protocol types",
  })),
  ...walk(geminiDir).map((rel) => ({
    path: join(geminiDir, rel),
    rel: `test/fixtures/gemini/tmp/${rel}`,
    format: 'gemini',
    why: "built from Gemini CLI's chat recording service",
  })),
];

async function records(path: string): Promise<Rec[]> {
  return collect<Rec>(readRecords(openInput(path), { source: path, onInvalid: 'skip' }));
}

describe('format detection over every fixture', () => {
  beforeAll(ensureBuilt);

  it('names every shared fixture in the table', () => {
    expect(walk(fixturesDir).map(expectationOf).length).toBeGreaterThan(40);
    expect(Object.keys(expected).every((rel) => walk(fixturesDir).includes(rel))).toBe(true);
  });

  it('covers every registered format with at least one fixture', () => {
    const covered = new Set(rows.map((r) => r.format));
    for (const f of formats) expect(covered.has(f.id), f.id).toBe(true);
  });

  it.each(rows)('$rel is $format ($why), by the library', async ({ path, format }) => {
    const recs = await records(path);
    expect(winner(tally(recs)) ?? 'unknown').toBe(format);
  });

  it.each(rows)(
    '$rel: every record is claimed by its own adapter and by no other',
    async ({ path, format }) => {
      const recs = await records(path);
      for (const rec of recs) {
        const claims = formats.filter((f) => f.detect(rec.value)).map((f) => f.id);
        const where = `${rec.source}:${rec.line}`;
        if (format === 'unknown') expect(claims, where).toEqual([]);
        else expect(claims, where).toEqual([format]);
        expect(detectValue(rec.value)?.id ?? 'unknown', where).toBe(format);
      }
    },
  );

  it('txpipe detect names the same format for every fixture', () => {
    const out = execFileSync(process.execPath, [bin, 'detect', '-q', ...rows.map((r) => r.path)], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', LANG: 'C' },
    });
    const got = new Map(
      out
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t') as [string, string]),
    );
    for (const r of rows) expect(`${r.rel}: ${got.get(r.path)}`).toBe(`${r.rel}: ${r.format}`);
  });
});

describe('detectors reject what is not theirs', () => {
  const notRecords: unknown[] = [null, 1, 'x', true, [], [{ type: 'user' }], {}, { type: 1 }];
  it.each(formats.map((f) => [f.id, f] as const))('%s claims no non-record value', (_id, f) => {
    for (const v of notRecords) expect(f.detect(v), JSON.stringify(v)).toBe(false);
  });
});
