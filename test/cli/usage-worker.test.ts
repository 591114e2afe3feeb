// `usage` reads input files on a worker thread beside the main thread when asked to
// (TXPIPE_USAGE_WORKER_MIN_BYTES: from that many bytes of them; 0 here). What it reports must
// not depend on that: the same report, messages and exit code with and without the worker,
// damaged and unreadable files included; and the worker really reads some of the files.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandInputs } from '../../src/engine/inputs.js';
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

/** A Claude Code reply line of session `sid`, its usage's counts overridden by `usage`. */
function reply(
  id: string | undefined,
  req: string | undefined,
  output: unknown,
  sid: string,
  usage: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): string {
  const e = entry(id, 0, { sessionId: sid, ...(req ? { requestId: req } : {}), ...extra });
  const m = e.message as { usage: Record<string, unknown> };
  m.usage = { ...m.usage, cache_creation_input_tokens: 7, output_tokens: output, ...usage };
  return JSON.stringify(e);
}

/**
 * What a user's tree may hold: a resumed session copying an earlier one's replies, a subagent's
 * file and progress copies of its replies, a file reached again through links (to it and to its
 * folder), counts past 2^31 and 2^53, negative, fractional and string counts, names and ids not
 * ASCII (a lone surrogate too), bytes not UTF-8, lines too long and not JSON, a file without a
 * last newline, empty and blank files, gzip, a file over 8 MiB among small ones, a hidden file, a
 * name with a newline, files that are not transcripts.
 */
function makeHostile(root: string): string {
  const tree = join(root, 'hostile');
  mkdirSync(join(tree, 'sessA', 'subagents'), { recursive: true });
  const a = Array.from({ length: 200 }, (_, i) =>
    reply(
      `msg_${i}`,
      `req_${i}`,
      i,
      'sessA',
      {},
      { timestamp: `2026-01-0${1 + (i % 5)}T03:04:05Z` },
    ),
  );
  writeFileSync(join(tree, 'sessA.jsonl'), a.join('\n') + '\n');
  const b = a.slice(0, 150).map((l) => l.replace('"sessA"', '"sessB"'));
  for (let i = 200; i < 260; i++) b.push(reply(`msg_${i}`, `req_${i}`, i * 2, 'sessB'));
  b.push(reply('msg_rep', 'req_rep', 1, 'sessB'), reply('msg_rep', 'req_rep', 5, 'sessB'));
  writeFileSync(join(tree, 'sessB.jsonl'), b.join('\n')); // no last newline
  const sub = [reply('msg_s1', 'rs1', 3, 'sessA'), reply('msg_s2', 'rs2', 4, 'sessA')];
  writeFileSync(join(tree, 'sessA', 'subagents', 'agent-x.jsonl'), sub.join('\n') + '\n');
  const progress = JSON.stringify({
    type: 'progress',
    sessionId: 'sessA',
    timestamp: '2026-01-02T03:04:05.000Z',
    data: {
      message: { type: 'assistant', requestId: 'rs1', message: JSON.parse(sub[0]!).message },
    },
  });
  writeFileSync(join(tree, 'sessC.jsonl'), `${progress}\n${reply('msg_c', 'rc', 9, 'sessC')}\n`);
  const odd = [
    reply('msg_big', 'rb', 2 ** 53 + 2, 'sessD', {
      input_tokens: 2 ** 31 + 5,
      cache_read_input_tokens: 1e300,
    }),
    reply('msg_neg', 'rn', -5, 'sessD', { input_tokens: -1 }),
    reply('msg_frac', 'rf', 1.5, 'sessD', { input_tokens: 0.1 }),
    reply('msg_ü€😀', 'r\ud800', 3, 'sessé😀').replace(
      '"claude-sonnet-4-5"',
      '"modèle-😀-\\u0000"',
    ),
    reply('msg_str', 'rs', '12', 'sessD', { input_tokens: '7' }),
    reply(undefined, undefined, 4, 'sessD'),
    JSON.stringify({
      type: 'assistant',
      sessionId: 'sessD',
      message: { id: 'msg_nm', usage: { output_tokens: 3 } },
    }),
    JSON.stringify({
      type: 'assistant',
      message: { id: 'msg_ns', model: 'm', usage: { output_tokens: 3 } },
    }),
    reply('msg_nt', 'rnt', 2, 'sessD', {}, { timestamp: null }),
    reply('msg_bt', 'rbt', 2, 'sessD', {}, { timestamp: 'yesterday' }),
  ];
  writeFileSync(join(tree, 'sessD.jsonl'), odd.join('\n') + '\n');
  writeFileSync(
    join(tree, 'sessE.jsonl'),
    Buffer.concat([
      Buffer.from(reply('msg_u', 'ru', 1, 'sessE').replace('sessE', 'sess\u0001E') + '\n'),
      Buffer.from(reply('msg_\xc3(', 'rx', 1, 's\xff\xfeE') + '\n', 'latin1'),
      Buffer.from(reply('msg_long', 'rl', 1, 'sessE', {}, { pad: 'x'.repeat(3000) }) + '\n'),
      Buffer.from('{"type":"assistant","usage": nope\n'),
      Buffer.from(reply('msg_crlf', 'rcr', 1, 'sessE') + '\r\n\n\n   \n'),
      Buffer.from(reply('msg_cut', 'rct', 1, 'sessE').slice(0, 150)),
    ]),
  );
  writeFileSync(join(tree, 'empty.jsonl'), '');
  writeFileSync(join(tree, 'blank.jsonl'), '\n\n');
  writeFileSync(join(tree, 'z.jsonl.gz'), gzipSync(a.slice(0, 20).join('\n') + '\n'));
  writeFileSync(join(tree, 'notes.txt'), a.slice(0, 5).join('\n'));
  writeFileSync(join(tree, 'array.json'), `[${a[0]}]`);
  writeFileSync(join(tree, '.hidden.jsonl'), reply('msg_h', 'rh', 11, 'hidden') + '\n');
  writeFileSync(join(tree, 'new\nline.jsonl'), reply('msg_nl', 'rnl', 13, 'nl') + '\n');
  const big: string[] = [];
  for (let n = 0; n < 9 * 1024 * 1024; n += big.at(-1)!.length + 1)
    big.push(
      reply(`msg_L${big.length}`, `rL${big.length}`, 1, 'sessBig', {}, { pad: 'y'.repeat(900) }),
    );
  writeFileSync(join(tree, 'm-big.jsonl'), [...big, ...a.slice(100, 120)].join('\n') + '\n');
  let deep = join(tree, 'deep');
  for (let i = 0; i < 8; i++) {
    deep = join(deep, `l${i}`);
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, `f${i}.jsonl`), a.slice(i * 10, i * 10 + 30).join('\n') + '\n');
  }
  symlinkSync(join(tree, 'sessA.jsonl'), join(tree, 'link-to-A.jsonl'));
  symlinkSync(join(tree, 'sessA'), join(tree, 'link-dir'));
  return tree;
}

beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'txpipe-usage-worker-'));
  chmodSync(tmp, 0o755);
  makeTree(tmp, false);
  makeTree(tmp, true);
  makeHostile(tmp);
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  removeCopies();
});

/**
 * `txpipe usage ...args`: by default (no worker), or the worker started from `minBytes` bytes; as
 * nobody from a copy of the CLI every user can read, with `asNobody`.
 */
function usage(
  args: readonly string[],
  minBytes?: number,
  asNobody?: { bin: string },
  more: Record<string, string> = {},
): Run {
  const worker = minBytes === undefined ? {} : { TXPIPE_USAGE_WORKER_MIN_BYTES: String(minBytes) };
  const r = spawnSync(process.execPath, [asNobody?.bin ?? bin, 'usage', ...args], {
    cwd: asNobody ? '/' : repoRoot,
    env: { ...env, ...worker, ...more },
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

  // [what, arguments]: every way the report is written, over `makeHostile`'s tree.
  const hostile: [string, string[]][] = [
    ['as JSON', ['--json']],
    ['as a table', ['--table']],
    ['as CSV, keeping first reports', ['--csv', '--keep', 'first']],
    [
      'lines over 2000 bytes rejected, --strict',
      ['--json', '--strict', '--max-input-line-bytes', '2000'],
    ],
    [
      'the tree, a file of it and its link, the tree again',
      ['--json', '@', '@/sessB.jsonl', '@/link-to-A.jsonl', '@'],
    ],
  ];
  it.each(hostile)(
    'a hostile tree %s: the same report, messages and exit code, the worker forced or off',
    (_, args) => {
      const tree = join(tmp, 'hostile');
      const argv = args.map((a) => a.replace(/^@/, tree));
      if (!argv.includes(tree)) argv.push(tree);
      const alone = usage(argv);
      expect(alone.stdout.length, alone.stderr).toBeGreaterThan(100);
      expect(alone.stderr).toContain('sessE.jsonl'); // its damaged lines are reported
      expect(usage(argv, 1)).toEqual(alone);
      expect(usage(argv, 1, undefined, { TXPIPE_WORKERS: '0' })).toEqual(alone);
    },
  );

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

  it.each(['damaged', 'hostile'])(
    'gives every file of the %s tree what readFileUsage gives it, some read by the worker',
    async (tree) => {
      const inputs = await expandInputs([join(tmp, tree)]);
      const r = await readAll('dist/src/transforms/usage-worker.js', inputs);
      expect(r.got).toEqual(alone(inputs));
      expect(r.fromWorker).toBeGreaterThan(0);
    },
  );

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
