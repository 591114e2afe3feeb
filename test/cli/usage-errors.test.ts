// A usage error ends the run with exit 2 and one message, and the command never runs: in
// process (through the same yargs program) and in the built binary.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliInProcess } from '../cli-in-process.js';
import { fixture } from '../shared.js';
import { ensureBuilt, txpipe } from './run.js';

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-usage-error-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const input = fixture('rupu', 'run_smoke.jsonl');
const hint = 'Run txpipe --help for usage.\n';

// [what, argv (an output file is appended), the one message on stderr]
const rows: [string, string[], string][] = [
  ['an unknown option', ['cat', '--bogus', input], 'txpipe: Unknown argument: bogus\n' + hint],
  [
    'a value outside choices',
    ['cat', '--on-invalid', 'nope', input],
    'txpipe: Invalid values:\n  Argument: on-invalid, Given: "nope", Choices: "skip", "pass", "error"\n' +
      hint,
  ],
  ['no command', [], 'txpipe: Name a command; see txpipe --help\n' + hint],
];

describe('usage errors', () => {
  it.each(rows)('in process: %s exits 2, says so once, writes nothing', async (_, argv, msg) => {
    const out = join(tmp, 'in-process.out');
    const r = await cliInProcess([...argv, '-o', out]);
    expect(r).toEqual({ code: EXIT.usage, stdout: '', stderr: msg });
    expect(existsSync(out)).toBe(false);
  });

  it.each(rows)('spawned: %s exits 2, says so once, writes nothing', (_, argv, msg) => {
    const out = join(tmp, 'spawned.out');
    const r = txpipe([...argv, '-o', out]);
    expect(r).toEqual({ code: EXIT.usage, stdout: '', stderr: msg });
    expect(existsSync(out)).toBe(false);
  });
});
