#!/usr/bin/env node
// Side by side: `txpipe usage --json` and `ccusage claude daily --json --offline` on the same
// ~200 MB projects tree (bench/cases/usage.mjs builds it), alternating runs so both see the same
// machine load. Reports each run's wall and CPU time, the medians, and the ratio
// ccusage/txpipe (>= 1.0 means txpipe is at least as fast). Also checks the totals agree.
// Usage: npm run build && node bench/usage-vs-ccusage.mjs [runs=5] [corpus dir=/tmp/txpipe-bench]
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCorpus } from './cases/usage.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 5);
const projects = await makeCorpus(process.argv[3] ?? '/tmp/txpipe-bench');
const configDir = dirname(projects);

function timed(cmd, args, env = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', cmd, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  const [u, s] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wall, cpu: u + s, out: r.stdout };
}

const txpipe = () =>
  timed(process.execPath, [join(root, 'dist/bin/txpipe.js'), 'usage', '--json', projects]);
const ccusage = () =>
  timed(join(root, 'scripts/ccusage.sh'), ['claude', 'daily', '--json', '--offline', '-z', 'UTC'], {
    CLAUDE_CONFIG_DIR: configDir,
  });

ccusage(); // installs it if needed, and warms the file cache for both
const a = [];
const b = [];
for (let i = 0; i < runs; i++) {
  a.push(txpipe());
  b.push(ccusage());
  console.log(
    `run ${i + 1}: txpipe ${a[i].wall.toFixed(2)} s (cpu ${a[i].cpu.toFixed(2)}), ccusage ${b[i].wall.toFixed(2)} s (cpu ${b[i].cpu.toFixed(2)})`,
  );
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const mt = median(a.map((x) => x.wall));
const mc = median(b.map((x) => x.wall));
const ours = JSON.parse(a[0].out).totals;
const theirs = JSON.parse(b[0].out).totals;
const agree =
  ours.input === theirs.inputTokens &&
  ours.output === theirs.outputTokens &&
  ours.cacheWrite === theirs.cacheCreationTokens &&
  ours.cacheRead === theirs.cacheReadTokens;
console.log(
  `median wall: txpipe ${mt.toFixed(2)} s, ccusage ${mc.toFixed(2)} s, ratio ccusage/txpipe ${(mc / mt).toFixed(2)}`,
);
console.log(
  `median cpu:  txpipe ${median(a.map((x) => x.cpu)).toFixed(2)} s, ccusage ${median(b.map((x) => x.cpu)).toFixed(2)} s`,
);
console.log(`totals agree: ${agree}`);
