#!/usr/bin/env node
// The most two threads could give a per-session writer on this machine: the session corpus cut in
// two at the session boundary nearest its middle, and two `txpipe` processes run at once, one on
// each half, beside one `txpipe` on the whole corpus and the plain Node loop, in interleaved
// rounds. First checks that the two halves' outputs, joined, are byte for byte the whole run's
// (a writer that starts afresh at each session, as Flockdeck's does); a writer for which they are
// not stops the script. Two processes share nothing (no transfer, no shared heap), so a design on
// worker threads can at best match them.
//
//   npm run build && node bench/session-halves.mjs [--rounds N] [--quick] [--corpus-dir DIR]
//                                                  [TXPIPE ARGS...]
//   (TXPIPE ARGS default: convert --to flockdeck; --quick: the 8 MiB corpus, a smoke run)

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultCorpusDir, ensureCorpus, repoRoot } from './corpus.mjs';

const args = process.argv.slice(2);
let rounds = 5;
let corpusDir = defaultCorpusDir;
let quick = false;
const rest = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--corpus-dir') corpusDir = args[++i];
  else if (args[i] === '--quick') quick = true;
  else rest.push(args[i]);
}
const argv = rest.length > 0 ? rest : ['convert', '--to', 'flockdeck'];
const TXPIPE = join(repoRoot, 'dist', 'bin', 'txpipe.js');
const LOOP = join(repoRoot, 'bench', 'baselines', 'node-loop.mjs');
const DEV_NULL = openSync('/dev/null', 'w');

/** The session a Claude Code line names at its top level, if any. */
function sessionOf(line) {
  try {
    const v = JSON.parse(line.toString('utf8'));
    return typeof v?.sessionId === 'string' && v.sessionId !== '' ? v.sessionId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The byte offset of the first line at or after the middle that names a session other than the
 * one in force before it (a line naming none stays in the session before it).
 */
function sessionBoundary(buf) {
  let current;
  let start = 0;
  while (start < buf.length) {
    let end = buf.indexOf(10, start);
    if (end === -1) end = buf.length;
    const s = sessionOf(buf.subarray(start, end));
    if (s !== undefined && s !== current) {
      if (start >= buf.length / 2 && current !== undefined) return start;
      current = s;
    }
    start = end + 1;
  }
  throw new Error('no session boundary after the middle of the corpus');
}

/** Runs `cmd` with its output fed to `hash` (or dropped); resolves to its wall seconds. */
function run(cmd, cmdArgs, hash) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const out = hash ? 'pipe' : DEV_NULL;
    const child = spawn(cmd, cmdArgs, { stdio: ['ignore', out, 'inherit'] });
    child.stdout?.on('data', (d) => hash.update(d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${cmd} ${cmdArgs.join(' ')} exited with ${code}`));
      else resolve(Number(process.hrtime.bigint() - t0) / 1e9);
    });
  });
}

const corpus = ensureCorpus('sessions', { quick, dir: corpusDir, log: (m) => console.error(m) });
const whole = readFileSync(corpus);
const cut = sessionBoundary(whole);
const dir = mkdtempSync(join(tmpdir(), 'txpipe-halves-'));
try {
  const a = join(dir, 'a.jsonl');
  const b = join(dir, 'b.jsonl');
  writeFileSync(a, whole.subarray(0, cut));
  writeFileSync(b, whole.subarray(cut));
  const size = whole.length;
  console.error(`cut at byte ${cut} of ${size} (${((100 * cut) / size).toFixed(1)}%)`);

  // Same bytes: the halves' outputs, one after the other, against the whole run's.
  const one = createHash('sha256');
  await run(process.execPath, [TXPIPE, ...argv, corpus], one);
  const both = createHash('sha256');
  for (const f of [a, b]) await run(process.execPath, [TXPIPE, ...argv, f], both);
  if (both.digest('hex') !== one.digest('hex')) {
    console.error('the halves joined are not the whole run: this writer does not start afresh');
    process.exit(1);
  }

  const commands = {
    'node-loop': () => run(process.execPath, [LOOP, corpus]),
    'txpipe (whole)': () => run(process.execPath, [TXPIPE, ...argv, corpus]),
    'txpipe (two halves at once)': async () => {
      const t0 = process.hrtime.bigint();
      await Promise.all([a, b].map((f) => run(process.execPath, [TXPIPE, ...argv, f])));
      return Number(process.hrtime.bigint() - t0) / 1e9;
    },
  };
  const names = Object.keys(commands);
  const walls = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < names.length; k++) {
      const n = names[(k + r) % names.length];
      walls[n].push(await commands[n]());
    }
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const loop = median(walls['node-loop']);
  console.log(`txpipe ${argv.join(' ')}, ${rounds} rounds, ${(size / 2 ** 20).toFixed(0)} MiB`);
  console.log('');
  console.log('| command | median wall s | range s | node-loop / this |');
  console.log('|---|---|---|---|');
  for (const n of names) {
    const m = median(walls[n]);
    const lo = Math.min(...walls[n]).toFixed(2);
    const hi = Math.max(...walls[n]).toFixed(2);
    console.log(`| ${n} | ${m.toFixed(2)} | ${lo}-${hi} | ${(loop / m).toFixed(2)}x |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
