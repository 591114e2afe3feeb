import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { expandOptionalValues } from '../../src/cli/optional-values.js';
import { quickParse } from '../../src/cli/quick-parse.js';
import { buildCli } from '../../src/cli/yargs-cli.js';

/** The arguments yargs gives a command for `argv`, by their camelCase names (as commands read them). */
async function yargsArgs(argv: string[]): Promise<Record<string, unknown>> {
  let got: Record<string, unknown> = {};
  const cli = await buildCli(
    argv,
    { stderr: new PassThrough(), stdoutIsTTY: false, exit: () => {} },
    (_, a) => {
      got = a;
      return Promise.resolve(0);
    },
  );
  await cli.parseAsync();
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(got)) {
    if (k.length > 1 && !k.includes('-') && k !== '$0') out[k] = v;
  }
  return out;
}

const quick = (argv: string[]) => quickParse(expandOptionalValues(argv));

describe('quickParse gives what yargs gives', () => {
  it.each([
    [['cat']],
    [['cat', 'a.jsonl', 'b.jsonl']],
    [['cat', '-']],
    [['cat', 'a.jsonl', '-', 'b.jsonl']],
    [['cat', '-o', 'out.jsonl', 'a.jsonl']],
    [['cat', '--output=out.jsonl', '-q', '--strict']],
    [['cat', '-qo', 'out.jsonl']],
    [['cat', '--no-strict', '--no-quiet', 'a']],
    [['cat', '--reject-file', 'r.txt', '--on-invalid', 'pass', '--framing', 'array']],
    [['cat', '--max-input-line-bytes', '1024']],
    [['cat', '123', '0x10']],
    [['cat', 'a', '-q', 'b']],
    [['cat', '--output=', 'a']],
    [['usage', '--max-seen-keys', '010']],
    [['convert', '--run-index', '1.5']],
    [['usage', '--json', '/dev/null']],
    [['usage', '--csv', '--keep', 'max', '--max-seen-keys=10', '--top-sessions', '3', 'x']],
    [['usage', '--html', 'r.html', '--table']],
    [['detect', '--lines', '--sample', '5']],
    [['convert', '--to', 'flockdeck', '--from', 'claude-code', '--reply-usage', 'first']],
    [['convert', '--to', 'run-record', '--eval-id', 'e1', '--run-index', '2', '--conversation']],
    [['redact', '--report', 'a.jsonl']],
    [['redact', '--report=json', '--pii', '--config', 'c.json', '--max-pending-calls', '7']],
    [
      [
        'clip',
        '--limit',
        '1KiB',
        '--field',
        'text=10',
        '--omit-binary',
        '--max-line-bytes',
        '2048',
      ],
    ],
    [['clip', '--format', 'generic', '--limit', '100']],
    [['normalize', '--agent', 'codex', '--array', '--max-blocks', '9']],
    [['awf-tree', '--max-runs', '5', 'dir']],
    [['dedup-usage', '--keep', 'first', '--progress-usage', 'keep', '--max-held-bytes', '100']],
    [['replay', '--from', 'rupu']],
  ])('%j', async (argv) => {
    const q = quick(argv);
    expect(q, 'quickParse declined').toBeDefined();
    expect(q?.spec.name).toBe(argv[0]);
    expect(q?.args).toEqual(await yargsArgs(argv));
  });
});

describe('quickParse leaves to yargs what it is not sure of', () => {
  it.each([
    [[]],
    [['--help']],
    [['cat', '--help']],
    [['cat', '-h']],
    [['--version']],
    [['-q', 'cat']],
    [['nope']],
    [['cat', '--nope']],
    [['cat', '--maxInputLineBytes', '5']],
    [['cat', '--strict', 'true']],
    [['cat', '--strict=false']],
    [['cat', '--on-invalid', 'maybe']],
    [['cat', '--max-input-line-bytes', '0']],
    [['cat', '--max-input-line-bytes', '1e3']],
    [['cat', '-o', 'a', '-o', 'b']],
    [['cat', '-o=x']],
    [['cat', '-oq']],
    [['cat', '--output']],
    [['cat', '--', '--not-an-option']],
    [['usage', '--keep', 'most']],
    [['usage', '--top-sessions', 'many']],
    [['clip', '--field', 'a=1', '--field', 'b=2']],
    [['convert', '--fixture-files', 'a', '--fixture-files', 'b']],
    [['redact', '--report=xml']],
  ])('%j', (argv) => {
    expect(quick(argv)).toBeUndefined();
  });
});
