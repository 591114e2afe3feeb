// Builds the benchmark corpora from the real Claude Code sessions in shared/fixtures/claude-code.
//
//   sessions     one JSON Lines file of >= 200 MiB: every fixture session copied many times, with
//                every id (uuids, msg_/req_/toolu_ ids, agent ids) varied per copy, so dedup and
//                per-session logic see distinct sessions;
//   projects     the same copies laid out as ~/.claude/projects: one folder per copy, one file per
//                session, subagents under <session>/subagents/ (for the usage benchmark);
//   long-lines   a few lines of 5-50 MiB (base64-ish image payloads inside real-looking tool
//                results) between ordinary session lines.
//
// Deterministic (a fixed seed; ids are a hash of seed, copy and original id). A corpus is rebuilt
// only when it is missing or when this file or its parameters changed (a stamp file records both).
//
//   node bench/corpus.mjs [sessions|projects|long-lines ...] [--quick] [--dir DIR]

import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..');
export const defaultCorpusDir = join(here, 'corpus');

const SEED = 'txpipe-bench-1';
const MiB = 1024 * 1024;

/** Sizes per mode: the full corpus for `npm run bench`, a small one for `--quick` smoke runs. */
export const SIZES = {
  full: { sessionsBytes: 200 * MiB, longLines: [5, 12, 24, 50].map((m) => m * MiB) },
  quick: { sessionsBytes: 4 * MiB, longLines: [1, 2].map((m) => m * MiB) },
};

/** The shared folder, found as test/shared.ts finds it. */
export function findShared() {
  const candidates = [process.env.TXPIPE_SHARED, join(repoRoot, '..', 'shared'), '/work/shared'];
  for (const c of candidates) if (c && existsSync(join(c, 'fixtures'))) return c;
  throw new Error('shared/ not found: set TXPIPE_SHARED to the folder with specs/ and fixtures/');
}

/** Every .jsonl file below a folder, in name order, as paths relative to it. */
function jsonlFiles(root, dir = root, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) jsonlFiles(root, p, out);
    else if (name.endsWith('.jsonl')) out.push(relative(root, p));
  }
  return out;
}

/** The source sessions: relative path and text (each ending with a newline). */
function sources() {
  const root = join(findShared(), 'fixtures', 'claude-code');
  return jsonlFiles(root).map((rel) => {
    let text = readFileSync(join(root, rel), 'utf8');
    if (!text.endsWith('\n')) text += '\n';
    return { rel, text };
  });
}

const ID =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b(?:msg|req|toolu)_[A-Za-z0-9]{12,}|(?<=agentId":"|agent-)a[0-9a-f]{6,}/g;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Varies ids for one copy: same length and alphabet, the tail replaced by a hash of (seed, copy, id). */
function idVarier(copy) {
  const memo = new Map();
  return (text) =>
    text.replace(ID, (id) => {
      let v = memo.get(id);
      if (v === undefined) {
        const h = createHash('sha256').update(`${SEED}|${copy}|${id}`).digest();
        const uuidLike = id.length === 36 && id[8] === '-';
        const hexOnly = uuidLike || /^a[0-9a-f]+$/.test(id);
        const n = uuidLike ? 12 : Math.min(12, id.length - (hexOnly ? 1 : id.indexOf('_') + 1));
        let tail = '';
        for (let i = 0; i < n; i++) {
          tail += hexOnly ? (h[i] & 15).toString(16) : ALNUM[h[i] % ALNUM.length];
        }
        v = id.slice(0, id.length - n) + tail;
        memo.set(id, v);
      }
      return v;
    });
}

/** A stamp that changes with this file's source and the parameters of a corpus. */
function stampOf(params) {
  const self = readFileSync(fileURLToPath(import.meta.url));
  return createHash('sha256').update(self).update(JSON.stringify(params)).digest('hex');
}

function upToDate(path, stampPath, stamp) {
  return existsSync(path) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp;
}

/** Writes strings to a file through one big buffer (few syscalls). */
function fileWriter(path) {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  let parts = [];
  let size = 0;
  let total = 0;
  const flush = () => {
    if (parts.length > 0) writeSync(fd, parts.join(''));
    parts = [];
    size = 0;
  };
  return {
    write(s) {
      parts.push(s);
      size += s.length;
      total += Buffer.byteLength(s);
      if (size >= 4 * MiB) flush();
    },
    get bytes() {
      return total;
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}

/** Copies of every source session, ids varied, until `minBytes` are produced. */
function* copies(minBytes) {
  const src = sources();
  let bytes = 0;
  for (let copy = 0; bytes < minBytes; copy++) {
    const vary = idVarier(copy);
    for (const { rel, text } of src) {
      const out = vary(text);
      bytes += Buffer.byteLength(out);
      yield { copy, rel: vary(rel), text: out };
    }
  }
}

function buildSessions(path, size) {
  const w = fileWriter(path);
  for (const { text } of copies(size.sessionsBytes)) w.write(text);
  w.close();
}

function buildProjects(path, size) {
  rmSync(path, { recursive: true, force: true });
  for (const { copy, rel, text } of copies(size.sessionsBytes)) {
    // fixtures/claude-code/<project>/<session>.jsonl -> projects/<project>-<copy>/<session>.jsonl
    const [project, ...rest] = rel.split('/');
    const file = join(path, `${project}-${String(copy).padStart(3, '0')}`, ...rest);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/** xorshift32: a seeded stream of pseudo-random bytes. */
function prng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** `n` base64-alphabet characters from a seeded generator, as a Buffer. */
function payload(n, seed) {
  const next = prng(seed);
  const buf = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i += 4) {
    const r = next();
    buf[i] = B64.charCodeAt(r & 63);
    if (i + 1 < n) buf[i + 1] = B64.charCodeAt((r >>> 6) & 63);
    if (i + 2 < n) buf[i + 2] = B64.charCodeAt((r >>> 12) & 63);
    if (i + 3 < n) buf[i + 3] = B64.charCodeAt((r >>> 18) & 63);
  }
  return buf;
}

function buildLongLines(path, size) {
  // Ordinary lines between the long ones: the start of the biggest real session.
  const { text } = sources().reduce((a, b) => (b.text.length > a.text.length ? b : a));
  const ordinary = text.split('\n').slice(0, 20).join('\n') + '\n';
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  size.longLines.forEach((bytes, i) => {
    writeSync(fd, ordinary);
    const toolUse = `toolu_01Bench${String(i).padStart(4, '0')}LongLine`;
    const head = JSON.stringify({
      parentUuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      isSidechain: false,
      userType: 'external',
      cwd: '/home/user/project',
      sessionId: '00000000-0000-4000-8000-0000000b3c4d',
      version: '2.1.39',
      type: 'user',
      message: {
        role: 'user',
        content: [
          {
            tool_use_id: toolUse,
            type: 'tool_result',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: '@' } },
            ],
          },
        ],
      },
      uuid: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
      timestamp: `2026-02-10T23:${String(10 + i).padStart(2, '0')}:00.000Z`,
    });
    const [before, after] = head.split('"@"');
    writeSync(fd, before + '"');
    // The line without its newline is exactly `bytes` long: the head minus the "@" placeholder.
    writeSync(fd, payload(bytes - (Buffer.byteLength(head) - 1), 0x9e3779b9 + i));
    writeSync(fd, '"' + after + '\n');
  });
  writeSync(fd, ordinary);
  closeSync(fd);
}

const BUILDERS = {
  sessions: { file: 'sessions.jsonl', build: buildSessions },
  projects: { file: 'projects', build: buildProjects },
  'long-lines': { file: 'long-lines.jsonl', build: buildLongLines },
};

/** The corpora this file builds. */
export const CORPORA = Object.keys(BUILDERS);

/**
 * The path of a corpus, built first when missing or stale. `quick` builds the small sizes (into
 * `<dir>/quick/`), `dir` overrides the corpus folder (bench/corpus by default).
 */
export function ensureCorpus(name, { quick = false, dir = defaultCorpusDir, log } = {}) {
  const b = BUILDERS[name];
  if (!b) throw new Error(`unknown corpus ${name}; known: ${CORPORA.join(', ')}`);
  const size = quick ? SIZES.quick : SIZES.full;
  const base = quick ? join(dir, 'quick') : dir;
  const path = join(base, b.file);
  const stampPath = join(base, `.${b.file}.stamp`);
  const stamp = stampOf({ name, size });
  if (upToDate(path, stampPath, stamp)) return path;
  log?.(`building corpus ${name} in ${path} ...`);
  mkdirSync(base, { recursive: true });
  b.build(path, size);
  writeFileSync(stampPath, stamp);
  return path;
}

/** Total bytes of a corpus (a file, or every .jsonl file below a folder). */
export function corpusBytes(path) {
  if (!statSync(path).isDirectory()) return statSync(path).size;
  return jsonlFiles(path).reduce((n, rel) => n + statSync(join(path, rel)).size, 0);
}

/** The files of a corpus, for baselines that take a list of files. */
export function corpusFiles(path) {
  if (!statSync(path).isDirectory()) return [path];
  return jsonlFiles(path).map((rel) => join(path, rel));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const d = args.indexOf('--dir');
  const dir = d >= 0 ? resolve(args[d + 1]) : defaultCorpusDir;
  const names = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--dir');
  for (const name of names.length > 0 ? names : ['sessions', 'long-lines']) {
    const path = ensureCorpus(name, { quick, dir, log: (m) => console.error(m) });
    console.log(`${name}\t${path}\t${(corpusBytes(path) / MiB).toFixed(1)} MiB`);
  }
}
