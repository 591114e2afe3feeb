// The built CLI with redact's prescan judged ahead on a worker thread against the same run with
// TXPIPE_WORKERS=0 (no worker), on generated files large enough for the worker to start and
// built to catch a verdict applied to the wrong line: two files whose lines have the same lengths,
// one clean and one holding secrets on those lines (a verdict of the clean file's line N kept for
// the other file's line N would leak), the same file given twice, secrets on the lines that cross
// the parts the worker is shown (its first 64 KiB, then every 1 MiB), CRLF, a BOM, blank lines,
// invalid UTF-8, a line over the 4 MiB the worker judges, a gzip file and standard input among
// them. The bytes on stdout and stderr and the exit code must be the same, and no secret may be
// left in the output.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from '../shared.js';
import { ensureBuilt, env } from './run.js';

const MiB = 1024 * 1024;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A small deterministic generator (the same numbers on every run). */
function prng(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x80000000;
}

interface Made {
  readonly bytes: Buffer;
  /** The secrets written into it. */
  readonly secrets: string[];
}

interface Shape {
  /** Secrets on the lines that cross a part, and on every 97th line. */
  readonly dirty?: boolean;
  /** CRLF on every third line, a BOM, blank lines, invalid UTF-8 on every 211th line. */
  readonly hostile?: boolean;
}

/**
 * About `size` bytes of JSON Lines. Line N has the same length in every file made with the same
 * `hostile` (the lengths come from their own generator): a dirty file's secrets take the place
 * of filler, character for character.
 */
function make(size: number, { dirty = false, hostile = false }: Shape): Made {
  const lengths = prng(777);
  const chars = prng(99);
  const word = (n: number, set: string) =>
    Array.from({ length: n }, () => set[Math.floor(chars() * set.length)]).join('');
  // Where the worker's parts begin: after the first 64 KiB chunk, every 1 MiB.
  const cuts: number[] = [];
  for (let c = 64 * 1024; c < size + 2 * MiB; c += MiB) cuts.push(c);
  const parts: Buffer[] = [];
  const secrets: string[] = [];
  let at = 0;
  let next = 0;
  if (hostile) {
    parts.push(Buffer.from([0xef, 0xbb, 0xbf]));
    at += 3;
  }
  for (let n = 1; at < size; n++) {
    const len = 40 + Math.floor(lengths() * (lengths() < 0.05 ? 20000 : 300));
    const eol = hostile && n % 3 === 0 ? '\r\n' : '\n';
    const head = `{"type":"user","n":${n % 1000},"t":"`;
    const tail = `"}${eol}`;
    const bytes = head.length + len + tail.length;
    const crosses = next < cuts.length && at + bytes > (cuts[next] as number);
    let filler = 'x'.repeat(len);
    if (dirty && (crosses || n % 97 === 0)) {
      const secret = [
        'ghp_' + word(36, ALNUM),
        'AKIA' + word(16, UPPER),
        `password=${word(12, ALNUM.slice(26, 52))}`,
      ][n % 3] as string;
      // On a line that crosses a part, the secret is cut by the part's start.
      const wanted = crosses ? (cuts[next] as number) - at - head.length - 8 : 4;
      const from = Math.max(0, Math.min(len - secret.length - 2, wanted));
      filler = `${filler.slice(0, from)} ${secret} ${filler.slice(from + secret.length + 2)}`;
      secrets.push(secret);
    }
    if (crosses) next++;
    if (hostile && n % 211 === 0) {
      const bad = Buffer.from([0xc3, 0x28, 0xff]);
      parts.push(Buffer.from(head), bad, Buffer.from(filler.slice(bad.length) + tail));
    } else parts.push(Buffer.from(head + filler + tail));
    at += bytes;
    if (hostile && n % 50 === 0) {
      parts.push(Buffer.from('\n \t\r\n'));
      at += 5;
    }
  }
  return { bytes: Buffer.concat(parts), secrets };
}

const dir = mkdtempSync(join(tmpdir(), 'txpipe-judge-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const path = (name: string) => join(dir, name);
const secrets: string[] = [];

beforeAll(() => {
  ensureBuilt();
  const clean = make(9 * MiB, {});
  const dirty = make(9 * MiB, { dirty: true });
  const hostile = make(5 * MiB, { dirty: true, hostile: true });
  const small = make(2 * MiB, { dirty: true });
  // One line of 5 MiB (past what the worker judges) with a secret at its end, amid dirty lines.
  const longSecret = 'ghp_' + 'Q7'.repeat(18);
  const long = Buffer.from(`{"type":"user","t":"${'y'.repeat(5 * MiB)} ${longSecret}"}\n`);
  const cut = dirty.bytes.indexOf('\n', 3 * MiB) + 1;
  writeFileSync(path('clean.jsonl'), clean.bytes);
  writeFileSync(path('dirty.jsonl'), dirty.bytes);
  writeFileSync(path('hostile.jsonl'), hostile.bytes);
  writeFileSync(path('small.jsonl.gz'), gzipSync(small.bytes));
  writeFileSync(
    path('long.jsonl'),
    Buffer.concat([dirty.bytes.subarray(0, cut), long, dirty.bytes.subarray(cut)]),
  );
  secrets.push(...dirty.secrets, ...hostile.secrets, ...small.secrets, longSecret);
  // The files are what they claim: the clean file's lines are as long as the dirty file's.
  const lineLengths = (b: Buffer) =>
    b
      .toString('latin1')
      .split('\n')
      .map((l) => l.length);
  expect(lineLengths(clean.bytes)).toEqual(lineLengths(dirty.bytes));
  expect(dirty.secrets.length).toBeGreaterThan(100);
  expect(hostile.secrets.length).toBeGreaterThan(50);
});

/** The built CLI with `extra` in its environment; stdout and stderr as bytes (latin1). */
function cli(args: readonly string[], stdin: string | undefined, extra: Record<string, string>) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: dir,
    env: { ...env, ...extra },
    input: stdin === undefined ? '' : readFileSync(path(stdin)),
    encoding: 'latin1',
    maxBuffer: 256 * MiB,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('redact judged ahead against TXPIPE_WORKERS=0 (built CLI, files of 8 MiB and more)', () => {
  it.each<[string, string[], string?]>([
    [
      'a clean file, then a dirty one with the same line lengths',
      ['redact', 'clean.jsonl', 'dirty.jsonl'],
    ],
    [
      'the dirty file, the clean one, the dirty one again',
      ['redact', 'dirty.jsonl', 'clean.jsonl', 'dirty.jsonl'],
    ],
    [
      'CRLF, BOM, blank lines, invalid UTF-8; gzip and stdin among files; --report',
      [
        'redact',
        '--report=json',
        '--on-invalid',
        'pass',
        'clean.jsonl',
        'hostile.jsonl',
        'small.jsonl.gz',
        '-',
        'hostile.jsonl',
      ],
      'dirty.jsonl',
    ],
    ['a 5 MiB line (not judged ahead) amid dirty lines', ['redact', 'long.jsonl']],
    [
      '--max-input-line-bytes 1MiB drops that line',
      ['redact', '--max-input-line-bytes', '1MiB', 'long.jsonl'],
    ],
    [
      '--framing jsonl, --rules flockdeck',
      ['redact', '--framing', 'jsonl', '--rules', 'flockdeck', 'clean.jsonl', 'dirty.jsonl'],
    ],
    [
      'a chain that starts with redact',
      ['run', 'redact | clip --limit 4KiB', 'clean.jsonl', 'hostile.jsonl'],
    ],
  ])('%s', (_label, args, stdin) => {
    const ahead = cli(args, stdin, {});
    const alone = cli(args, stdin, { TXPIPE_WORKERS: '0' });
    expect(ahead.code).toBe(alone.code);
    expect(ahead.stderr).toBe(alone.stderr);
    expect(ahead.stdout.length).toBe(alone.stdout.length);
    expect(ahead.stdout === alone.stdout).toBe(true);
    expect(ahead.stdout.length).toBeGreaterThan(4 * MiB);
    const left = secrets.filter((s) => ahead.stdout.includes(s));
    expect(left).toEqual([]);
  });
});
