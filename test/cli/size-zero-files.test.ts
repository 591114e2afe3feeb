// Files that report a size of 0 and still hold bytes (procfs, sysfs, some FUSE mounts) are read to
// their end, as standard input is: a file is read until a read gives nothing, never only up to the
// size `stat` reported when it was opened (issue 24, item 1).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, repoRoot } from '../shared.js';
import { entry } from '../usage/records.js';
import { ensureBuilt, env, txpipe } from './run.js';

beforeAll(() => ensureBuilt());

const PROC_VERSION = '/proc/version';
const onLinux = existsSync(PROC_VERSION) && statSync(PROC_VERSION).size === 0;

/** Every command that reads input files, with the arguments it needs. */
const commands: readonly (readonly string[])[] = [
  ['cat'],
  ['redact'],
  ['clip'],
  ['dedup-usage'],
  ['convert', '--to', 'txpipe'],
  ['normalize', '--agent', 'claude'],
  ['usage', '--json'],
  ['detect'],
];

describe.runIf(onLinux)('a file whose size reads as 0 is read to its end', () => {
  it.each(commands)('%s gives what it gives for the same bytes on standard input', (...args) => {
    const fromFile = txpipe([...args, PROC_VERSION]);
    const fromStdin = txpipe([...args, '-'], { input: readFileSync(PROC_VERSION) });
    const named = (s: string): string => s.split(PROC_VERSION).join('-');
    expect({ ...fromFile, stdout: named(fromFile.stdout), stderr: named(fromFile.stderr) }).toEqual(
      fromStdin,
    );
    // Not a run that read nothing: the line is written or reported.
    if (args[0] !== 'usage') expect(fromFile.stdout + fromFile.stderr).toMatch(/version(?::1|\t)/);
  });

  it('cat --strict --on-invalid pass writes /proc/version as it is', () => {
    const r = txpipe(['cat', '--strict', '--on-invalid', 'pass', PROC_VERSION]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(readFileSync(PROC_VERSION, 'utf8'));
  });

  it('/proc/self/status is read whole, after a regular file', () => {
    const r = txpipe(['cat', '--on-invalid', 'pass', 'package.json', '/proc/self/status']);
    expect(r.code).toBe(0);
    const status = r.stdout.slice(r.stdout.indexOf('Name:'));
    expect(status).toMatch(/^Name:\t/);
    expect(status).toMatch(/\nnonvoluntary_ctxt_switches:\t\d+\n$/);
    expect(status.split('\n').length).toBeGreaterThan(30);
  });

  it('usage finds the usage in a size-0 file (/proc/self/environ holding a JSON line)', () => {
    // The spawned process's own environment, one variable of which holds a line of JSON.
    const line = JSON.stringify(entry('msg_a', 5, { requestId: 'r1' }));
    const r = spawnSync(process.execPath, [bin, 'usage', '--json', '/proc/self/environ'], {
      cwd: repoRoot,
      env: { ...env, TXPIPE_TEST_LINE: `\n${line}\n` },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { totals: { output: number } }).totals.output).toBe(5);
  });
});
