// The markdown report of a benchmark run, and the machine it ran on (used by run.mjs).

import { spawn } from 'node:child_process';
import { cpus } from 'node:os';

const fmt = (x, digits) => (x === undefined ? 'n/a' : x.toFixed(digits));
const MB = (b) => (b === undefined ? 'n/a' : (b / 1024 / 1024).toFixed(0));

/** The markdown report. */
export function report(results, opts, env) {
  const out = [];
  out.push('# Benchmark results', '');
  out.push(`- Date: ${env.date}`);
  out.push(`- Machine: ${env.nproc} CPUs (${env.cpu}), Node ${env.node}, ${env.jq}`);
  out.push(
    `- Rounds: ${opts.rounds} per command, interleaved; the median wall time counts.${opts.quick ? ' QUICK run (small corpora): a smoke test, not a measurement.' : ''}`,
  );
  out.push(
    '- Each command reads the corpus and writes to /dev/null. MB/s counts 10^6 bytes of input per wall second; CPU is user + system seconds; peak RSS is the maximum over rounds. Targets are judged on the wall-time ratio; the CPU ratio is shown because it is steadier on a busy machine.',
  );
  out.push(
    '- This machine is shared and noisy: the ratios (baseline time / txpipe time, same run) are what count, not the seconds.',
    '',
  );
  out.push('| case | corpus | MiB |', '|---|---|---|');
  const seen = new Set();
  for (const r of results) {
    if (seen.has(r.corpus)) continue;
    seen.add(r.corpus);
    out.push(`| ${r.case.id} | ${r.case.corpus} | ${MB(r.bytes)} |`);
  }
  for (const r of results) {
    out.push('', `## ${r.case.id}: ${r.case.summary ?? ''}`, '');
    out.push(
      '| command | median wall s | MB/s | txpipe speed-up (wall) | median CPU s | txpipe CPU ratio | peak RSS MiB | note |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const row of r.rows) {
      const x = (v) => (row.txpipe ? '-' : v === undefined ? 'n/a' : `${v.toFixed(2)}x`);
      out.push(
        `| ${row.name} | ${fmt(row.seconds, 2)} | ${fmt(row.mbps, 1)} | ${x(row.ratio)} | ${fmt(row.cpu, 2)} | ${x(row.cpuRatio)} | ${MB(row.rss)} | ${row.error ?? ''} |`,
      );
    }
    if (r.checks.length > 0) {
      out.push('', '| target | measured | result |', '|---|---|---|');
      for (const c of r.checks)
        out.push(`| ${c.what} | ${c.measured} | ${c.pass ? 'pass' : 'FAIL'} |`);
    }
  }
  return out.join('\n') + '\n';
}

export async function environment() {
  const jq = await new Promise((res) => {
    const p = spawn('jq', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let s = '';
    p.stdout.on('data', (d) => (s += d));
    p.on('error', () => res('jq missing'));
    p.on('close', () => res(s.trim() || 'jq ?'));
  });
  return {
    date: new Date().toISOString(),
    nproc: cpus().length,
    cpu: cpus()[0]?.model ?? '?',
    node: process.version,
    jq,
  };
}
