import { describe, expect, it } from 'vitest';
import { fixture } from '../shared.js';
import { jsonlFiles, runConvert } from './run-convert.js';

// Converting a file fed in pieces of any size gives the same bytes (DESIGN §6.10).
// (Subagent files are left out: alone they give no flockdeck line; see the conformance test.)
const small = [
  ...jsonlFiles(fixture('flockdeck')).filter((f) => !f.includes('subagents')),
  fixture('claude-code', 'marot-spotter', 'tool_heavy.jsonl'),
];
const larger = fixture('claude-code', 'marot-spotter', 'subagent.jsonl');

describe('convert: chunk-size independence', () => {
  for (const to of ['flockdeck', 'txpipe']) {
    it.each(small)(`%s to ${to}: chunks of 1, 7, 64 and whole`, async (file) => {
      const whole = await runConvert([file], { to });
      expect(whole.length).toBeGreaterThan(0);
      for (const chunk of [1, 7, 64]) expect(await runConvert([file], { to }, chunk)).toBe(whole);
    });
  }

  it('a 236 KB real session to flockdeck: chunks of 7 and 64', async () => {
    const whole = await runConvert([larger], { to: 'flockdeck' });
    for (const chunk of [7, 64]) {
      expect(await runConvert([larger], { to: 'flockdeck' }, chunk)).toBe(whole);
    }
  });
});
