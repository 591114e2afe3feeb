import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { redactBytes } from './helpers.js';

/**
 * The labelled corpus (test/fixtures/redact-corpus, README there): literal test samples of
 * trufflehog's detectors and secretlint's rules, each a Claude Code tool result. A secret is
 * removed when none of its fragments is left in the redacted line; a look-alike is changed when
 * its line is not written back as it was. Targets (issue 13): at least 95% of the secrets
 * removed, at most 10% of the look-alikes changed.
 */
const dir = fileURLToPath(new URL('../fixtures/redact-corpus/', import.meta.url));
const corpus = readFileSync(`${dir}corpus.jsonl`);
interface Label {
  uuid: string;
  label: 'secret' | 'lookalike';
  mustGo?: string[];
}
const labels = readFileSync(`${dir}labels.jsonl`, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Label);

export async function measure(): Promise<{
  recall: number;
  changed: number;
  misses: string[];
  falsePositives: string[];
}> {
  const inLines = corpus.toString('utf8').trim().split('\n');
  const outLines = (await redactBytes(corpus)).trim().split('\n');
  const byUuid = new Map(labels.map((l) => [l.uuid, l]));
  let secrets = 0;
  let removed = 0;
  let lookalikes = 0;
  let changed = 0;
  const misses: string[] = [];
  const falsePositives: string[] = [];
  inLines.forEach((line, i) => {
    const label = byUuid.get((JSON.parse(line) as { uuid: string }).uuid)!;
    const out = outLines[i]!;
    if (label.label === 'secret') {
      secrets++;
      const text = JSON.stringify(JSON.parse(out).message.content[0].content);
      if (label.mustGo!.every((f) => !text.includes(f))) removed++;
      else misses.push(label.uuid);
    } else {
      lookalikes++;
      if (out !== line) {
        changed++;
        falsePositives.push(label.uuid);
      }
    }
  });
  return { recall: removed / secrets, changed: changed / lookalikes, misses, falsePositives };
}

describe('the labelled corpus (trufflehog and secretlint test samples)', () => {
  it('every line is labelled, both labels present', () => {
    expect(corpus.toString('utf8').trim().split('\n')).toHaveLength(labels.length);
    expect(labels.filter((l) => l.label === 'secret').length).toBeGreaterThan(100);
    expect(labels.filter((l) => l.label === 'lookalike').length).toBeGreaterThan(50);
  });

  it('at least 95% of the secrets removed, at most 10% of the look-alikes changed', async () => {
    const m = await measure();
    // The measures and the misses show in the failure message.
    expect({ recallOk: m.recall >= 0.95, changedOk: m.changed <= 0.1, ...m }).toMatchObject({
      recallOk: true,
      changedOk: true,
    });
  });
});
