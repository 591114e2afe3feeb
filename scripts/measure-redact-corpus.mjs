#!/usr/bin/env node
// Measures `txpipe redact` (default rules) and secretlint (its recommended preset) on the labelled
// redaction corpus (test/fixtures/redact-corpus, README there) and prints, per split (tuning,
// heldout, probes) and per source, the secrets removed (txpipe) or reported (secretlint) and the
// look-alikes changed or reported, side by side. Build first (npm run build).
// Usage: node scripts/measure-redact-corpus.mjs [--json] [--misses [--split NAME]...] [--no-secretlint]
//   --json           the measures as JSON (per group: counts and the uuids missed or changed)
//   --misses         after the table, each split's secrets left and look-alikes changed by txpipe
//   --split NAME     with --misses: list only these splits (repeatable; `--split tuning --split
//                    probes` lists what rule authors may read and leaves the held-out misses unseen)
//   --no-secretlint  txpipe alone
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSecretlint, secretlintBin, timed } from '../bench/lib/secretlint.mjs';
import { CORPUS_DIR, readCorpus, sampleText, score, txpipeCaught } from './redact-corpus-score.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'dist', 'bin', 'txpipe.js');
const argv = process.argv.slice(2);
const args = new Set(argv);
const onlySplits = new Set(argv.filter((_, i) => argv[i - 1] === '--split'));

const { lines, labels } = readCorpus();

// txpipe: the corpus through `txpipe redact`, one line out per line in.
const tx = timed(process.execPath, [bin, 'redact', join(CORPUS_DIR, 'corpus.jsonl')]);
if (tx.status !== 0) throw new Error(`txpipe redact exited ${tx.status}: ${tx.stderr}`);
const txScore = score(labels, txpipeCaught(lines, tx.stdout.trim().split('\n'), labels));

// secretlint: each sample's text in a file of its own; a sample is caught when it is reported.
let slScore = null;
let slMs = 0;
let slVersion = '';
if (!args.has('--no-secretlint')) {
  const work = mkdtempSync(join(tmpdir(), 'secretlint-corpus-'));
  lines.forEach((l, i) =>
    writeFileSync(join(work, `${String(i + 1).padStart(5, '0')}.txt`), sampleText(l)),
  );
  const sl = runSecretlint([join(work, '*.txt')], work);
  slMs = sl.ms;
  const flagged = new Set();
  for (const result of sl.results)
    if ((result.messages ?? []).length > 0)
      flagged.add(Number(/(\d+)\.txt$/.exec(result.filePath)[1]) - 1);
  slScore = score(
    labels,
    labels.map((_, i) => flagged.has(i)),
  );
  slVersion = timed(process.execPath, [secretlintBin, '--version']).stdout.trim();
  rmSync(work, { recursive: true, force: true });
}

const pct = (n, d) => (d ? `${n} of ${d} (${((100 * n) / d).toFixed(1)}%)` : '-');
if (args.has('--json')) {
  console.log(
    JSON.stringify(
      {
        samples: lines.length,
        txpipe: { ms: Math.round(tx.ms), ...txScore },
        secretlint: slScore && { version: slVersion, ms: Math.round(slMs), ...slScore },
      },
      null,
      2,
    ),
  );
} else {
  const order = ['tuning', 'heldout', 'probes'];
  const keys = Object.keys(txScore).sort(
    (a, b) =>
      order.indexOf(a.split('/')[0]) - order.indexOf(b.split('/')[0]) ||
      (a.includes('/') ? 1 : 0) - (b.includes('/') ? 1 : 0) ||
      a.localeCompare(b),
  );
  const head = ['group', 'txpipe: secrets removed', 'txpipe: look-alikes changed'];
  if (slScore) head.push('secretlint: secrets reported', 'secretlint: look-alikes reported');
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
  for (const k of keys) {
    const t = txScore[k];
    const row = [
      k.includes('/') ? `  ${k}` : `**${k}**`,
      pct(t.removed, t.secrets),
      pct(t.changed, t.lookalikes),
    ];
    if (slScore) {
      const s = slScore[k];
      row.push(pct(s.removed, s.secrets), pct(s.changed, s.lookalikes));
    }
    console.log(`| ${row.join(' | ')} |`);
  }
  console.log(
    `\n${lines.length} samples; txpipe ${Math.round(tx.ms)} ms` +
      (slScore
        ? `; secretlint ${slVersion} ${Math.round(slMs)} ms (reports, does not remove)`
        : ''),
  );
  if (args.has('--misses')) {
    const byUuid = new Map(labels.map((l, i) => [l.uuid, { l, text: sampleText(lines[i]) }]));
    const show = (u) => {
      const { l, text } = byUuid.get(u);
      return `  ${u.slice(-4)} ${l.source}${l.rule ? ` ${l.rule}` : ''}: ${JSON.stringify(text).slice(0, 160)}`;
    };
    for (const split of order) {
      if (!txScore[split] || (onlySplits.size > 0 && !onlySplits.has(split))) continue;
      console.log(`\n${split}: secrets left\n${txScore[split].misses.map(show).join('\n')}`);
      console.log(
        `${split}: look-alikes changed\n${txScore[split].falsePositives.map(show).join('\n')}`,
      );
    }
  }
}
