import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * txpipe's version, from the package.json above this module (from src/, dist/src/ or a bundle in
 * dist/): `txpipe --version` answers with it without loading yargs.
 */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const p = join(dir, 'package.json');
    if (!existsSync(p)) continue;
    const pkg = JSON.parse(readFileSync(p, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'txpipe' && typeof pkg.version === 'string') return pkg.version;
  }
  throw new Error('package.json of txpipe not found');
}
