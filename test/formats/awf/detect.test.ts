import { describe, expect, it } from 'vitest';
import { awf } from '../../../src/formats/awf/index.js';
import { detectValue } from '../../../src/formats/detect.js';
import { fixture, repoRoot } from '../../shared.js';
import { cliInProcess } from '../../cli-in-process.js';
import { records } from './helpers.js';

// The agent outputs of shared/fixtures/awf/<agent>/input.jsonl are what AWF normalizes, not AWF
// transcripts: no detector may take them for AWF. The ExchangeEvent fixtures of test/fixtures/awf
// (made from the spec, see its README) are AWF on every line.
const agents = ['claude', 'codex', 'copilot', 'gemini', 'openaicompatible'];

describe('AWF detection', () => {
  it.each(agents)('no line of the %s agent output is detected as AWF', async (agent) => {
    const recs = await records(fixture('awf', agent, 'input.jsonl'));
    for (const r of recs) {
      if (r.value === undefined) continue;
      expect(awf.detect(r.value)).toBe(false);
      expect(detectValue(r.value)?.id).not.toBe('awf');
    }
  });

  it('every line of the ExchangeEvent fixtures is claimed by the AWF detector', async () => {
    for (const f of ['seq-gap.jsonl', 'runs/550e8400-e29b-41d4-a716-446655440000.jsonl']) {
      for (const r of await records(`${repoRoot}/test/fixtures/awf/${f}`)) {
        expect(awf.detect(r.value)).toBe(true);
      }
    }
  });

  it('txpipe detect does not call an agent output AWF', async () => {
    const inputs = agents.map((a) => fixture('awf', a, 'input.jsonl'));
    const r = await cliInProcess(['detect', ...inputs]);
    expect(r.code).toBe(0);
    const verdicts = r.stdout.trim().split('\n');
    expect(verdicts).toHaveLength(agents.length);
    for (const v of verdicts) expect(v.split('\t')[1]).not.toBe('awf');
  });
});
