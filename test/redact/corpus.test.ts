import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_DIR,
  readCorpus,
  sampleText,
  score,
  txpipeCaught,
  type Tally,
} from '../../scripts/redact-corpus-score.mjs';
import { redactBytes } from './helpers.js';

/**
 * The labelled corpus (test/fixtures/redact-corpus, README there): literal test samples of public
 * secret scanners and ordinary code lines, each a Claude Code tool result, split by source into
 * `tuning` (trufflehog, secretlint, gitleaks, code lines: rules may be written against them),
 * `heldout` (noseyparker, kingfisher, detect-secrets: nobody writing rules reads them) and
 * `probes` (issue 23's own examples). A secret is removed when none of its fragments is left in
 * the redacted line; a look-alike is changed when its line is not written back as it was.
 * `node scripts/measure-redact-corpus.mjs` prints the same measures per source, beside secretlint.
 */
const { lines, labels } = readCorpus();

// FLOORS, not targets: the counts after the rule branches of issue 23 were merged (2026-12-02:
// the token catalog, the value classifier and name syntaxes, JSON in strings), so that a change
// which loses ground on any split fails here. Issue 23's targets, on the held-out split, are at
// least 95% of the secrets removed and at most 3% of the code-like look-alikes changed: not met
// (bench/RESULTS.md). The held-out look-alikes changed went from 38 to 42 with the catalog (token
// shapes that tests and docs fill with stand-ins); the tuning ones from 104 to 84. Stand-in
// bodies (placeholder-body.ts): tuning 84 to 64, held-out 42 to 36. Names, identifiers, prompts
// and stand-in pairs (public keys, `*Variable`, Maven coordinates, `curl -u test:test`): tuning
// 64 to 46, held-out 36 to 35, probes 2 to 0. Opaque keys in context and hex URL users: tuning
// 46 to 45, held-out 35 to 34, probes removed 44 to 45. `EXAMPLEEXAMPLE` bodies and GitHub's
// `id-token: write` permission: tuning 45 to 43.
const FLOORS: Record<'tuning' | 'heldout' | 'probes', { removed: number; changed: number }> = {
  tuning: { removed: 282, changed: 43 },
  heldout: { removed: 789, changed: 34 },
  probes: { removed: 45, changed: 0 },
};

let measured: Promise<Record<string, Tally>> | undefined;
/** The measures per split and per source, from one in-process run over the whole corpus. */
function measure(): Promise<Record<string, Tally>> {
  measured ??= redactBytes(Buffer.from(`${lines.join('\n')}\n`)).then((out) =>
    score(labels, txpipeCaught(lines, out.trim().split('\n'), labels)),
  );
  return measured;
}

/** A miss or a changed look-alike as the failure message shows it: uuid tail, source, text. */
function show(uuid: string): string {
  const i = labels.findIndex((l) => l.uuid === uuid);
  return `${uuid.slice(-4)} ${labels[i]!.source}: ${JSON.stringify(sampleText(lines[i]!)).slice(0, 120)}`;
}

describe('the labelled corpus', () => {
  it('every line is labelled with a split, and each split has secrets and look-alikes', () => {
    expect(labels).toHaveLength(lines.length);
    for (const split of ['tuning', 'heldout', 'probes'] as const) {
      const part = labels.filter((l) => l.split === split);
      expect(part.filter((l) => l.label === 'secret').length, split).toBeGreaterThan(20);
      expect(part.filter((l) => l.label === 'lookalike').length, split).toBeGreaterThan(20);
    }
    for (const l of labels.filter((x) => x.label === 'secret'))
      expect(l.mustGo?.length, l.uuid).toBeGreaterThan(0);
  });

  it('the held-out part shares no sample text with the parts rules are written against', () => {
    const seen = new Map<string, string>();
    labels.forEach((l, i) => {
      if (l.split !== 'heldout') seen.set(sampleText(lines[i]!), l.uuid);
    });
    const shared = labels
      .filter((l, i) => l.split === 'heldout' && seen.has(sampleText(lines[i]!)))
      .map((l) => l.uuid);
    expect(shared).toEqual([]);
  });

  it('every probe of issue23-probes.jsonl is in the corpus, as written', () => {
    const probes = readFileSync(join(CORPUS_DIR, 'issue23-probes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { text: string; label: string });
    const inCorpus = labels
      .map((l, i) => ({ l, text: sampleText(lines[i]!) }))
      .filter(({ l }) => l.split === 'probes');
    expect(inCorpus.map(({ l, text }) => [l.label, text])).toEqual(
      probes.map((p) => [p.label, p.text]),
    );
  });

  for (const split of ['tuning', 'heldout', 'probes'] as const) {
    it(`${split}: no fewer secrets removed and no more look-alikes changed than the floor`, async () => {
      const m = (await measure())[split]!;
      const report = {
        split,
        removed: `${m.removed} of ${m.secrets} (${(100 * m.recall).toFixed(1)}%)`,
        changed: `${m.changed} of ${m.lookalikes} (${(100 * m.changedShare).toFixed(1)}%)`,
        secretsLeft: m.misses.map(show),
        lookalikesChanged: m.falsePositives.map(show),
      };
      // The measures and both lists show in the failure message.
      const message = JSON.stringify(report, null, 2);
      expect(m.removed, message).toBeGreaterThanOrEqual(FLOORS[split].removed);
      expect(m.changed, message).toBeLessThanOrEqual(FLOORS[split].changed);
    });
  }
});
