// The package as a user gets it: `npm pack`, unpacked into node_modules/txpipe of a fresh
// consumer project in a temporary folder, its dependencies linked from this checkout's
// node_modules (no network). The NATS client, an optional dependency, is left out unless asked:
// the worker must say it is missing.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, repoRoot } from '../shared.js';

export interface PackedFile {
  readonly path: string;
  readonly size: number;
}

/** What `npm pack --json` says of the tarball. */
export interface Packed {
  readonly tarball: string;
  readonly unpackedSize: number;
  readonly files: readonly PackedFile[];
}

export interface Consumer {
  readonly dir: string;
  readonly packed: Packed;
  /** Runs node in the consumer project (`args` after `node`). */
  node(args: readonly string[], env?: Readonly<Record<string, string>>): SpawnSyncReturns<string>;
  /** Removes the project (for an afterAll). */
  remove(): void;
}

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** Packs the built checkout (building it first when it is not) into `dir`. */
export function pack(dir: string): Packed {
  ensureBuilt();
  const r = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      npm_config_cache: join(dir, '.npm'),
      npm_config_update_notifier: 'false',
    },
  });
  if (r.status !== 0) throw new Error(`npm pack failed: ${r.stderr}`);
  const [info] = JSON.parse(r.stdout) as [
    { filename: string; unpackedSize: number; files: PackedFile[] },
  ];
  return { tarball: join(dir, info.filename), unpackedSize: info.unpackedSize, files: info.files };
}

/**
 * A consumer project with the packed tarball in node_modules/txpipe and these packages linked
 * from the checkout (by default the package's dependencies, without its optional ones).
 */
export function consumer(links: readonly string[] = Object.keys(manifest.dependencies)): Consumer {
  const dir = mkdtempSync(join(tmpdir(), 'txpipe-consumer-'));
  const packed = pack(dir);
  const modules = join(dir, 'node_modules');
  const own = join(modules, 'txpipe');
  mkdirSync(own, { recursive: true });
  const tar = spawnSync('tar', ['-xzf', packed.tarball, '-C', own, '--strip-components=1']);
  if (tar.status !== 0) throw new Error(`tar failed: ${String(tar.stderr)}`);
  for (const name of links) {
    const to = join(modules, name);
    mkdirSync(join(to, '..'), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules', name), to, 'dir');
  }
  writeFileSync(join(dir, 'package.json'), '{"name":"consumer","private":true}\n');
  return {
    dir,
    packed,
    node: (args, env = {}) =>
      spawnSync(process.execPath, args, {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...env },
      }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
