// The CLI's run loop in-process (the spawned tests in cli.test.ts cover the same ground as a user
// sees it; these let coverage see the code and check the pieces one by one).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { expandInputs } from '../../src/engine/inputs.js';
import { isBrokenPipe, openOutput } from '../../src/engine/output.js';
import { Reporter } from '../../src/engine/reporter.js';
import { describeIoError } from '../../src/stream/input.js';
import { cliInProcess } from '../cli-in-process.js';
import { fixture } from '../shared.js';

let tmp: string;
const at = (name: string): string => join(tmp, name);
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-run-'));
  writeFileSync(at('in.jsonl'), '{"a":1}\nbad\n{"b":2}\n');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the CLI in this process; output must go to a file (`-o`). */
async function cli(argv: string[]): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await cliInProcess(argv);
  return { code, stderr };
}

describe('buildCli + runCommand', () => {
  it('cat writes the file, reports the bad line, keeps it in the reject file', async () => {
    const r = await cli(['cat', '-o', at('o1'), '--reject-file', at('r1'), at('in.jsonl')]);
    expect(r).toEqual({
      code: EXIT.ok,
      stderr: `txpipe: 1 line not written:\n  ${at('in.jsonl')}:2: malformed: line is not JSON\n`,
    });
    expect(readFileSync(at('o1'), 'utf8')).toBe('{"a":1}\n{"b":2}\n');
    expect(readFileSync(at('r1'), 'utf8')).toBe('bad\n');
  });

  it('--strict and --quiet', async () => {
    const r = await cli(['cat', '-q', '--strict', '-o', at('o2'), at('in.jsonl')]);
    expect(r).toEqual({ code: EXIT.rejected, stderr: '' });
  });

  it('--on-invalid error fails with the line', async () => {
    const r = await cli(['cat', '--on-invalid', 'error', '-o', at('o3'), at('in.jsonl')]);
    expect(r).toEqual({
      code: EXIT.failure,
      stderr: `txpipe: ${at('in.jsonl')}:2: line is not JSON\n`,
    });
  });

  it('an unreadable input and an unwritable output are named', async () => {
    expect(await cli(['cat', '-o', at('o4'), at('none.jsonl')])).toEqual({
      code: EXIT.failure,
      stderr: `txpipe: ${at('none.jsonl')}: no such file\n`,
    });
    expect(await cli(['cat', '-o', '/dev/full', at('in.jsonl')])).toMatchObject({
      code: EXIT.failure,
      stderr: expect.stringContaining('txpipe: cannot write /dev/full: no space left on device\n'),
    });
    expect(
      await cli(['cat', '-o', at('o5'), '--reject-file', at('no/dir/r'), at('in.jsonl')]),
    ).toMatchObject({
      code: EXIT.failure,
      stderr: expect.stringContaining(`cannot write ${at('no/dir/r')}`),
    });
  });

  it('detect writes text, an empty input included', async () => {
    writeFileSync(at('empty.jsonl'), '');
    const r = await cli([
      'detect',
      '-o',
      at('o6'),
      at('empty.jsonl'),
      fixture('rupu', 'run_smoke.jsonl'),
    ]);
    expect(r.code).toBe(EXIT.ok);
    expect(readFileSync(at('o6'), 'utf8')).toBe(
      `${at('empty.jsonl')}\tunknown\n${fixture('rupu', 'run_smoke.jsonl')}\trupu\n`,
    );
  });

  it('reads standard input for - and for no files', async () => {
    for (const files of [['-'], []]) {
      const r = await cliInProcess(['cat', ...files], { stdin: '{"a":1}\nbad\n' });
      expect(r).toEqual({
        code: EXIT.ok,
        stdout: '{"a":1}\n',
        stderr: 'txpipe: 1 line not written:\n  -:2: malformed: line is not JSON\n',
      });
    }
  });

  it('usage errors exit 2', async () => {
    expect((await cli(['cat', '--bogus'])).code).toBe(EXIT.usage);
    expect((await cli(['detect', '--sample', '-1', '-o', at('o7')])).code).toBe(EXIT.usage);
    expect((await cli(['convert', '--to', 'nope', '-o', at('o8')])).code).toBe(EXIT.usage);
  });
});

describe('expandInputs', () => {
  it('nothing is standard input; - stays; a missing path is an error naming it', async () => {
    expect(await expandInputs([])).toEqual(['-']);
    expect(await expandInputs(['-', at('in.jsonl')])).toEqual(['-', at('in.jsonl')]);
    await expect(expandInputs([at('missing')])).rejects.toThrow(`${at('missing')}: no such file`);
  });
});

describe('output', () => {
  it('openOutput: - and nothing are standard output', () => {
    expect(openOutput(undefined).name).toBe('standard output');
    expect(openOutput('-').stream).toBe(process.stdout);
  });

  it.each([
    ['EPIPE', true],
    ['ERR_STREAM_PREMATURE_CLOSE', true],
    ['ENOSPC', false],
    [undefined, false],
  ])('isBrokenPipe(%s) is %s', (code, yes) => {
    expect(isBrokenPipe(Object.assign(new Error('x'), { code }))).toBe(yes);
  });

  it.each([
    ['ENOENT', 'no such file'],
    ['EACCES', 'permission denied'],
    ['EPERM', 'permission denied'],
    ['EISDIR', 'is a directory'],
    ['ENOSPC', 'no space left on device'],
    ['EIO', 'i/o failed'],
  ])('describeIoError(%s)', (code, text) => {
    expect(describeIoError(Object.assign(new Error('i/o failed'), { code }))).toBe(text);
  });
});

describe('Reporter', () => {
  it('says nothing when nothing was rejected', async () => {
    const r = new Reporter(undefined);
    expect(r.summary()).toBe('');
    await r.close();
  });

  it('cleans rejected text before keeping it, and counts past the listed ones', async () => {
    const r = new Reporter(at('rej'), (raw) => raw.toUpperCase());
    for (let i = 1; i <= 22; i++) {
      r.add({ source: 's', line: i, reason: 'malformed', message: 'm', raw: `x${i}` });
    }
    r.add({ source: 's', line: 23, reason: 'line-too-long', message: 'long' });
    await r.close();
    expect(readFileSync(at('rej'), 'utf8').split('\n').slice(0, 2)).toEqual(['X1', 'X2']);
    expect(r.count).toBe(23);
    expect(r.summary()).toMatch(/^txpipe: 23 lines not written:\n {2}s:1: malformed: m\n/);
    expect(r.summary()).toContain('  ... and 3 more\n');
  });
});
