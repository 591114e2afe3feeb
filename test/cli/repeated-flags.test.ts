// Issue 24, item 17: an option that takes one value given twice (`-o a -o b`) is a usage error
// (exit 2) naming the option, not Node's "path argument must be of type string" (exit 1).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { ensureBuilt, txpipe } from './run.js';

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-twice-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('an option given twice', () => {
  it.each([
    [['cat'], '-o', '--output'],
    [['cat'], '--output', '--output'],
    [['redact'], '--reject-file', '--reject-file'],
    [['usage'], '--html', '--html'],
    [['convert', '--to', 'run-record'], '--timing', '--timing'],
    [['clip'], '--max-input-line-bytes', '--max-input-line-bytes'],
  ])('%j %s: a usage error naming %s', (command, flag, named) => {
    const [a, b] = [join(tmp, 'a'), join(tmp, 'b')];
    const values = flag === '--max-input-line-bytes' ? ['1KiB', '2KiB'] : [a, b];
    const r = txpipe([...command, flag, values[0]!, flag, values[1]!], { input: '{"a":1}\n' });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(
      new RegExp(
        `^txpipe: ${named} given 2 times \\(${values[0]}, ${values[1]}\\): give it once\\n`,
      ),
    );
    expect(existsSync(a) || existsSync(b)).toBe(false);
  });

  it('an option that takes several values may be given several times', () => {
    const r = txpipe(['clip', '--field', 'a=4', '--field', 'b=4'], { input: '{"a":"xxxxxxxx"}\n' });
    expect(r.code, r.stderr).toBe(EXIT.ok);
  });
});
