// The measures of the labelled redaction corpus (test/fixtures/redact-corpus, README there), shared
// by test/redact/corpus.test.ts and scripts/measure-redact-corpus.mjs: per split (tuning, heldout,
// probes) and per source, the share of secrets removed and of look-alikes changed, and which.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'test',
  'fixtures',
  'redact-corpus',
);

/** The corpus lines (as written) and their labels, in the same order. */
export function readCorpus(dir = CORPUS_DIR) {
  const lines = readFileSync(join(dir, 'corpus.jsonl'), 'utf8').trim().split('\n');
  const byUuid = new Map(
    readFileSync(join(dir, 'labels.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((l) => [l.uuid, l]),
  );
  const labels = lines.map((line) => {
    const uuid = JSON.parse(line).uuid;
    const label = byUuid.get(uuid);
    if (!label) throw new Error(`corpus line ${uuid} has no label`);
    return label;
  });
  return { lines, labels };
}

/** The sample text a corpus line carries (the tool result's content). */
export function sampleText(line) {
  return JSON.parse(line).message.content[0].content;
}

/**
 * Whether txpipe caught each sample: a secret when none of its fragments is left in the
 * redacted line's sample, a look-alike when its line is not written back as it was.
 */
export function txpipeCaught(lines, outLines, labels) {
  return labels.map((label, i) => {
    const out = outLines[i];
    if (out === undefined) throw new Error(`no output line for corpus line ${i + 1}`);
    if (label.label === 'lookalike') return out !== lines[i];
    const text = JSON.stringify(sampleText(out));
    return label.mustGo.every((f) => !text.includes(JSON.stringify(f).slice(1, -1)));
  });
}

function tally(entries) {
  const secrets = entries.filter(([l]) => l.label === 'secret');
  const lookalikes = entries.filter(([l]) => l.label === 'lookalike');
  const removed = secrets.filter(([, c]) => c).length;
  const changed = lookalikes.filter(([, c]) => c).length;
  return {
    secrets: secrets.length,
    removed,
    recall: secrets.length ? removed / secrets.length : 1,
    lookalikes: lookalikes.length,
    changed,
    changedShare: lookalikes.length ? changed / lookalikes.length : 0,
    misses: secrets.filter(([, c]) => !c).map(([l]) => l.uuid),
    falsePositives: lookalikes.filter(([, c]) => c).map(([l]) => l.uuid),
  };
}

/** The measures per split and per source (`split/source`), from one caught flag per sample. */
export function score(labels, caught) {
  const groups = new Map();
  labels.forEach((l, i) => {
    for (const key of [l.split, `${l.split}/${l.source}`]) {
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push([l, caught[i]]);
    }
  });
  return Object.fromEntries([...groups].map(([k, entries]) => [k, tally(entries)]));
}
