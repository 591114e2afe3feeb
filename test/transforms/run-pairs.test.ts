// `txpipe run 'A | B'` must write what the shell pipeline `txpipe A | txpipe B` writes, for every
// ordered pair of record commands that can be chained, on a small file of every format (issue 23,
// item 1). Both sides read standard input (a stage sees the input's name where the shell's second
// process sees `-`). The runs are in process (`runCli`, what the binary runs): the matrix is
// hundreds of runs; test/redact/leaks-after-rewrite.test.ts spawns the built bin for the leaks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writableFormatIds } from '../../src/formats/registry.js';
import { splitPipeline } from '../../src/transforms/pipeline-text.js';
import { cliInProcess, type CliResult } from '../cli-in-process.js';
import { fixture, repoRoot } from '../shared.js';

/** One or two small files of every format (real fixtures, plus planted secrets). */
const FILES = [
  fixture('claude-code/marot-spotter/short.jsonl'),
  fixture(
    'flockdeck/claude_model/home/projects/C--work-shop/22222222-3333-4444-5555-666666666666.jsonl',
  ),
  fixture('rupu/run_smoke.jsonl'),
  fixture('eval-magic/claude-stream-json/claude-events.jsonl'),
  fixture('slow-powers/record-runs/expected/run.json'),
  join(repoRoot, 'test/fixtures/formats/awf-exchange.jsonl'),
  join(repoRoot, 'test/fixtures/auto-swe/anthropic.jsonl'),
  join(repoRoot, 'test/fixtures/redact/planted-session.jsonl'),
];

/** Every record command, with options that make it do something on these files. */
const COMMANDS = [
  'cat',
  'redact --report=json',
  'clip --limit 1KiB',
  'dedup-usage',
  ...writableFormatIds.map((id) => `convert --to ${id}`),
  'replay',
  'normalize --agent claude',
];

const memo = new Map<string, Promise<CliResult>>();
/** `txpipe <stage>` on `input` (remembered: many pairs share a first stage's output). */
function stage(text: string, input: string): Promise<CliResult> {
  const key = `${text}\0${input}`;
  let r = memo.get(key);
  if (r === undefined)
    memo.set(key, (r = cliInProcess(splitPipeline(text)[0] as string[], { stdin: input })));
  return r;
}

/** The JSON report lines of standard error (redact's `--report=json` counts). */
const reports = (stderr: string): unknown[] =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as unknown);

describe.each(FILES)('run A | B equals the shell pipeline on %s', (file) => {
  const input = readFileSync(file, 'utf8');
  it.each(COMMANDS)('for every B after %s', async (a) => {
    const first = await stage(a, input);
    const wrong: string[] = [];
    for (const b of COMMANDS) {
      const second = await stage(b, first.stdout);
      const one = await cliInProcess(['run', `${a} | ${b}`], { stdin: input });
      const shellCode = first.code !== 0 ? first.code : second.code;
      if (one.stdout !== second.stdout) wrong.push(`${b}: output differs`);
      else if (one.code !== shellCode) wrong.push(`${b}: exit ${one.code}, shell ${shellCode}`);
      else if (
        // A failed run stops every stage: the reports of stages before the failing one are not
        // written (docs/commands/run.md); the shell's earlier processes had ended and written theirs.
        one.code === 0 &&
        JSON.stringify(reports(one.stderr)) !==
          JSON.stringify([...reports(first.stderr), ...reports(second.stderr)])
      )
        wrong.push(`${b}: reports differ`);
    }
    expect(wrong).toEqual([]);
  });
});
