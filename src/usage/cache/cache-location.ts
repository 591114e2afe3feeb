import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where `usage` keeps its cache: `cacheDir` (`--cache-dir`), else `TXPIPE_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/txpipe`, else `~/.cache/txpipe` (an empty variable counts as unset, and a
 * relative `XDG_CACHE_HOME` is ignored, as the XDG Base Directory specification says).
 */
export function usageCacheDir(
  cacheDir: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: () => string = homedir,
): string {
  if (cacheDir !== undefined && cacheDir !== '') return cacheDir;
  const own = env.TXPIPE_CACHE_DIR;
  if (own !== undefined && own !== '') return own;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg !== undefined && xdg.startsWith('/')) return join(xdg, 'txpipe');
  return join(home(), '.cache', 'txpipe');
}
