// Reads the CLI's one bundle (dist/bin/cli.js, 600 KB) with V8's code cache, as built by
// scripts/bundle-cli.mjs into dist/bin/load-cli.js (CommonJS) for the entry and the worker
// threads' entries. Compiling the bundle costs by the byte (most of a command's start-up above
// `node -e 0`); with the cache V8 reads the functions it compiled in an earlier run instead of
// parsing the file again (bench/RESULTS.md, "Start-up (issue 25)"). The cache is a file in
// `<os tmpdir>/txpipe-code-cache-<uid>/`, one per command (a cache holds the functions its run
// compiled: the command's own), named after V8's version, Node's flags and the bundle's path,
// size and time (V8 itself checks only the source's length; a new build's cache replaces the
// last build's), written by the first run of the command that
// finds none or finds it refused (another Node, other flags), when that run exits. Any failure
// to read or write it costs nothing but the cache; a folder another user could write to is
// neither read nor written. `TXPIPE_CODE_CACHE=0` turns it off.
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/**
 * Node's CommonJS wrapper, its body starting on a line of its own (`lineOffset: -1`), with one
 * more parameter: the bundle's `import()` of a package (yargs, stream-json, the NATS client) is
 * `import_package()` (scripts/bundle-cli.mjs), this module's own import(), resolved from here,
 * beside it. A script V8 makes from the cache finds no import() callback of its own (neither
 * Node's loader, `USE_MAIN_CONTEXT_DEFAULT_LOADER`, nor a function, which Node 20 takes only
 * with --experimental-vm-modules).
 */
const WRAPPER = '(function (exports, require, module, __filename, __dirname, import_package) {\n';

/** A package imported as the bundle would have imported it. */
const importPackage = (specifier: string): Promise<unknown> => import(specifier);

/** A short hash of a string (FNV-1a, 32 bits), to name a cache file after a path. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * Whether a cache folder is this user's alone: on a shared tmpdir another user could have made
 * it, and a code cache is code. Windows has no uid and a tmpdir of the user's own.
 */
function ownFolder(dir: string): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return true;
  try {
    const s = lstatSync(dir);
    return s.isDirectory() && s.uid === uid && (s.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/**
 * Makes the cache folder, or finds it made: the folder only, never the tmpdir above it (a TMPDIR
 * that names nothing stays nothing; the write then fails and there is no cache).
 */
function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/** A command's cache of a bundle: its file, and what the names of its other builds' start with. */
interface Cache {
  readonly path: string;
  readonly kind: string;
}

/** The cache file of a bundle for a command, or undefined when the cache is off. */
function cacheOf(file: string, command: string): Cache | undefined {
  if (process.env.TXPIPE_CODE_CACHE === '0') return undefined;
  const { size, mtimeMs } = statSync(file);
  const dir = join(tmpdir(), `txpipe-code-cache-${process.getuid?.() ?? 'user'}`);
  const v8 = process.versions.v8.replace(/[^\w.]/g, '_');
  const name = /^[a-z][a-z-]{0,30}$/.test(command) ? command : 'cli';
  // V8 refuses a cache made under other flags: one file each, or runs with and without them
  // would write theirs in turn.
  const flags = fnv(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`);
  const kind = `${name}-${fnv(file)}-${v8}-${process.arch}-${flags}-`;
  return { path: join(dir, `${kind}${size}-${Math.trunc(mtimeMs)}.cache`), kind };
}

/** Removes the caches of the earlier builds of a bundle: one file per build is kept. */
function pruneBuilds({ path, kind }: Cache): void {
  const dir = dirname(path);
  for (const f of readdirSync(dir)) {
    const other = join(dir, f);
    if (other !== path && f.startsWith(kind) && f.endsWith('.cache'))
      rmSync(other, { force: true });
  }
}

/**
 * The exports of `<dir>/cli.js`, run as Node runs a CommonJS module, with the code cache of
 * `command` (the first argument); with `writeCache`, this run writes that cache when it exits if
 * it had none to use (a worker thread only reads its command's).
 */
export function loadCli<T>(dir: string, command: string, writeCache: boolean): T {
  const file = join(dir, 'cli.js');
  const source = readFileSync(file, 'utf8');
  let cache: Cache | undefined;
  let cachedData: Buffer | undefined;
  try {
    cache = cacheOf(file, command);
    if (cache && ownFolder(dirname(cache.path))) cachedData = readFileSync(cache.path);
  } catch {
    cachedData = undefined; // none yet
  }
  const script = new Script(`${WRAPPER}${source}\n})`, {
    filename: pathToFileURL(file).href,
    lineOffset: -1,
    cachedData,
  });
  const mod = { exports: {} };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(mod.exports, mod.exports, createRequire(file), mod, file, dir, importPackage);
  if (writeCache && cache && (cachedData === undefined || script.cachedDataRejected)) {
    const written = cache;
    const path = cache.path;
    process.once('exit', () => {
      try {
        makeFolder(dirname(path));
        if (!ownFolder(dirname(path))) return;
        const tmp = `${path}.${process.pid}`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, path); // whole or not at all, for a run reading it at the same time
        pruneBuilds(written);
      } catch {
        // no cache: the next run compiles the bundle as this one did
      }
    });
  }
  return mod.exports as T;
}
