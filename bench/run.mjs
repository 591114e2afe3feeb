// The benchmark runner (`npm run bench`). Runs every case in bench/cases/*.mjs and the baselines
// side by side, interleaved (all commands once per round, in a rotating order; the median round
// counts), each as a child process reading the corpus and writing to /dev/null. Reports wall time,
// throughput, ratios against each baseline, peak RSS and pass/fail against the case's targets, and
// writes the table to bench/RESULTS.md.
//
//   node bench/run.mjs [--case ID]... [--rounds N] [--quick] [--corpus-dir DIR] [--results FILE]
//                      [--cases-dir DIR] [--check]
//
// A case file default-exports { id, summary, corpus, argv, targets, maxRssMB?, baselines?,
// extraBaselines?, noInput?, command? } (extraBaselines: { name: (corpus, { node, txpipe, repoRoot }) =>
// argv }; noInput: the corpus path is not appended to txpipe's argv, as for `--version`; command:
// (corpus, { node, txpipe, repoRoot }) => the argv that runs txpipe, when more than txpipe is run):
// `corpus` is 'sessions' | 'long-lines' | 'projects' (built by corpus.mjs) or a name of the case's
// own, built by its exported `async makeCorpus(dir, { quick })`, which returns the path; `argv`
// are the txpipe arguments (the corpus path is appended); `targets` are [{ baseline, min }]
// ratios; `maxRssMB` bounds txpipe's peak RSS; `baselines` (default: all) limits the baselines
// run, for corpora where one would take minutes.

import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { environment, report } from './lib/report.mjs';
import {
  CORPORA,
  corpusBytes,
  corpusFiles,
  defaultCorpusDir,
  ensureCorpus,
  repoRoot,
} from './corpus.mjs';

const BENCH = join(repoRoot, 'bench');
const TXPIPE = join(repoRoot, 'dist', 'bin', 'txpipe.js');
const TIME = '/usr/bin/time';
const CASES = join(BENCH, 'cases');
const RSS_PRELOAD = join(BENCH, 'lib', 'report-rss.mjs');

/** The baselines: how each is run over a list of files. */
export const BASELINES = {
  'node-loop': (files) => [process.execPath, join(BENCH, 'baselines', 'node-loop.mjs'), ...files],
  jq: (files) => ['jq', '-c', '.', ...files],
  split2: (files) => [process.execPath, join(BENCH, 'baselines', 'split2.mjs'), ...files],
};

export function parseArgs(argv) {
  const opts = { cases: [], rounds: undefined, quick: false, corpusDir: defaultCorpusDir };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--case') opts.cases.push(value());
    else if (a === '--rounds') opts.rounds = Number(value());
    else if (a === '--quick') opts.quick = true;
    else if (a === '--corpus-dir') opts.corpusDir = resolve(value());
    else if (a === '--results') opts.results = resolve(value());
    else if (a === '--cases-dir') opts.casesDir = resolve(value());
    else if (a === '--check') opts.check = true;
    else if (a === '--help' || a === '-h') opts.help = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (opts.rounds === undefined) opts.rounds = opts.quick ? 1 : 5;
  if (!(Number.isInteger(opts.rounds) && opts.rounds > 0))
    throw new Error('--rounds must be a positive integer');
  // Only a full run of every case writes bench/RESULTS.md; a quick (smoke) or partial run goes
  // to bench/out/, so it never overwrites the real results.
  opts.results ??= join(
    BENCH,
    opts.quick
      ? 'out/RESULTS.quick.md'
      : opts.cases.length > 0
        ? 'out/RESULTS.partial.md'
        : 'RESULTS.md',
  );
  return opts;
}

/** Every case file, checked against the contract. */
export async function loadCases(dir = CASES) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .sort();
  const cases = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(join(dir, f)).href);
    const c = mod.default;
    const problems = [];
    if (!c || typeof c !== 'object') problems.push('no default export');
    else {
      if (typeof c.id !== 'string' || c.id === '') problems.push('id');
      if (!Array.isArray(c.argv)) problems.push('argv');
      if (typeof c.corpus !== 'string') problems.push('corpus');
      if (!CORPORA.includes(c.corpus) && typeof mod.makeCorpus !== 'function')
        problems.push('makeCorpus');
      for (const b of c.baselines ?? []) if (!(b in BASELINES)) problems.push(`baseline ${b}`);
      for (const t of c.targets ?? [])
        if (
          c.baselines &&
          !c.baselines.includes(t.baseline) &&
          !(t.baseline in (c.extraBaselines ?? {}))
        )
          problems.push(`${t.baseline} not run`);
      const extra = c.extraBaselines ?? {};
      for (const [name, make] of Object.entries(extra))
        if (typeof make !== 'function' || name in BASELINES)
          problems.push(`extra baseline ${name}`);
      for (const t of c.targets ?? [])
        if (!(t.baseline in BASELINES || t.baseline in extra) || typeof t.min !== 'number')
          problems.push(`target ${JSON.stringify(t)}`);
    }
    if (problems.length > 0) throw new Error(`${join(dir, f)}: bad case (${problems.join(', ')})`);
    cases.push({ ...c, targets: c.targets ?? [], makeCorpus: mod.makeCorpus, file: f });
  }
  return cases;
}

/**
 * The part of an existing results file from the line `<!-- kept -->` on: comparisons with other
 * tools (secretlint, ccusage) that other scripts measure, which a new run must not throw away.
 */
export const KEPT_MARKER = '<!-- kept -->';
function keptSection(file) {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(KEPT_MARKER);
  return at === -1 ? '' : '\n' + text.slice(at);
}

/** Runs one command, stdout to /dev/null; wall seconds, peak RSS (bytes), exit status. */
function measure(cmd, { useTime }) {
  return new Promise((resolvePromise) => {
    const tag = join(
      tmpdir(),
      `txpipe-bench-${process.pid}-${Math.random().toString(36).slice(2)}`,
    );
    let argv = cmd;
    const env = { ...process.env };
    if (useTime) argv = [TIME, '-f', '%U %S %M', '-o', tag, ...cmd];
    else if (cmd[0] === process.execPath) {
      env.TXPIPE_BENCH_RSS_FILE = tag;
      argv = [cmd[0], '--import', pathToFileURL(RSS_PRELOAD).href, ...cmd.slice(1)];
    }
    const devnull = openSync('/dev/null', 'w');
    let stderr = '';
    const start = process.hrtime.bigint();
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', devnull, 'pipe'], env });
    child.stderr.on('data', (d) => {
      if (stderr.length < 4000) stderr += d;
    });
    child.on('error', (err) => {
      closeSync(devnull);
      resolvePromise({ ok: false, error: err.message });
    });
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      closeSync(devnull);
      let rss;
      let cpu;
      if (existsSync(tag)) {
        // "user-seconds system-seconds peak-KiB" (the last line: time puts notes above it)
        const [user, sys, kb] = readFileSync(tag, 'utf8')
          .trim()
          .split('\n')
          .pop()
          .split(/\s+/)
          .map(Number);
        rss = Number.isFinite(kb) ? kb * 1024 : undefined;
        cpu = Number.isFinite(user + sys) ? user + sys : undefined;
        rmSync(tag, { force: true });
      }
      const ok = code === 0;
      resolvePromise({
        ok,
        seconds,
        rss,
        cpu,
        error: ok ? undefined : `exit ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
      });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs one case and its baselines interleaved; a result row per command. */
export async function runCase(c, opts, log = () => {}) {
  const dir = opts.quick ? join(opts.corpusDir, 'quick') : opts.corpusDir;
  const corpus = CORPORA.includes(c.corpus)
    ? ensureCorpus(c.corpus, { quick: opts.quick, dir: opts.corpusDir, log })
    : await c.makeCorpus(join(dir, c.id), { quick: opts.quick });
  const bytes = corpusBytes(corpus);
  const files = corpusFiles(corpus);
  const commands = [
    {
      name: `txpipe ${c.argv.join(' ')}`.trim(),
      cmd: c.command
        ? c.command(corpus, { node: process.execPath, txpipe: TXPIPE, repoRoot })
        : [process.execPath, TXPIPE, ...c.argv, ...(c.noInput ? [] : [corpus])],
      txpipe: true,
    },
    ...Object.entries(BASELINES)
      .filter(([name]) => !c.baselines || c.baselines.includes(name))
      .map(([name, make]) => ({ name, cmd: make(files) })),
    // A case's own reference commands (another tool on the same corpus, txpipe on a companion
    // corpus), run in the same interleaved rounds as the baselines.
    ...Object.entries(c.extraBaselines ?? {}).map(([name, make]) => ({
      name,
      cmd: make(corpus, { node: process.execPath, txpipe: TXPIPE, repoRoot }),
    })),
  ];
  const runs = commands.map(() => []);
  for (let round = 0; round < opts.rounds; round++) {
    for (let k = 0; k < commands.length; k++) {
      const i = (k + round) % commands.length; // rotate the order so no command always runs first
      const r = await measure(commands[i].cmd, opts);
      log(
        `  ${c.id} round ${round + 1}: ${commands[i].name} ${r.ok ? r.seconds.toFixed(2) + ' s' : 'FAILED ' + r.error}`,
      );
      runs[i].push(r);
    }
  }
  const rows = commands.map((command, i) => {
    const ok = runs[i].filter((r) => r.ok);
    const seconds = ok.length === runs[i].length ? median(ok.map((r) => r.seconds)) : undefined;
    const rssList = ok.map((r) => r.rss).filter((x) => x !== undefined);
    const cpuList = ok.map((r) => r.cpu).filter((x) => x !== undefined);
    return {
      name: command.name,
      txpipe: command.txpipe === true,
      seconds,
      mbps: seconds === undefined ? undefined : bytes / 1e6 / seconds,
      rss: rssList.length > 0 ? Math.max(...rssList) : undefined,
      cpu: cpuList.length === runs[i].length ? median(cpuList) : undefined,
      error: runs[i].find((r) => !r.ok)?.error,
    };
  });
  const tx = rows[0];
  const ratio = (baseline) => {
    const b = rows.find((r) => r.name === baseline);
    return tx.seconds && b?.seconds ? b.seconds / tx.seconds : undefined;
  };
  const checks = c.targets.map((t) => {
    const r = ratio(t.baseline);
    return {
      what: `>= ${t.min}x ${t.baseline}`,
      measured: r === undefined ? 'n/a' : `${r.toFixed(2)}x`,
      pass: r !== undefined && r >= t.min,
    };
  });
  if (c.maxRssMB !== undefined) {
    const mb = tx.rss === undefined ? undefined : tx.rss / 1024 / 1024;
    checks.push({
      what: `peak RSS < ${c.maxRssMB} MB`,
      measured: mb === undefined ? 'n/a' : `${mb.toFixed(0)} MB`,
      pass: mb !== undefined && mb < c.maxRssMB,
    });
  }
  for (const row of rows) {
    row.ratio = row.txpipe ? undefined : ratio(row.name);
    row.cpuRatio = !row.txpipe && tx.cpu && row.cpu ? row.cpu / tx.cpu : undefined;
  }
  return { case: c, corpus, bytes, rows, checks };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    console.log(
      'node bench/run.mjs [--case ID]... [--rounds N] [--quick] [--corpus-dir DIR] [--results FILE] [--cases-dir DIR] [--check]',
    );
    return;
  }
  if (!existsSync(TXPIPE)) throw new Error(`${TXPIPE} missing: run npm run build first`);
  opts.useTime = existsSync(TIME);
  const all = await loadCases(opts.casesDir);
  for (const id of opts.cases)
    if (!all.some((c) => c.id === id))
      throw new Error(`no case ${id}; known: ${all.map((c) => c.id).join(', ')}`);
  const cases = opts.cases.length > 0 ? all.filter((c) => opts.cases.includes(c.id)) : all;
  const log = (m) => console.error(m);
  const results = [];
  for (const c of cases) results.push(await runCase(c, opts, log));
  const md = report(results, opts, await environment());
  mkdirSync(resolve(opts.results, '..'), { recursive: true });
  await writeFile(opts.results, md + keptSection(opts.results));
  process.stdout.write(md);
  console.error(`written to ${opts.results}`);
  const failed = results.flatMap((r) =>
    r.checks.filter((c) => !c.pass).map((c) => `${r.case.id}: ${c.what}`),
  );
  if (failed.length > 0) console.error(`targets missed: ${failed.join('; ')}`);
  // Missed targets fail the run only when asked: one noisy round should not break a pipeline.
  if (opts.check && failed.length > 0) process.exitCode = 3;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`bench: ${err.message}`);
    process.exitCode = 1;
  });
}
