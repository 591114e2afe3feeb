// Peak RSS of every command that reads Claude Code sessions, each over the 200 MiB session corpus
// (bench/corpus.mjs `sessions`), and of `convert --to run-record` over the same sessions
// concatenated as they are (bench/lib/concat-sessions.mjs): issue 24 asks for every command under
// 150 MB. Each runs once under /usr/bin/time, output to /dev/null; prints a Markdown table (the
// section "Peak RSS of every command" of bench/RESULTS.md) and exits 3 when one is over.
//
//   npm run build && node bench/rss-every-command.mjs [--quick] [--max-mb 150]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultCorpusDir, ensureCorpus, repoRoot } from './corpus.mjs';
import { makeConcatSessions } from './lib/concat-sessions.mjs';

const TIME = '/usr/bin/time';
const TXPIPE = join(repoRoot, 'dist', 'bin', 'txpipe.js');

/** Every command's argv over the corpus (commands of other inputs: see the note printed). */
const COMMANDS = [
  ['cat'],
  ['detect'],
  ['detect', '--lines'],
  ['redact'],
  ['redact', '--pii'],
  ['clip'],
  ['clip', '--max-line-bytes', '64KiB', '--omit-binary'],
  ['dedup-usage'],
  ['usage'],
  ['replay'],
  ['convert', '--to', 'txpipe'],
  ['convert', '--to', 'flockdeck'],
  ['convert', '--to', 'awf'],
  ['convert', '--to', 'rupu'],
  ['convert', '--to', 'run-record'],
  ['run', 'redact | clip --limit 4KiB | dedup-usage'],
];

function peak(argv) {
  const dir = mkdtempSync(join(tmpdir(), 'txpipe-rss-'));
  const out = join(dir, 'time');
  try {
    const r = spawnSync(TIME, ['-f', '%M %e', '-o', out, process.execPath, TXPIPE, ...argv], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const [kib, seconds] = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .pop()
      .split(/\s+/)
      .map(Number);
    return { mib: kib / 1024, seconds, code: r.status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const maxAt = args.indexOf('--max-mb');
  const max = maxAt >= 0 ? Number(args[maxAt + 1]) : 150;
  if (!existsSync(TXPIPE)) throw new Error(`${TXPIPE} missing: run npm run build first`);
  if (!existsSync(TIME)) throw new Error(`${TIME} missing: apt-get install time`);
  const sessions = ensureCorpus('sessions', { quick, dir: defaultCorpusDir, log: console.error });
  const concat = await makeConcatSessions(
    join(quick ? join(defaultCorpusDir, 'quick') : defaultCorpusDir, 'memory-run-record-concat'),
    { quick },
  );
  const rows = [
    ...COMMANDS.map((argv) => [argv, sessions, 'sessions']),
    [['convert', '--to', 'run-record'], concat, 'concat-sessions'],
  ];
  const lines = [
    `| command | corpus | peak RSS MiB | wall s | exit | < ${max} MB |`,
    '|---|---|---|---|---|---|',
  ];
  let over = 0;
  for (const [argv, file, corpus] of rows) {
    const r = peak([...argv, file]);
    const pass = r.mib < max;
    if (!pass) over++;
    lines.push(
      `| txpipe ${argv.join(' ').replaceAll('|', '\\|')} | ${corpus} | ${r.mib.toFixed(0)} | ${r.seconds.toFixed(2)} | ${r.code} | ${pass ? 'pass' : 'FAIL'} |`,
    );
    console.error(lines[lines.length - 1]);
  }
  console.log(lines.join('\n'));
  process.exitCode = over > 0 ? 3 : 0;
}

await main();
