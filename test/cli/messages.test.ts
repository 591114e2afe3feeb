// Issue 12's "Messages and exit codes": each failure a clear line in the documented style
// (`txpipe: PATH: reason`, flags as the user wrote them), checked on the built CLI.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { formats } from '../../src/formats/registry.js';
import { fixture } from '../shared.js';
import { ensureBuilt, txpipe } from './run.js';

let tmp: string;
const at = (name: string): string => join(tmp, name);
const short = fixture('claude-code', 'marot-spotter', 'short.jsonl');
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-msg-'));
  writeFileSync(at('x.jsonl'), '{"a":1}\n');
  writeFileSync(at('bad.cfg'), '{\n  "names": ["a",]\n}\n');
  writeFileSync(at('long.jsonl'), `{"s":"${'z'.repeat(5000)}"}\n`);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('one line, naming the path and the flag as written', () => {
  it.each([
    [
      'a missing --conversation-file',
      () => ['convert', '--to', 'run-record', '--conversation-file', at('none.json'), short],
      EXIT.usage,
      () => `txpipe: ${at('none.json')}: no such file (--conversation-file)\n`,
    ],
    [
      'usage --html in a missing folder',
      () => ['usage', '--html', at('no/dir/u.html'), short],
      EXIT.failure,
      () => `txpipe: cannot write ${at('no/dir/u.html')}: no such file\n`,
    ],
    [
      'convert --timing in a missing folder',
      () => ['convert', '--to', 'run-record', '--timing', at('no/dir/t.json'), short],
      EXIT.failure,
      () => `txpipe: cannot write ${at('no/dir/t.json')}: no such file\n`,
    ],
    [
      '--max-held-records abc',
      () => ['dedup-usage', '--max-held-records', 'abc', at('x.jsonl')],
      EXIT.usage,
      () => 'txpipe: --max-held-records must be a positive integer, got abc\n',
    ],
    [
      '--max-held-records 12abc (what was given, not NaN)',
      () => ['dedup-usage', '--max-held-records=12abc', '--quiet', at('x.jsonl')],
      EXIT.usage,
      () => 'txpipe: --max-held-records must be a positive integer, got 12abc\n',
    ],
    [
      'clip --max-line-bytes abc',
      () => ['clip', '--max-line-bytes', 'abc', at('x.jsonl')],
      EXIT.usage,
      () =>
        'txpipe: --max-line-bytes: cannot read "abc" as a size of at least one byte (such as 8192, 64KiB, 1MiB)\nRun txpipe --help for usage.\n',
    ],
    [
      'a --config that is not JSON',
      () => ['redact', '--config', at('bad.cfg'), at('x.jsonl')],
      EXIT.usage,
      () =>
        expect.stringMatching(
          new RegExp(
            `^txpipe: ${at('bad.cfg')}: not valid JSON \\([^\\n]*\\) \\(redact config\\)\\n$`,
          ),
        ),
    ],
  ])('%s', (_name, argv, code, stderr) => {
    const r = txpipe(argv());
    expect([r.code, r.stderr]).toEqual([code, stderr()]);
  });

  it('sizes such as 1MiB are taken by --max-input-line-bytes and --max-held-bytes', () => {
    for (const argv of [
      ['cat', '--max-input-line-bytes', '1MiB', at('x.jsonl')],
      ['dedup-usage', '--max-held-bytes', '64KiB', at('x.jsonl')],
    ]) {
      expect(txpipe(argv)).toMatchObject({ code: EXIT.ok, stdout: '{"a":1}\n', stderr: '' });
    }
    const small = txpipe(['cat', '--max-input-line-bytes', '1KiB', at('long.jsonl')]);
    expect(small.stderr).toContain('line-too-long');
  });

  it("clip's over-limit message gives the input line's size", () => {
    const r = txpipe(['clip', '--limit', '100', '--max-line-bytes', '20', at('long.jsonl')]);
    expect(r.stderr).toMatch(
      /over-limit: line of 5008 bytes cannot be brought under --max-line-bytes 20 \(clipped, it is still \d+\)/,
    );
  });

  it('--fixture-files takes one path: the inputs after it stay inputs', () => {
    const r = txpipe(['convert', '--to', 'run-record', '--fixture-files', 'a.txt', short]);
    expect(r.code).toBe(EXIT.ok);
    expect((JSON.parse(r.stdout) as { files: string[] }).files).toEqual(['a.txt']);
    const two = txpipe([
      'convert',
      '--to',
      'run-record',
      '--fixture-files',
      'a.txt',
      '--fixture-files',
      'b.txt',
      short,
    ]);
    expect((JSON.parse(two.stdout) as { files: string[] }).files).toEqual(['a.txt', 'b.txt']);
  });
});

describe('--help says what works', () => {
  it('convert --to offers exactly the formats that can be written', async () => {
    const writable: string[] = [];
    for (const f of formats) if ((await f.load()).encoder) writable.push(f.id);
    expect(formats.filter((f) => f.writable).map((f) => f.id)).toEqual(writable);
    const help = txpipe(['convert', '--help']).stdout.replace(/\s+/g, ' ');
    const choices = /--to .*?\[choices: ([^\]]*)\]/.exec(help)?.[1];
    expect(choices).toBe(writable.map((id) => `"${id}"`).join(', '));
    const r = txpipe(['convert', '--to', 'claude-code', at('x.jsonl')]);
    expect(r.code).toBe(EXIT.usage);
  });

  it('normalize --help says --agent is required and lists the agents', () => {
    const help = txpipe(['normalize', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(
      /--agent Required: the agent that wrote the input, one of claude, codex, copilot, gemini, openai-compatible/,
    );
  });

  it('replay --help says it reads any format txpipe reads', () => {
    const help = txpipe(['replay', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('from any format txpipe reads');
  });
});
