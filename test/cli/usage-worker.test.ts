// `usage` reads input files on a worker thread beside the main thread when asked to
// (TXPIPE_USAGE_WORKER_MIN_BYTES: from that many bytes of them; 0 here). What it reports must
// not depend on that: the same report, messages and exit code with and without the worker,
// damaged and unreadable files included; and the worker really reads some of the files.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandInputs } from '../../src/cli/inputs.js';
import { usageFormats } from '../../src/transforms/usage.js';
import { UsageFilesAhead } from '../../src/transforms/usage-files-ahead.js';
import { readFileUsage } from '../../src/usage/file-usage.js';
import { bin, copyFixtures, fixture, repoRoot } from '../shared.js';
import { entry } from '../usage/records.js';
import { ensureBuilt, env, NOBODY, removeCopies, type Run, worldReadableCopy } from './run.js';

let tmp: string;
const asRoot = process.getuid?.() === 0;

/** The claude-code fixtures copied a few times, and files `usage` must report or stream. */
function makeTree(root: string, damaged: boolean): string {
  const tree = join(root, damaged ? 'damaged' : 'clean');
  for (let i = 0; i < 3; i++) copyFixtures(fixture('claude-code'), join(tree, `copy-${i}`));
  copyFixtures(fixture('rupu'), join(tree, 'rupu'));
  if (!damaged) return tree;
  const a = JSON.stringify(entry('msg_a', 5));
  const b = JSON.stringify(entry('msg_b', 7));
  const odd = join(tree, 'odd');
  mkdirSync(odd);
  writeFileSync(join(odd, 'malformed.jsonl'), `${a}\n{"type":"assistant","usage": nope\n${b}\n`);
  writeFileSync(join(odd, 'cut.jsonl'), `${a}\n${b}\n{"type":"assistant","message":{"usage":{"in`);
  writeFileSync(join(odd, 'bom.jsonl'), `\uFEFF${a}\r\n\r\n${b}\r\n`);
  writeFileSync(join(odd, 'empty.jsonl'), '');
  writeFileSync(join(odd, 'z.jsonl.gz'), gzipSync(`${a}\n${b}\n`));
  writeFileSync(join(odd, 'array.json'), `[${a},\n${b}]\n`);
  return tree;
}

beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-usage-worker-'));
  chmodSync(tmp, 0o755);
  makeTree(tmp, false);
  makeTree(tmp, true);
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  removeCopies();
});

/**
 * `txpipe usage ...args`: by default (no worker), or the worker started from `minBytes` bytes; as
 * nobody from a copy of the CLI every user can read, with `asNobody`.
 */
function usage(args: readonly string[], minBytes?: number, asNobody?: { bin: string }): Run {
  const worker = minBytes === undefined ? {} : { TXPIPE_USAGE_WORKER_MIN_BYTES: String(minBytes) };
  const r = spawnSync(process.execPath, [asNobody?.bin ?? bin, 'usage', ...args], {
    cwd: asNobody ? '/' : repoRoot,
    env: { ...env, ...worker },
    encoding: 'utf8',
    ...(asNobody ? NOBODY : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('usage with and without its worker thread', () => {
  // [what, arguments ('@x' is x under the temporary folder)]
  const rows: [string, string[]][] = [
    ['a clean tree as JSON', ['--json', '@clean']],
    ['a clean tree as a table', ['--table', '@clean']],
    ['a clean tree, keeping first reports', ['--csv', '--keep', 'first', '@clean']],
    ['a tree with damaged files', ['--json', '@damaged']],
    ['a tree with damaged files, --strict', ['--json', '--strict', '@damaged']],
    ['files named one by one, twice', ['--json', '@clean/rupu', '@damaged/odd', '@clean/rupu']],
  ];
  it.each(rows)('%s: the same report, messages and exit code', (_, args) => {
    const argv = args.map((a) => (a.startsWith('@') ? join(tmp, a.slice(1)) : a));
    const alone = usage(argv);
    expect(alone.stdout.length, alone.stderr).toBeGreaterThan(100);
    expect(usage(argv, 0)).toEqual(alone);
  });

  it('an unreadable file fails the run the same way', () => {
    const tree = join(tmp, 'unreadable');
    cpSync(join(tmp, 'clean'), tree, { recursive: true });
    const locked = join(tree, 'copy-1', 'locked.jsonl');
    writeFileSync(locked, `${JSON.stringify(entry('msg_l', 1))}\n`);
    chmodSync(locked, 0);
    // Root reads any file: then the CLI runs as nobody, from a copy nobody can read (the clone
    // may sit in a folder only its owner can enter).
    const nobody = asRoot ? worldReadableCopy() : undefined;
    if (asRoot && nobody === undefined) return; // no user to run as
    const alone = usage(['--json', tree], undefined, nobody);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toContain('locked.jsonl');
    expect(usage(['--json', tree], 0, nobody)).toEqual(alone);
  });
});

describe('UsageFilesAhead', () => {
  const limits = { framing: 'auto' as const, maxLineBytes: 1 << 20 };
  const formats = usageFormats();

  /** Reads every input through a reader with the given worker: what each gave, as arrays. */
  async function readAll(worker: string, inputs: readonly string[]) {
    const workerUrl = pathToFileURL(join(repoRoot, worker));
    const o = { formats, sample: 50, workerUrl, minBytes: 0 };
    const ahead = UsageFilesAhead.start(inputs, limits, o);
    expect(ahead).toBeDefined();
    // A worker claims files as soon as it runs: wait for it before reading any here.
    for (let t = 0; ahead!.claimed === 0 && t < 200; t++)
      await new Promise((r) => setTimeout(r, 50));
    const got = [];
    try {
      for (const path of inputs) {
        const parts = await ahead!.read(path);
        got.push(parts && [...parts]);
      }
    } finally {
      ahead!.close();
    }
    return { got, fromWorker: ahead!.fromWorker };
  }

  const alone = (inputs: readonly string[]) =>
    inputs.map((path) => {
      const parts = readFileUsage(path, { ...limits, formats, sample: 50 });
      return parts && [...parts];
    });

  it('gives every file what readFileUsage gives it, some of them read by the worker', async () => {
    const inputs = await expandInputs([join(tmp, 'damaged')]);
    const r = await readAll('dist/src/transforms/usage-worker.js', inputs);
    expect(r.got).toEqual(alone(inputs));
    expect(r.fromWorker).toBeGreaterThan(0);
  });

  // [what, worker module]
  const failing: [string, string][] = [
    ['claims every file and posts none', 'test/fixtures/usage-workers/stuck.mjs'],
    ['fails as it starts', 'test/fixtures/usage-workers/broken.mjs'],
  ];
  it.each(failing)('reads every file itself when the worker %s', async (_, worker) => {
    const inputs = await expandInputs([join(tmp, 'damaged')]);
    const r = await readAll(worker, inputs);
    expect(r.got).toEqual(alone(inputs));
    expect(r.fromWorker).toBe(0);
  });

  // [what, worker module]: the real worker, stopped at its fourth post.
  const midway: [string, string][] = [
    ['fails (an error)', 'test/fixtures/usage-workers/fails-midway.mjs'],
    ['exits without a word', 'test/fixtures/usage-workers/exits-midway.mjs'],
  ];
  it.each(midway)('reads the rest itself when the worker %s mid-run', async (_, worker) => {
    const inputs = await expandInputs([join(tmp, 'damaged')]);
    const r = await readAll(worker, inputs);
    expect(r.got).toEqual(alone(inputs));
    expect(r.fromWorker).toBeGreaterThan(0);
    expect(r.fromWorker).toBeLessThanOrEqual(3);
  });
});
