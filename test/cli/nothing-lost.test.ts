// What issue 12 found a new user losing, checked on the built CLI as a user runs it: records
// before an error, deep values, a BOM before an array, an output that is also an input, a reader
// that leaves early, and a signal with a slow reader.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { bin, repoRoot } from '../shared.js';
import { ensureBuilt, env, txpipe } from './run.js';

let tmp: string;
const at = (...parts: string[]): string => join(tmp, ...parts);
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-lost-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const jsonl = (n: number): string =>
  Array.from({ length: n }, (_, i) => `{"i":${i},"pad":"${'p'.repeat(30)}"}\n`).join('');

describe('records read before an error reach the output', () => {
  it.each([3, 3000, 30_000])(
    '--on-invalid error after %s good lines writes them all, to a file and to stdout',
    (n) => {
      const good = jsonl(n);
      writeFileSync(at(`good-${n}.jsonl`), good + 'not json\n' + '{"after":1}\n');
      const r = txpipe(['cat', '--on-invalid', 'error', at(`good-${n}.jsonl`)]);
      expect([r.code, r.stderr]).toEqual([
        EXIT.failure,
        `txpipe: ${at(`good-${n}.jsonl`)}:${n + 1}: line is not JSON\n`,
      ]);
      expect(r.stdout).toBe(good);
      const f = txpipe([
        'cat',
        '--on-invalid',
        'error',
        '-o',
        at(`out-${n}`),
        at(`good-${n}.jsonl`),
      ]);
      expect(f.code).toBe(EXIT.failure);
      expect(readFileSync(at(`out-${n}`), 'utf8')).toBe(good);
    },
  );

  it('[{"a":1},{"b":2},{bad}] writes the two records, then names record 3', () => {
    writeFileSync(at('bad.json'), '[{"a":1},{"b":2},{bad}]');
    const r = txpipe(['cat', '--framing', 'array', at('bad.json')]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stdout).toBe('{"a":1}\n{"b":2}\n');
    expect(r.stderr).toMatch(
      new RegExp(
        `^txpipe: ${at('bad.json')}: not valid JSON at record 3 \\(in the first 23 bytes\\) \\(.*\\)\\n$`,
      ),
    );
  });

  it('docs/cli.md: the array over several lines writes two records, then names record 3; on one line without --framing it is one malformed line, reported', () => {
    writeFileSync(at('bad-lines.json'), '[{"a":1},\n{"b":2},\n{bad}]\n');
    const r = txpipe(['cat', at('bad-lines.json')]);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stdout).toBe('{"a":1}\n{"b":2}\n');
    expect(r.stderr).toMatch(/not valid JSON at record 3/);
    writeFileSync(at('bad-one.json'), '[{"a":1},{"b":2},{bad}]\n');
    const one = txpipe(['cat', at('bad-one.json')]);
    expect(one.stdout).toBe('');
    expect(one.stderr).toMatch(/bad-one\.json:1: malformed: line is not JSON/);
  });

  it.each([
    [12_088, false],
    [12_088, true],
    [40, false],
  ])('an array of %s records then garbage writes every record (to a file: %s)', (n, toFile) => {
    const values = Array.from({ length: n }, (_, i) => `{"i":${i},"pad":"${'x'.repeat(50)}"}`);
    writeFileSync(at('big.json'), '[' + values.join(',\n') + ',\ngarbage');
    const args = ['cat', at('big.json'), ...(toFile ? ['-o', at('big.out')] : [])];
    const r = txpipe(args);
    expect(r.code).toBe(EXIT.failure);
    const out = toFile ? readFileSync(at('big.out'), 'utf8') : r.stdout;
    expect(out).toBe(values.map((v) => v + '\n').join(''));
    expect(r.stderr).toContain(`not valid JSON at record ${n + 1} `);
  });
});

describe('a gzip input cut short', () => {
  // Every record decompressed before the cut reaches the output, then the error (the engineers
  // saw 4,827 of 5,000 written once); the line cut in two is reported.
  it.each([['cat'], ['redact'], ['clip'], ['dedup-usage'], ['convert', '--to', 'txpipe']])(
    '%s writes every whole line decompressed before the cut',
    (...argv: string[]) => {
      const lines = Array.from(
        { length: 5000 },
        (_, i) =>
          `{"type":"user","sessionId":"s","uuid":"u${i}","timestamp":"2025-09-03T00:52:31.217Z","message":{"role":"user","content":"hi ${i} ${'p'.repeat(i % 40)}"}}\n`,
      ).join('');
      const gz = gzipSync(lines);
      const cut = gz.subarray(0, Math.floor(gz.length * 0.6));
      writeFileSync(at('cut.jsonl.gz'), cut);
      const decoded = gunzipSync(cut, { finishFlush: constants.Z_SYNC_FLUSH }).toString();
      // The same command on the whole lines decoded before the cut, as a plain file.
      writeFileSync(at('whole.jsonl'), decoded.slice(0, decoded.lastIndexOf('\n') + 1));
      const want = txpipe([...argv, at('whole.jsonl')]);
      expect(want.code).toBe(EXIT.ok);
      expect(want.stdout.split('\n').length).toBeGreaterThan(1000);
      const r = txpipe([...argv, at('cut.jsonl.gz')]);
      expect(r.code).toBe(EXIT.failure);
      // convert closes a session it saw end; a failed input's last session is left open.
      const wantOut = want.stdout
        .replaceAll(at('whole.jsonl'), at('cut.jsonl.gz'))
        .replace(/\{"v":1,"kind":"session_end"[^\n]*\n$/, '');
      expect(r.stdout).toBe(wantOut);
      expect(r.stderr).toContain(
        `txpipe: ${at('cut.jsonl.gz')}: not valid gzip (unexpected end of file)\n`,
      );
    },
  );
});

describe('deep values, a BOM', () => {
  it.each([
    ['array', '[{"a":1},\n' + '['.repeat(5000) + ']'.repeat(5000) + ',\n{"b":2}]\n'],
    ['concatenated', '{"a":1}\n' + '{"x":'.repeat(5000) + '1' + '}'.repeat(5000) + '\n{"b":2}\n'],
  ])(
    'a value nested 5,000 deep in %s framing: cat writes it as read, clip reports it (too-deep) and writes the rest',
    (framing, text) => {
      writeFileSync(at(`deep-${framing}.json`), text);
      const deepRaw = text.split('\n')[1]!.replace(/,$/, '');
      const c = txpipe(['cat', '--strict', '--framing', framing, at(`deep-${framing}.json`)]);
      expect([c.code, c.stdout, c.stderr]).toEqual([EXIT.ok, `{"a":1}\n${deepRaw}\n{"b":2}\n`, '']);
      const r = txpipe([
        'clip',
        '--limit',
        '64',
        '--strict',
        '--framing',
        framing,
        at(`deep-${framing}.json`),
      ]);
      expect(r.stdout).toBe('{"a":1}\n{"b":2}\n');
      expect(r.code).toBe(EXIT.rejected);
      expect(r.stderr).toMatch(
        new RegExp(`^txpipe: 1 line not written:\\n  ${at(`deep-${framing}.json`)}:2: too-deep: `),
      );
    },
  );

  it('a UTF-8 BOM before a JSON array: read as an array', () => {
    writeFileSync(at('bom.json'), '\uFEFF[\n  {"a": 1},\n  {"b": 2}\n]\n');
    const r = txpipe(['cat', '--strict', at('bom.json')]);
    expect([r.code, r.stdout, r.stderr]).toEqual([EXIT.ok, '{"a":1}\n{"b":2}\n', '']);
  });
});

describe('an output that is also an input is refused', () => {
  it.each([
    ['the same path', (f: string) => ['redact', f, '-o', f], ''],
    ['a symbolic link to the input', (f: string) => ['redact', f, '-o', f + '.link'], 'link'],
    ['a file in a directory input', (f: string) => ['clip', join(f, '..'), '-o', f], 'dir'],
    ['--reject-file', (f: string) => ['cat', f, '--reject-file', f], ''],
  ])('%s', (_name, argv, kind) => {
    const dir = at(`same-${kind || _name.replace(/\W/g, '')}`);
    mkdirSync(dir);
    const f = join(dir, 'x.jsonl');
    writeFileSync(f, '{"a":1}\n');
    if (kind === 'link') symlinkSync(f, f + '.link');
    const args = argv(f);
    const r = txpipe(args);
    expect(r.code).toBe(EXIT.usage);
    const out = args[args.length - 1]!;
    const option = args.includes('--reject-file') ? '--reject-file' : '--output';
    expect(r.stderr).toMatch(new RegExp(`^txpipe: ${out}: ${option} is also an input`));
    expect(readFileSync(f, 'utf8')).toBe('{"a":1}\n');
  });

  // Files a command writes besides its output, at the end of the run: they replaced the input.
  it.each([
    [
      'convert --to run-record --timing',
      (f: string) => ['convert', '--to', 'run-record', f, '--timing', f],
      '--timing',
    ],
    ['usage --html', (f: string) => ['usage', f, '--html', f], '--html'],
    [
      "run 'convert --to run-record --timing'",
      (f: string) => ['run', `convert --to run-record --timing ${f}`, f],
      '--timing',
    ],
  ])('%s', (name, argv, option) => {
    const dir = at(`also-${name.replace(/\W/g, '')}`);
    mkdirSync(dir);
    const f = join(dir, 's.jsonl');
    const session = readFileSync(join(repoRoot, 'samples', 'session.jsonl'), 'utf8');
    writeFileSync(f, session);
    const r = txpipe(argv(f));
    expect(r.code, name).toBe(EXIT.usage);
    expect(r.stderr).toMatch(new RegExp(`^txpipe: ${f}: ${option} is also an input`));
    expect(readFileSync(f, 'utf8')).toBe(session);
  });

  // Two outputs in one file: each write cut into the other, or replaced it (exit 0).
  it.each([
    [
      '--output and --timing',
      ['convert', '--to', 'run-record'],
      ['-o', 'F', '--timing', 'F'],
      '--timing',
      '--output',
    ],
    [
      '--output and --reject-file',
      ['cat'],
      ['-o', 'F', '--reject-file', './F'],
      '--reject-file',
      '--output',
    ],
  ])('%s naming one file', (name, command, outputs, option, other) => {
    const dir = at(`two-${name.replace(/\W/g, '')}`);
    mkdirSync(dir);
    const input = join(dir, 'in.jsonl');
    writeFileSync(
      input,
      readFileSync(join(repoRoot, 'samples', 'session.jsonl'), 'utf8') + 'bad\n',
    );
    const r = txpipe(
      [...command, input, ...outputs.map((w) => (w.endsWith('F') ? join(dir, w) : w))],
      {
        cwd: dir,
      },
    );
    expect(r.code, name).toBe(EXIT.usage);
    expect(r.stderr).toMatch(new RegExp(`^txpipe: .*F: ${option} is also ${other}`));
  });
});

/** Spawns the CLI with its output read by `reader`; gives the exit code and stderr. */
function spawnWith(
  args: string[],
  reader: (stdout: NodeJS.ReadableStream, child: ReturnType<typeof spawn>) => Promise<Buffer>,
): Promise<{ code: number | null; out: Buffer; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, env });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return reader(child.stdout, child).then(async (out) => ({ code: await exited, out, stderr }));
}

describe('the reader of the output', () => {
  it('leaves early (| head -1): the summary of rejected lines and --strict exit 3 remain', async () => {
    writeFileSync(at('head.jsonl'), 'bad\n' + jsonl(200_000));
    const r = await spawnWith(
      ['cat', '--strict', at('head.jsonl')],
      (stdout) =>
        new Promise((resolve) => {
          stdout.once('data', (b: Buffer) => {
            (stdout as unknown as { destroy(): void }).destroy();
            resolve(b);
          });
        }),
    );
    expect(r.code).toBe(EXIT.rejected);
    expect(r.stderr).toBe(
      `txpipe: 1 line not written:\n  ${at('head.jsonl')}:1: malformed: line is not JSON\n`,
    );
  });

  it.each([
    ['SIGTERM', EXIT.terminated],
    ['SIGINT', EXIT.interrupted],
  ] as const)(
    'is slow and %s comes: the output ends on a whole line, what was not written is said',
    async (signal, code) => {
      // Long lines, so that a line is often cut between two writes.
      const line = (i: number): string => `{"i":${i},"pad":"${'q'.repeat(100_000)}"}\n`;
      writeFileSync(at('slow.jsonl'), Array.from({ length: 300 }, (_, i) => line(i)).join(''));
      const r = await spawnWith(['cat', at('slow.jsonl')], (stdout, child) => {
        const got: Buffer[] = [];
        // A 'readable' listener, and read() on a timer: a paused stream without one is resumed
        // by child_process when the child exits, and what it still held would be lost here.
        stdout.on('readable', () => undefined);
        return new Promise((resolve) => {
          let reads = 0;
          let ended = false;
          const slowly = (): void => {
            let b: Buffer | null;
            while ((b = stdout.read() as Buffer | null) !== null) got.push(b);
            if (got.length > 0 && ++reads === 20) child.kill(signal);
            if (!ended) setTimeout(slowly, 5);
          };
          slowly();
          stdout.on('end', () => {
            ended = true;
            resolve(Buffer.concat(got));
          });
        });
      });
      expect(r.code).toBe(code);
      expect(r.out.length).toBeGreaterThan(0);
      expect(r.out[r.out.length - 1]).toBe(0x0a);
      const lines = r.out.toString('utf8').split('\n').slice(0, -1);
      lines.forEach((l, i) => expect(l).toBe(line(i).slice(0, -1)));
      expect(r.stderr).toMatch(
        new RegExp(
          `^txpipe: ${signal}: stopped while reading ${at('slow.jsonl')}; the output ends on a whole line after ${r.out.length} bytes.*; the rest of the input was not written\\n$`,
        ),
      );
    },
  );
});
