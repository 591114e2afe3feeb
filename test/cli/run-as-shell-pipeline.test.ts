// Issue 24, item 13: `txpipe run 'A | B' FOLDER` writes the bytes the shell pipeline
// `txpipe A FOLDER | txpipe B` writes: the first command reads the files, each later one reads
// what the command before it wrote as one stream (standard input), as it would in the shell.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../shared.js';
import { ensureBuilt, txpipe } from './run.js';

beforeAll(() => ensureBuilt());

/** `txpipe A files | txpipe B | ...`, each command a process reading the one before. */
function shellPipeline(commands: readonly (readonly string[])[], files: readonly string[]) {
  let r = txpipe([...commands[0]!, ...files]);
  for (const c of commands.slice(1)) r = txpipe([...c], { input: r.stdout });
  return r;
}

const folders = [fixture('claude-code'), fixture('flockdeck')];

const pipelines: readonly (readonly string[])[][] = [
  [['cat'], ['convert', '--to', 'run-record']],
  [['redact'], ['convert', '--to', 'flockdeck']],
  [['dedup-usage'], ['convert', '--to', 'txpipe']],
  [
    ['clip', '--limit', '4KiB'],
    ['convert', '--to', 'run-record'],
  ],
  [['cat'], ['redact'], ['convert', '--to', 'rupu']],
];

describe('txpipe run over a folder writes what the shell pipeline writes', () => {
  const rows = folders.flatMap((folder) => pipelines.map((p) => [folder, p] as const));
  it.each(rows)('%s: %j', (folder, commands) => {
    const text = commands.map((c) => c.join(' ')).join(' | ');
    const run = txpipe(['run', text, folder]);
    const shell = shellPipeline(commands, [folder]);
    expect(run.code).toBe(shell.code);
    // Compared as lines: a whole record's difference is shown, not 30,000 characters of one.
    expect(run.stdout.split('\n')).toEqual(shell.stdout.split('\n'));
  });

  it('one command alone reads the files, as that command does (not standard input)', () => {
    const folder = fixture('claude-code');
    const run = txpipe(['run', 'convert --to run-record', folder]);
    const alone = txpipe(['convert', '--to', 'run-record', folder]);
    expect(run.stdout).toBe(alone.stdout);
    expect(run.stdout.split('\n').length - 1).toBe(9);
  });
});
