import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as txpipe from 'txpipe';
import { fixture } from '../shared.js';
import { lastPerReply } from './claude-reference.js';
import { cliInProcess } from '../cli-in-process.js';

describe('the package, imported by its own name', () => {
  it('exports the usage factories, their defaults and the extractors', async () => {
    expect(typeof txpipe.dedupUsage).toBe('function');
    expect(typeof txpipe.usage).toBe('function');
    expect(txpipe.dedupUsageDefaults.keep).toBe('last');
    expect(txpipe.usageDefaults.keep).toBe('last');
    await txpipe.loadFacets('usage');
    const extractors = txpipe.formats.flatMap((f) => txpipe.facetOf(f.id, 'usage') ?? []);
    expect(extractors.map((x) => x.format).sort()).toEqual(
      ['auto-swe', 'claude-code', 'codex', 'flockdeck', 'gemini', 'rupu'].sort(),
    );
    const totals = new txpipe.UsageTotals({ keep: 'last', maxSeenKeys: 10 });
    expect(totals.report().totals.total).toBe(0);
  });
});

describe('txpipe dedup-usage and usage on messy input (in-process CLI)', () => {
  it('dedup-usage writes the records, reports a line that is not JSON, and sums true', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txpipe-messy-'));
    try {
      // Made from marot-spotter/tool_heavy.jsonl: a line that is not JSON put in after line 3.
      const src = fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl');
      const lines = readFileSync(src, 'utf8').split('\n');
      const messy = join(dir, 'messy.jsonl');
      writeFileSync(messy, [...lines.slice(0, 3), '{not json', ...lines.slice(3)].join('\n'));
      const r = await cliInProcess(['dedup-usage', messy]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/messy\.jsonl:4/);
      const out = r.stdout.split('\n').filter(Boolean);
      expect(out).toHaveLength(lines.filter(Boolean).length);
      const sum = out
        .map(
          (l) =>
            JSON.parse(l) as { type?: string; message?: { usage?: { output_tokens: number } } },
        )
        .reduce(
          (a, v) => a + (v.type === 'assistant' ? (v.message?.usage?.output_tokens ?? 0) : 0),
          0,
        );
      expect(sum).toBe(lastPerReply([src]).output);
      const strict = await cliInProcess(['dedup-usage', '--strict', messy]);
      expect(strict.code).toBe(3);
      const usage = await cliInProcess(['usage', '--json', messy]);
      expect(JSON.parse(usage.stdout).totals.output).toBe(lastPerReply([src]).output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a missing input is an error naming it', async () => {
    const r = await cliInProcess(['usage', '/no/such/file.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('/no/such/file.jsonl');
  });

  it('bad option values are usage errors', async () => {
    const r = await cliInProcess([
      'dedup-usage',
      '--max-held-records',
      '0',
      fixture('claude-code', 'marot-spotter', 'short.jsonl'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('txpipe: --max-held-records must be a positive integer, got 0\n');
  });
});
