#!/usr/bin/env node
// Runs secretlint (with @secretlint/secretlint-rule-preset-recommend) and `txpipe redact` over the
// same JSON Lines files and reports what each finds (per rule kind, and which lines) and how long
// each takes. Usage: node bench/secretlint-compare.mjs [files...] (default: every .jsonl file in
// ../shared/fixtures or /work/shared/fixtures). Build first (npm run build).
// With --corpus: the labelled corpus of test/fixtures/redact-corpus instead (README there), measured
// by scripts/measure-redact-corpus.mjs: per split and per source, the share of secrets removed
// (txpipe) or reported (secretlint), and of look-alikes changed or reported.
import { runSecretlint, timed } from './lib/secretlint.mjs';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'dist', 'bin', 'txpipe.js');

function jsonlFiles(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? jsonlFiles(p) : n.endsWith('.jsonl') ? [p] : [];
  });
}

if (process.argv[2] === '--corpus') {
  await import('../scripts/measure-redact-corpus.mjs');
  process.exit(0);
}

let files = process.argv.slice(2);
if (files.length === 0) {
  const shared = [join(root, '..', 'shared'), '/work/shared'].find((d) =>
    existsSync(join(d, 'fixtures')),
  );
  files = jsonlFiles(join(shared, 'fixtures'));
}
const bytes = files.reduce((n, f) => n + statSync(f).size, 0);

// secretlint: its recommended preset, JSON output (messages with ruleId and line).
const dir = mkdtempSync(join(tmpdir(), 'secretlint-compare-'));
const sl = runSecretlint(files, dir);
const slKinds = {};
const slLines = new Set();
for (const result of sl.results) {
  for (const m of result.messages ?? []) {
    slKinds[m.ruleId] = (slKinds[m.ruleId] ?? 0) + 1;
    slLines.add(`${result.filePath}:${m.loc?.start?.line}`);
  }
}

// txpipe: counts per kind from --report=json, lines changed by comparing each file's lines.
let txMs = 0;
const txKinds = {};
const txLines = new Set();
for (const f of files) {
  const r = timed(process.execPath, [
    bin,
    'redact',
    '--on-invalid',
    'pass',
    '--quiet',
    f,
    '--report=json',
  ]);
  txMs += r.ms;
  const counts = JSON.parse(r.stderr.trim().split('\n').pop() || '{}');
  for (const [k, n] of Object.entries(counts)) txKinds[k] = (txKinds[k] ?? 0) + n;
  const input = readFileSync(f, 'utf8').split('\n');
  const out = r.stdout.split('\n');
  let o = 0;
  input.forEach((line, i) => {
    if (line.trim() === '') return;
    if (out[o] !== line && out[o] !== line.replace(/\r$/, '')) txLines.add(`${f}:${i + 1}`);
    o++;
  });
}

const both = [...slLines].filter((l) => txLines.has(l));
const summary = {
  files: files.length,
  megabytes: +(bytes / 1048576).toFixed(1),
  secretlint: { ms: Math.round(sl.ms), findings: slKinds, lines: slLines.size },
  txpipe: { ms: Math.round(txMs), replaced: txKinds, lines: txLines.size },
  lines: {
    both: both.length,
    onlySecretlint: [...slLines].filter((l) => !txLines.has(l)),
    onlyTxpipe: txLines.size - both.length,
  },
};
console.log(JSON.stringify(summary, null, 2));
