// secretlint as the comparisons run it (bench/secretlint-compare.mjs, scripts/measure-redact-corpus.mjs):
// its recommended preset, JSON written to a file, with the time it took.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const secretlintBin = join(root, 'node_modules', '.bin', 'secretlint');

/** Runs a command to its end, with its output and wall time in milliseconds. */
export function timed(cmd, argv) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  return { ...r, ms: Number(process.hrtime.bigint() - t) / 1e6 };
}

/**
 * secretlint's recommended preset over `targets` (paths or globs), its configuration and report
 * in `dir`: the report's results (one per file, each with its `messages`) and the time taken.
 * `--output`, not stdout: secretlint exits before a large stdout pipe is drained.
 */
export function runSecretlint(targets, dir) {
  const rc = join(dir, '.secretlintrc.json');
  writeFileSync(
    rc,
    JSON.stringify({ rules: [{ id: '@secretlint/secretlint-rule-preset-recommend' }] }),
  );
  const report = join(dir, 'secretlint.json');
  const run = timed(process.execPath, [
    secretlintBin,
    '--secretlintrc',
    rc,
    '--format',
    'json',
    '--no-color',
    '--output',
    report,
    ...targets,
  ]);
  const results = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : [];
  return { results, ms: run.ms };
}
