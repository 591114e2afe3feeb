// Issue 24, item 18: messages a new user meets, through the built CLI as a user runs it. Each
// names what the user wrote (the flag, the file, the key), once, and a usage error exits 2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { parseSize } from '../../src/clip/limits.js';
import { ensureBuilt, txpipe } from './run.js';

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-messages3-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const long = `{"a":"${'x'.repeat(3000)}"}\n`;

describe('line-too-long names the flag the user gave', () => {
  it.each([['cat'], ['redact'], ['clip'], ['dedup-usage'], ['convert', '--to', 'txpipe']])(
    '%s --max-input-line-bytes 100',
    (...command) => {
      const r = txpipe([...command, '--max-input-line-bytes', '100'], { input: long });
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(r.stderr).toContain(
        '-:1: line-too-long: line is 3008 bytes, over --max-input-line-bytes 100',
      );
      expect(r.stderr).not.toContain('maxLineBytes');
    },
  );
});

describe('sizes: KiB, MiB, GiB (1024) and kB, MB, GB (1000)', () => {
  it.each([
    ['1GiB', 2 ** 30],
    ['1gib', 2 ** 30],
    ['1G', 2 ** 30],
    ['1GB', 1e9],
    ['2MiB', 2 * 2 ** 20],
    ['2MB', 2e6],
    ['3KiB', 3 * 1024],
    ['3kB', 3000],
    ['4096', 4096],
  ])('%s is %i bytes', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
    const clipped = txpipe(['clip', '--limit', text], { input: long });
    expect(clipped.code, clipped.stderr).toBe(EXIT.ok);
    expect(clipped.stdout).toBe(bytes >= 3000 ? long : expect.stringContaining('[clipped'));
    const read = txpipe(['cat', '--max-input-line-bytes', text], { input: long });
    expect(read.code, read.stderr).toBe(EXIT.ok);
    expect(read.stdout).toBe(bytes >= long.length - 1 ? long : '');
  });

  it.each([
    ['1TiB', 'TiB'],
    ['5 parsecs', 'parsecs'],
  ])('%s: the unit is named, with the units there are', (text, unit) => {
    const r = txpipe(['clip', '--limit', text], { input: long });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe(
      `txpipe: --limit: unknown unit "${unit}" in "${text}" (units: KiB, MiB, GiB of 1024; kB, MB, GB of 1000; or none)\n`,
    );
  });
});

describe('one message per mistake', () => {
  it('run --config of a missing file names it, without Node text', () => {
    const missing = join(tmp, 'missing.json');
    const r = txpipe(['run', '--config', missing], { input: long });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe(`txpipe: --config ${missing}: no such file\n`);
  });

  it('run --config of a file that is not JSON names it', () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, '{"pipeline": ');
    const r = txpipe(['run', '--config', bad], { input: long });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(new RegExp(`^txpipe: --config ${bad}: not valid JSON \\(.+\\)\\n$`));
  });

  it('--run-index names the flag once', () => {
    const r = txpipe(['convert', '--to', 'run-record', '--run-index', '0'], { input: long });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe('txpipe: --run-index must be an integer of 1 or more\n');
  });

  it.each([
    [['clip', '--max-line-bytes', '0'], '--max-line-bytes'],
    [['cat', '--max-input-line-bytes', '0'], '--max-input-line-bytes'],
  ])('%j: zero bytes is refused alike', (args, flag) => {
    const r = txpipe(args, { input: long });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(
      new RegExp(`^txpipe: ${flag}: cannot read "0" as a size of at least one byte`),
    );
  });
});

describe('run --config: values as in JSON, lists for repeated flags, no unknown keys', () => {
  const config = (name: string, value: unknown): string => {
    const path = join(tmp, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  const input = `{"a":"${'x'.repeat(5000)}","b":"${'y'.repeat(5000)}"}\n`;

  it('a number for a size is the size', () => {
    const c = config('number.json', { pipeline: [{ command: 'clip', options: { limit: 4096 } }] });
    const r = txpipe(['run', '--config', c], { input });
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stdout).toBe(txpipe(['clip', '--limit', '4096'], { input }).stdout);
  });

  it.each([
    ['clip', { field: ['a=10', 'b=20'] }, ['--field', 'a=10', '--field', 'b=20']],
    [
      'convert',
      { to: 'run-record', fixtureFiles: ['f1', 'f2'] },
      ['--to', 'run-record', '--fixture-files', 'f1', '--fixture-files', 'f2'],
    ],
  ])('%s: a repeated flag as a list', (command, options, flags) => {
    const real =
      '{"type":"user","sessionId":"s","uuid":"u","timestamp":"2025-01-01T00:00:00Z","message":{"role":"user","content":"hi"}}\n';
    const text = command === 'clip' ? input : real;
    const c = config(`${command}-list.json`, { pipeline: [{ command, options }] });
    const r = txpipe(['run', '--config', c], { input: text });
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stdout).toBe(txpipe([command, ...flags], { input: text }).stdout);
  });

  it('a list for a flag that takes one value is refused naming it', () => {
    const c = config('two-limits.json', {
      pipeline: [{ command: 'clip', options: { limit: ['1KiB', '2KiB'] } }],
    });
    const r = txpipe(['run', '--config', c], { input });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe('txpipe: clip --limit takes one value, not a list\n');
  });

  it.each([
    ['a key beside pipeline', { pipeline: 'clip', pipline: 'redact' }, /unknown key pipline/],
    [
      'a key of a step',
      { pipeline: [{ command: 'clip', option: { limit: 10 } }] },
      /unknown option option; did you mean options\?/,
    ],
    [
      'an option of a step',
      { pipeline: [{ command: 'clip', options: { limt: 10 } }] },
      /clip has no option --limt; did you mean --limit\?/,
    ],
  ])('%s is refused', (name, value, message) => {
    const c = config(`${name.replace(/\W/g, '')}.json`, value);
    const r = txpipe(['run', '--config', c], { input });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});
