// Issue 12, item 6: lines whose format convert cannot detect are reported, never dropped.
import { beforeAll, describe, expect, it } from 'vitest';
import { convert } from '../../src/transforms/convert.js';
import { txpipe, ensureBuilt } from '../cli/run.js';
import { fixture } from '../shared.js';
import { runStage } from './run-stage.js';

const gemini = fixture('awf', 'gemini', 'input.jsonl');
const ccSession = fixture(
  'claude-code',
  'd-kimuson-claude-code-viewer',
  'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl',
);

describe('convert: a line of no known format', () => {
  beforeAll(ensureBuilt);

  it('is rejected as unknown-format with its line number (AWF Gemini agent output)', async () => {
    const { recs, rejections } = await runStage([gemini], convert({ to: 'txpipe' }));
    expect(recs).toEqual([]);
    expect(rejections.map((r) => [r.line, r.reason])).toEqual([
      [1, 'unknown-format'],
      [2, 'unknown-format'],
      [3, 'unknown-format'],
      [4, 'unknown-format'],
    ]);
    expect(rejections.every((r) => r.source === gemini && typeof r.raw === 'string')).toBe(true);
  });

  it('held lines of an unknown input are reported when the next input starts', async () => {
    const { rejections, recs } = await runStage([gemini, ccSession], convert({ to: 'txpipe' }));
    expect(rejections.filter((r) => r.source === gemini)).toHaveLength(4);
    expect(recs.length).toBeGreaterThan(0);
  });

  it('the CLI reports them and exits 3 with --strict', () => {
    const r = txpipe(['convert', '--to', 'awf', '--strict', gemini]);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('4 lines not written');
    expect(r.stderr).toContain(`${gemini}:1: unknown-format`);
    expect(r.code).toBe(3);
  });
});
